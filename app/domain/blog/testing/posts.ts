import { db } from "~/db/client.server";
import { type BlogPost, blogPosts } from "~/db/schema";
import { MINUTE } from "~/lib/durations";
import { createPost } from "../posts.server";

/** The first post's time: 2031-01-01, after anything the seed or other tests write. */
export const POSTS_FROM = Date.UTC(2031, 0, 1);

/**
 * For tests: posts `${prefix}-${from}` … `${prefix}-${from + n - 1}` titled "`prefix` title i",
 * one minute apart, so a higher number is newer. `columns` override any field (an author, tags).
 */
export async function addPosts(
  prefix: string,
  n: number,
  {
    status = "published",
    from = 0,
    ...columns
  }: { status?: BlogPost["status"]; from?: number } & Partial<Omit<BlogPost, "status">> = {},
) {
  const client = db();
  const statements = Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const at = new Date(POSTS_FROM + i * MINUTE);
    return client.insert(blogPosts).values({
      id: `${prefix}-${i}`,
      title: `${prefix} title ${i}`,
      content: "Body",
      contentHtml: "<p>Body</p>",
      excerpt: "Excerpt",
      author: "A. Writer",
      status,
      publishedAt: status === "published" ? at : null,
      createdAt: at,
      updatedAt: at,
      ...columns,
    });
  });
  // 50 posts a batch: one statement per post stays far below D1's 100 KB statement cap.
  for (let i = 0; i < statements.length; i += 50) {
    const [first, ...rest] = statements.slice(i, i + 50);
    await client.batch([first!, ...rest]);
  }
}

/** The editor the blog's domain tests act as. */
export const EDITOR = { id: null, email: "editor@flowlane.test" };

/** A draft through createPost whose text is "Intro text." (the image tests append to it). */
export const introDraft = (title: string) =>
  createPost(EDITOR, {
    title,
    content: "Intro text.",
    excerpt: "An excerpt",
    author: "Editor",
    tags: [],
    status: "draft",
  });
