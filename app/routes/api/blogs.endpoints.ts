import { z } from "zod";
import { can } from "~/domain/accounts/permissions";
import type { ActiveSession } from "~/domain/accounts/sessions.server";
import { renderMarkdown } from "~/domain/blog/markdown";
import { POST_NOT_FOUND } from "~/domain/blog/messages";
import {
  apiPostsPage,
  createPost,
  deletePost,
  getPost,
  getPublishedPost,
  postCreator,
  toApiPost,
  updatePost,
} from "~/domain/blog/posts.server";
import { ReturnSchema, returnFromReview, submitForReview, withdrawFromReview } from "~/domain/blog/review.server";
import {
  BlogInputSchema,
  BlogListQuerySchema,
  BlogPostSchema,
  BlogUpdateSchema,
  PreviewSchema,
} from "~/domain/blog/schemas";
import { createdAnswer, pageAnswer } from "~/http/api/answers";
import { endpointGroup } from "~/http/api/endpoint.server";
import { created, named, ok, paged } from "~/http/api/schemas";
import { requireOwn } from "~/http/guards.server";
import { requirePublishing } from "~/http/post-access.server";
import { AppError } from "~/lib/errors";

/** Only an approved admin sees drafts; a pending account is treated like a visitor. */
/** Drafts are for members who may read every post (decision 064); an Author's API view is the public one. */
const isAdmin = (session: ActiveSession | null) =>
  session?.admin.status === "active" && can(session.admin.role, "read:blog-post:any");

named(BlogPostSchema, "BlogPost");

/** Submitting and withdrawing: an Author their own post, Marketing or above any (404 for no post). */
async function requireSubmitter(request: Request, session: ActiveSession, id: string) {
  const creator = await postCreator(id);
  if (creator === undefined) throw new AppError(404, POST_NOT_FOUND);
  requireOwn(request, session, "submit:blog-post:any", creator);
}

const anyone = endpointGroup("Blogs", "optional");
const admin = endpointGroup("Blogs", "admin");

export const endpoints = [
  anyone.get("/api/blogs", {
    summary:
      "Blog posts a page at a time (`page`, `limit` up to 100, default 20): published ones newest first for visitors, every post newest change first for an admin; a page past the last has an empty `data`",
    query: BlogListQuerySchema,
    // 403: a signed-in admin who must enrol in two-factor sign-in first (REQUIRE_2FA).
    responses: paged("One page of posts", BlogPostSchema, [400, 403]),
    async handler({ session, query }) {
      const { posts, total } = await apiPostsPage({ admin: isAdmin(session), page: query.page, limit: query.limit });
      return pageAnswer(query, total, posts.map(toApiPost));
    },
  }),
  anyone.get("/api/blogs/:id", {
    summary: "One blog post; drafts only for an admin (404 for anyone else)",
    responses: ok("Post", BlogPostSchema, [403, 404]),
    async handler({ params, session }) {
      const post = isAdmin(session) ? await getPost(params.id) : await getPublishedPost(params.id);
      return { success: true, data: toApiPost(post) };
    },
  }),
  admin.post("/api/blogs", {
    summary:
      "Create a blog post from markdown (status draft unless told otherwise); returns it in data. Without a `slug` it gets one made from the title; a `slug` another post has or had answers 409",
    permission: "create:blog-post:own",
    body: BlogInputSchema,
    responses: created("Created", BlogPostSchema, [400, 401, 403, 409]),
    async handler({ body, actor, session }) {
      requirePublishing(session, body.status === "published");
      const post = await createPost(actor, body);
      return createdAnswer(toApiPost(post));
    },
  }),
  admin.put("/api/blogs/:id", {
    summary:
      "Update a blog post: any of title, content, excerpt, author, tags, status, slug, metaTitle, metaDescription, canonicalUrl (null clears the last three); others are kept. A new slug keeps the old one redirecting; one another post has or had answers 409",
    permission: "update:blog-post:any",
    body: BlogUpdateSchema,
    responses: ok("Updated", BlogPostSchema, [400, 401, 403, 404, 409]),
    async handler({ params, body, actor }) {
      const { post } = await updatePost(actor, params.id, body);
      return { success: true, data: toApiPost(post) };
    },
  }),
  admin.delete("/api/blogs/:id", {
    summary: "Delete a blog post",
    permission: "delete:blog-post:any",
    responses: ok("Deleted", z.object({ _id: z.string(), id: z.string() }), [401, 403, 404]),
    async handler({ params, actor }) {
      const post = await deletePost(actor, params.id);
      return { success: true, data: { _id: post.id, id: post.id } };
    },
  }),
  admin.post("/api/blogs/preview", {
    summary: "Render markdown to the sanitized HTML a post would show (the editor's live preview); stores nothing",
    permission: "create:blog-post:own",
    body: PreviewSchema,
    responses: ok("Rendered", z.object({ html: z.string() }), [400, 401, 403]),
    handler({ body }) {
      return { success: true, data: { html: renderMarkdown(body.content) } };
    },
  }),
  admin.post("/api/blogs/:id/review", {
    summary:
      "Submit a draft for review (decision 069): an Author their own, Marketing or above any. Only a draft that is not scheduled (409); submitting a post already in review answers it unchanged",
    permission: "submit:blog-post:own",
    responses: ok("The post, in review", BlogPostSchema, [401, 403, 404, 409]),
    async handler({ params, actor, session, request }) {
      await requireSubmitter(request, session, params.id);
      const { post } = await submitForReview(actor, params.id);
      return { success: true, data: toApiPost(post) };
    },
  }),
  admin.delete("/api/blogs/:id/review", {
    summary:
      "Withdraw a submission: the post in review becomes a plain draft again (an Author their own, like submitting). A post not in review answers 409; of parallel withdraws one lands",
    permission: "submit:blog-post:own",
    responses: ok("The post, no longer in review", BlogPostSchema, [401, 403, 404, 409]),
    async handler({ params, actor, session, request }) {
      await requireSubmitter(request, session, params.id);
      const post = await withdrawFromReview(actor, params.id);
      return { success: true, data: toApiPost(post) };
    },
  }),
  admin.post("/api/blogs/:id/return", {
    summary:
      "Send a post in review back to its author as a draft, with an optional `note` (up to 1000 characters) the author sees. A post not in review answers 409",
    permission: "publish:blog-post:any",
    body: ReturnSchema,
    responses: ok("The post, sent back", BlogPostSchema, [400, 401, 403, 404, 409]),
    async handler({ params, body, actor }) {
      const post = await returnFromReview(actor, params.id, body.note);
      return { success: true, data: toApiPost(post) };
    },
  }),
];
