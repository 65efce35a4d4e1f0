import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "~/domain/blog/images";
import { capFormBody, MAX_EDITOR_FORM_BYTES, MAX_FORM_BYTES, MAX_UPLOAD_FORM_BYTES } from "./body-limit.server";

const form = (path: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });

/** A body of `size` bytes sent in chunks, without a Content-Length. */
function streamed(size: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const chunk = new Uint8Array(Math.min(16 * 1024, size - sent)).fill(0x61);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("capFormBody", () => {
  it.each(["/demo", "/free-trial", "/admin?index", "/resources/theme", "/admin/logout"])(
    "answers 413 to %s with a 5 MB body, declared or streamed",
    async (path) => {
      const declared = await capFormBody(form(path, "a".repeat(5 * 1024 * 1024)));
      expect(declared).toBeInstanceOf(Response);
      expect((declared as Response).status).toBe(413);
      expect(await (declared as Response).text()).toBe("Request body is too large (limit 64 KB).");
      const chunked = await capFormBody(form(path, streamed(5 * 1024 * 1024)));
      expect((chunked as Response).status).toBe(413);
    },
  );

  it("passes a body that fits, still readable by the action", async () => {
    const fields = new URLSearchParams({ name: "Priya", notes: "x".repeat(MAX_FORM_BYTES - 100) });
    const result = await capFormBody(form("/demo", fields.toString()));
    expect(result).toBeInstanceOf(Request);
    const parsed = await (result as Request).formData();
    expect(parsed.get("name")).toBe("Priya");
    expect(String(parsed.get("notes"))).toHaveLength(MAX_FORM_BYTES - 100);
  });

  it("gives the blog editor room for a whole article in any script", async () => {
    const article = new URLSearchParams({ content: "हिन्दी".repeat(50_000 / 6) }).toString();
    expect(article.length).toBeGreaterThan(MAX_FORM_BYTES);
    const result = await capFormBody(form("/admin/dashboard/blog/new", article));
    expect(result).toBeInstanceOf(Request);
    const tooBig = await capFormBody(form("/admin/dashboard/blog/new", "a".repeat(MAX_EDITOR_FORM_BYTES + 1)));
    expect((tooBig as Response).status).toBe(413);
  });

  it("lets an image upload carry a 5 MB image, and no more", async () => {
    const upload = (size: number) => {
      const body = new FormData();
      body.set("alt", "A chart");
      body.set("purpose", "cover");
      body.set("file", new File([new Uint8Array(size)], "chart.png", { type: "image/png" }));
      return new Request("http://localhost/admin/dashboard/blog/p1/images", { method: "POST", body });
    };
    const fits = await capFormBody(upload(MAX_IMAGE_BYTES));
    expect(fits).toBeInstanceOf(Request);
    expect(((await (fits as Request).formData()).get("file") as File).size).toBe(MAX_IMAGE_BYTES);
    // Over it: back to the post's editor, which says so at the file field (issue 30), not a text page.
    const over = (await capFormBody(upload(MAX_UPLOAD_FORM_BYTES))) as Response;
    expect(over.status).toBe(303);
    expect(over.headers.get("Location")).toMatch(/^\/admin\/dashboard\/blog\/p1\/edit\?uploadTooLarge=\d+#images$/);
    const declared = Number(new URL(over.headers.get("Location") ?? "", "http://x").searchParams.get("uploadTooLarge"));
    expect(declared).toBeGreaterThan(MAX_UPLOAD_FORM_BYTES);
    // A streamed body (no Content-Length) is refused the same way.
    const streamedUpload = (await capFormBody(
      new Request("http://localhost/admin/dashboard/blog/p1/images", {
        method: "POST",
        body: streamed(MAX_UPLOAD_FORM_BYTES + 1),
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        duplex: "half",
      } as RequestInit),
    )) as Response;
    expect(streamedUpload.status).toBe(303);
    expect(streamedUpload.headers.get("Location")).toBe(
      `/admin/dashboard/blog/p1/edit?uploadTooLarge=${MAX_UPLOAD_FORM_BYTES + 1}#images`,
    );
    // Only the upload route: the editor and other pages keep their caps.
    const elsewhere = await capFormBody(form("/admin/dashboard/blog/p1/edit", "a".repeat(MAX_EDITOR_FORM_BYTES + 1)));
    expect((elsewhere as Response).status).toBe(413);
    const nested = await capFormBody(form("/admin/dashboard/blog/p1/images/x", "a".repeat(MAX_EDITOR_FORM_BYTES + 1)));
    expect((nested as Response).status).toBe(413);
  });

  it("answers 400 to a multipart body that cannot be parsed", async () => {
    const result = await capFormBody(
      form("/demo", "--x\r\nnot a part", { "Content-Type": "multipart/form-data; boundary=x" }),
    );
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(400);
  });

  it("leaves GET requests and /api (which has its own JSON 413) alone", async () => {
    const get = new Request("http://localhost/demo");
    expect(await capFormBody(get)).toBe(get);
    const apiPost = form("/api/meetings", "a".repeat(MAX_FORM_BYTES * 2));
    expect(await capFormBody(apiPost)).toBe(apiPost);
  });
});
