import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { IMAGE_NOT_UPLOADED } from "~/domain/blog/images";
import { createPost, getPost } from "~/domain/blog/posts.server";
import { png } from "~/domain/blog/testing/image-bytes";
import { createAdmin } from "../../../../../tests/helpers/accounts";
import { routeArgs as args, outcome } from "../../../../../tests/helpers/route-call";
import { loader as mediaLoader } from "../../../media/image";
import { action as editorAction, loader as editorLoader } from "./editor";
import { action as uploadAction } from "./images";

/** The editor's upload form and the schedule fields, through the route modules themselves. */

let token: string;
beforeAll(async () => {
  token = (await createAdmin()).token;
});

const draft = () =>
  createPost(
    { id: null, email: "t@flowlane.test" },
    { title: "Route post", content: "Text", excerpt: "E", author: "A", tags: [], status: "draft" },
  );

function upload(id: string, file: File | null, alt: string, purpose = "cover", auth = true) {
  const body = new FormData();
  if (file) body.set("file", file);
  body.set("alt", alt);
  body.set("purpose", purpose);
  return new Request(`http://localhost/admin/dashboard/blog/${id}/images`, {
    method: "POST",
    headers: auth ? { Authorization: `Bearer ${token}` } : {},
    body,
  });
}

describe("POST /admin/dashboard/blog/:id/images", () => {
  it("signed out: to the login screen, nothing stored", async () => {
    const post = await draft();
    const before = (await env.MEDIA.list()).objects.length;
    const result = (await outcome(() =>
      uploadAction(args(upload(post.id, new File([png(8, 8)], "a.png"), "Alt", "cover", false), { id: post.id })),
    )) as Response;
    expect(result.headers.get("Location")).toBe("/admin");
    expect((await env.MEDIA.list()).objects.length).toBe(before);
  });

  it("a body that is not a readable form: back to the editor with the reason, nothing stored", async () => {
    const post = await draft();
    const before = (await env.MEDIA.list()).objects.length;
    const request = new Request(`http://localhost/admin/dashboard/blog/${post.id}/images`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "multipart/form-data; boundary=x" },
      body: "not a multipart body",
    });
    const result = (await outcome(() => uploadAction(args(request, { id: post.id })))) as Response;
    expect(result.status).toBe(302);
    const location = new URL(result.headers.get("Location") ?? "", "http://localhost");
    expect(location.pathname).toBe(`/admin/dashboard/blog/${post.id}/edit`);
    expect(location.searchParams.get("uploadError")).toMatch(/could not be read/);
    expect((await env.MEDIA.list()).objects.length).toBe(before);
    expect((await getPost(post.id))?.coverImage ?? null).toBeNull();
  });

  it("a cover: back to the editor, which shows it with its size; /media serves it immutable", async () => {
    const post = await draft();
    const result = (await uploadAction(
      args(upload(post.id, new File([png(1200, 630)], "c.png"), "Team at work"), { id: post.id }),
    )) as Response;
    expect(result.headers.get("Location")).toBe(`/admin/dashboard/blog/${post.id}/edit?uploaded=cover#images`);
    const editor = (await editorLoader(
      args(
        new Request(`http://localhost/admin/dashboard/blog/${post.id}/edit?uploaded=cover`, {
          headers: { Authorization: `Bearer ${token}` },
        }),
        { id: post.id },
      ) as never,
    )) as { cover: { width: number; alt: string; src: string }; upload: { notice: string } };
    expect(editor.cover).toMatchObject({ width: 1200, alt: "Team at work" });
    expect(editor.upload.notice).toBe("Cover image set.");
    const key = (await getPost(post.id)).coverImage as string;
    const media = (await mediaLoader({
      request: new Request(`http://localhost/media/${key}`),
      params: { key },
    } as never)) as Response;
    expect(media.status).toBe(200);
    expect(media.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const missing = (await mediaLoader({
      request: new Request("http://localhost/media/x"),
      params: { key: "x" },
    } as never)) as Response;
    expect(missing.status).toBe(404);
  });

  it("a refused file: back to the editor with the reason beside the field", async () => {
    const post = await draft();
    const result = (await uploadAction(
      args(upload(post.id, new File(["GIF? no"], "x.gif", { type: "image/gif" }), ""), { id: post.id }),
    )) as Response;
    const location = new URL(result.headers.get("Location") ?? "", "http://localhost");
    expect(location.pathname).toBe(`/admin/dashboard/blog/${post.id}/edit`);
    expect(location.searchParams.get("fileError")).toBe("Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded");
    expect(location.searchParams.get("altError")).toBe("Describe the image (alt text) for readers who cannot see it");
    expect((await getPost(post.id)).coverImage).toBeNull();
  });

  it("an image over 5 MB, sent back by the body cap: the editor says so at the file field, with its size", async () => {
    const post = await draft();
    const editor = (await editorLoader(
      args(
        new Request(`http://localhost/admin/dashboard/blog/${post.id}/edit?uploadTooLarge=12996608`, {
          headers: { Authorization: `Bearer ${token}` },
        }),
        { id: post.id },
      ) as never,
    )) as { upload: { error: string; fileError: string }; values: { title: string } };
    expect(editor.upload.error).toBe(IMAGE_NOT_UPLOADED);
    expect(editor.upload.fileError).toBe(
      "Images can be at most 5 MB (this file is 12.4 MB). Make it smaller, for example by exporting it at a lower resolution, and upload it again.",
    );
    // The post is there as it was.
    expect(editor.values.title).toBe("Route post");
  });
});

describe("scheduling in the editor", () => {
  const save = (id: string, fields: Record<string, string>) =>
    editorAction(
      args(
        new Request(`http://localhost/admin/dashboard/blog/${id}/edit`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}` },
          body: new URLSearchParams({ title: "Route post", author: "A", excerpt: "E", content: "Text", ...fields }),
        }),
        { id },
      ) as never,
    );

  it("a time in the business timezone is stored as UTC; missing or past times are refused", async () => {
    const post = await draft();
    const missing = (await save(post.id, { status: "scheduled", publishAt: "" })) as {
      data: { result: { error: Record<string, string[]> } };
    };
    expect(missing.data.result.error.publishAt).toEqual(["Choose when the post goes out"]);
    const past = (await save(post.id, { status: "scheduled", publishAt: "2020-01-01T09:00" })) as {
      data: { result: { error: Record<string, string[]> } };
    };
    expect(past.data.result.error.publishAt).toEqual(["Choose a time in the future"]);
    expect((await getPost(post.id)).publishAt).toBeNull();
    const saved = (await save(post.id, { status: "scheduled", publishAt: "2099-11-30T09:00" })) as Response;
    expect(saved.status).toBe(302);
    // Asia/Kolkata is UTC+5:30.
    expect(await getPost(post.id)).toMatchObject({ status: "draft", publishAt: new Date("2099-11-30T03:30:00Z") });
  });
});
