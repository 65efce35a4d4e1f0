import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { db } from "~/db/client.server";
import { guardedBatch, rowMatches } from "~/db/guarded.server";
import { type BlogPost, blogPosts } from "~/db/schema";
import { type AuditActor, auditStatement } from "~/domain/audit/audit.server";
import { deliverSoon, emailStatement } from "~/domain/email/outbox.server";
import { AppError, hasCode, isAppError } from "~/lib/errors";
import { bumpBlogVersionStatement } from "./content-version.server";
import { publishedNotice } from "./emails.server";
import { authorSlug, postSlug } from "./format";
import { deleteImageObjects, deleteUnusedImagesStatement, unusedImagesOf } from "./image-cleanup.server";
import { renderMarkdown } from "./markdown";
import { imageSizes, mediaKeysIn } from "./media.server";
import { POST_NOT_FOUND } from "./messages";
import { readingMinutes } from "./reading-time";
import { mediaPath } from "./renditions";
import { type RevisionKind, revisionStatements } from "./revision-log.server";
import type { BlogInput, BlogUpdate } from "./schemas";
import { slugFree, slugMoveStatements, slugTaken, slugTakenError, suffixedSlug } from "./slugs.server";

/** Spec §9: up to 3 related articles. */
export const RELATED_LIMIT = 3;

export type { BlogPost };

const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.createdAt), desc(blogPosts.id)];

/** Published posts, newest first: the public list, the feed and the sitemap. */
export async function listPublishedPosts(limit?: number) {
  const query = db()
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.status, "published"))
    .orderBy(...newestFirst);
  return limit ? query.limit(limit).all() : query.all();
}

/** Spec §2 /blog: 12 cards a page (the featured article is the first card of page 1). */
export const BLOG_PAGE_SIZE = 12;

/** Everything but the markdown source: what a card, the feed and the API list need. */
const { content: _markdown, ...listedColumns } = getTableColumns(blogPosts);
export type ListedPost = Omit<BlogPost, "content">;

/** Narrows the public list: one tag (any case), some author names, or a full-text search. */
export type PublicFilter = { tag?: string; authors?: readonly string[]; search?: string };

/** `tags` (a JSON array) holds `tag`, compared case-insensitively. */
const hasTag = (tag: string) =>
  sql`EXISTS (SELECT 1 FROM json_each(${blogPosts.tags}) AS t WHERE lower(t.value) = lower(${tag}))`;

/** Posts whose title, excerpt or text match, through the `blog_search` FTS5 index (migration blog_search). */
const matchesSearch = (query: string) =>
  sql`${blogPosts}.rowid IN (SELECT rowid FROM blog_search WHERE blog_search MATCH ${query})`;

/**
 * One page of published posts, newest first, and how many there are. The page is read by
 * LIMIT/OFFSET on the (status, published_at) index, so its cost does not grow with the blog
 * beyond the skipped index entries. A filter narrows it to a tag, an author or a search.
 */
export async function publishedPostsPage({
  page,
  limit,
  tag,
  authors,
  search,
}: { page: number; limit: number } & PublicFilter) {
  const client = db();
  const filters: SQL[] = [eq(blogPosts.status, "published")];
  if (tag !== undefined) filters.push(hasTag(tag));
  if (authors !== undefined) filters.push(authors.length ? inArray(blogPosts.author, [...authors]) : sql`0`);
  if (search !== undefined) filters.push(matchesSearch(search));
  const where = and(...filters);
  const [rows, totals] = await client.batch([
    client
      .select(listedColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset((page - 1) * limit),
    client.select({ n: count() }).from(blogPosts).where(where),
  ]);
  return { posts: rows as ListedPost[], total: totals[0]?.n ?? 0 };
}

/**
 * The published author names a slug stands for (usually one; two spellings of a name share a
 * page). Read from the (status, author) index: one entry per distinct author.
 */
export async function authorsForSlug(slug: string) {
  const rows = await db()
    .selectDistinct({ author: blogPosts.author })
    .from(blogPosts)
    .where(eq(blogPosts.status, "published"))
    .all();
  return rows.map((r) => r.author).filter((author) => authorSlug(author) === slug);
}

/** Published authors and tags, for the sitemap: each has a page. */
export async function publishedAuthorsAndTags() {
  const client = db();
  const [authors, tags] = await client.batch([
    client
      .select({ author: blogPosts.author, changed: sql<number>`max(${blogPosts.updatedAt})` })
      .from(blogPosts)
      .where(eq(blogPosts.status, "published"))
      .groupBy(blogPosts.author),
    client.all<{ tag: string; changed: number }>(
      sql`SELECT lower(t.value) AS tag, max(${blogPosts.updatedAt}) AS changed FROM ${blogPosts}, json_each(${blogPosts.tags}) AS t WHERE ${blogPosts.status} = 'published' GROUP BY 1 ORDER BY 1 LIMIT 5000`,
    ),
  ]);
  // Names that differ in case or spacing share one author page: its newest change counts.
  const authorChanged = new Map<string, Date>();
  for (const { author, changed } of authors) {
    const slug = authorSlug(author);
    const at = new Date(changed);
    const known = authorChanged.get(slug);
    if (!known || at > known) authorChanged.set(slug, at);
  }
  const tagChanged = new Map((tags as { tag: string; changed: number }[]).map((t) => [t.tag, new Date(t.changed)]));
  return {
    authors: [...authorChanged.keys()],
    tags: [...tagChanged.keys()],
    /** When each author's and each tag's page last changed: its newest published post's last edit. */
    changed: { authors: authorChanged, tags: tagChanged },
  };
}

export type AdminPostQuery = {
  status?: BlogPost["status"];
  q?: string;
  page: number;
  limit: number;
  /** Only the posts this member created (an Author's list, decision 064). */
  createdBy?: string;
  /** Only the posts waiting for review (decision 069). */
  inReview?: boolean;
};

/** Who created the post (null: before roles), or undefined when there is no such post. */
export async function postCreator(id: string): Promise<string | null | undefined> {
  const row = await db().select({ createdBy: blogPosts.createdBy }).from(blogPosts).where(eq(blogPosts.id, id)).get();
  return row ? row.createdBy : undefined;
}

/**
 * Blog Management: one page of posts, newest change first, optionally one status and a search
 * on title or author. `instr` takes the text literally and, unlike LIKE, has no pattern-length
 * cap on D1 (50 bytes); lower() folds ASCII only, on both sides alike.
 */
export async function adminPostsPage({ status, inReview, q, page, limit, createdBy }: AdminPostQuery) {
  const filters: SQL[] = [];
  const mine = createdBy === undefined ? undefined : eq(blogPosts.createdBy, createdBy);
  if (mine) filters.push(mine);
  if (status) filters.push(eq(blogPosts.status, status));
  if (inReview) filters.push(isNotNull(blogPosts.reviewRequestedAt));
  const text = q?.trim();
  if (text) {
    filters.push(
      or(
        sql`instr(lower(${blogPosts.title}), lower(${text})) > 0`,
        sql`instr(lower(${blogPosts.author}), lower(${text})) > 0`,
      ) as SQL,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const client = db();
  const [rows, totals, byStatus, inReviewCount] = await client.batch([
    client
      .select({
        id: blogPosts.id,
        title: blogPosts.title,
        excerpt: blogPosts.excerpt,
        author: blogPosts.author,
        tags: blogPosts.tags,
        status: blogPosts.status,
        publishedAt: blogPosts.publishedAt,
        publishAt: blogPosts.publishAt,
        reviewRequestedAt: blogPosts.reviewRequestedAt,
        reviewNote: blogPosts.reviewNote,
        createdAt: blogPosts.createdAt,
        updatedAt: blogPosts.updatedAt,
      })
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.createdAt), desc(blogPosts.id))
      .limit(limit)
      .offset((page - 1) * limit),
    client.select({ n: count() }).from(blogPosts).where(where),
    client.select({ status: blogPosts.status, n: count() }).from(blogPosts).where(mine).groupBy(blogPosts.status),
    client
      .select({ n: count() })
      .from(blogPosts)
      .where(and(isNotNull(blogPosts.reviewRequestedAt), mine)),
  ]);
  const counts = { all: 0, draft: 0, published: 0, review: inReviewCount[0]?.n ?? 0 };
  for (const row of byStatus) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  return { posts: rows, total: totals[0]?.n ?? 0, counts };
}

/**
 * GET /api/blogs, a page at a time: whole posts (the spec's fields include the markdown).
 * Visitors get published posts newest first; an admin every post, newest change first.
 */
export async function apiPostsPage({ admin, page, limit }: { admin: boolean; page: number; limit: number }) {
  const client = db();
  const where = admin ? undefined : eq(blogPosts.status, "published");
  const order = admin ? [desc(blogPosts.updatedAt), desc(blogPosts.createdAt), desc(blogPosts.id)] : newestFirst;
  const [rows, totals] = await client.batch([
    client
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    client.select({ n: count() }).from(blogPosts).where(where),
  ]);
  return { posts: rows, total: totals[0]?.n ?? 0 };
}

/** How many posts are published (the sitemap index counts its post files from it). */
export async function publishedPostCount() {
  const row = await db().select({ n: count() }).from(blogPosts).where(eq(blogPosts.status, "published")).get();
  return row?.n ?? 0;
}

/**
 * One sitemap file's worth of published posts: ids and change dates only, OLDEST first, so a
 * new post lands in the last file and the earlier files stay the same for crawlers.
 */
export async function publishedPostRefsPage({ page, limit }: { page: number; limit: number }) {
  return db()
    .select({ id: blogPosts.id, slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(eq(blogPosts.status, "published"))
    .orderBy(asc(blogPosts.publishedAt), asc(blogPosts.createdAt), asc(blogPosts.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .all();
}

/** Every post, drafts included, newest change first (the admin list). */
export async function listAllPosts() {
  return db()
    .select()
    .from(blogPosts)
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.createdAt), desc(blogPosts.id))
    .all();
}

export async function findPost(id: string) {
  return db().select().from(blogPosts).where(eq(blogPosts.id, id)).get();
}

/** A post a visitor may read: published only (spec §4); drafts look exactly like missing posts. */
export async function getPublishedPost(id: string) {
  const post = await findPost(id);
  if (post?.status !== "published") throw new AppError(404, POST_NOT_FOUND);
  return post;
}

export async function getPost(id: string) {
  const post = await findPost(id);
  if (!post) throw new AppError(404, POST_NOT_FOUND);
  return post;
}

/** Related articles are chosen among this many newest published posts, so an article costs the same at any blog size. */
export const RELATED_CANDIDATES = 200;

/**
 * Spec §9: up to 3 other published posts sharing at least one tag (compared case-insensitively),
 * the ones sharing the most tags first, then the newest — among the RELATED_CANDIDATES newest
 * published posts (reading every post's tags made an article 2× slower at 3,000 posts).
 */
export async function relatedPosts(post: Pick<BlogPost, "id" | "tags">, limit = RELATED_LIMIT) {
  const tags = [...new Set(post.tags.map((t) => t.toLowerCase()))];
  if (tags.length === 0) return [];
  const shared = sql<number>`(SELECT count(*) FROM json_each(${blogPosts.tags}) AS t WHERE lower(t.value) IN (${sql.join(
    tags.map((t) => sql`${t}`),
    sql`, `,
  )}))`;
  const rows = await db()
    .select({ post: blogPosts, shared })
    .from(blogPosts)
    .where(
      and(
        inArray(
          blogPosts.id,
          db()
            .select({ id: blogPosts.id })
            .from(blogPosts)
            .where(eq(blogPosts.status, "published"))
            .orderBy(...newestFirst)
            .limit(RELATED_CANDIDATES),
        ),
        ne(blogPosts.id, post.id),
        sql`${shared} > 0`,
      ),
    )
    .orderBy(desc(shared), ...newestFirst)
    .limit(limit)
    .all();
  return rows.map((r) => r.post);
}

/** Counts for the console's overview (spec §3 dashboard stats). */
export async function blogCounts() {
  const client = db();
  const [total, published] = await client.batch([
    client.select({ n: count() }).from(blogPosts),
    client.select({ n: count() }).from(blogPosts).where(eq(blogPosts.status, "published")),
  ]);
  return { totalBlogs: total[0]?.n ?? 0, publishedBlogs: published[0]?.n ?? 0 };
}

/** What the audit log keeps of a post: everything but the derived HTML. */
function auditView(post: Partial<BlogPost>) {
  const { contentHtml: _html, ...rest } = post;
  return rest;
}

/** The stored HTML of a post: its markdown with the pixel sizes of its uploaded images. */
export async function renderPostHtml(markdown: string) {
  return renderMarkdown(markdown, await imageSizes(mediaKeysIn(markdown)));
}

/** What the editor adds to the API's fields: the cover and, for a scheduled draft, its time. */
export type PostChanges = BlogUpdate & { coverImage?: string | null; publishAt?: Date | null };

export async function createPost(actor: AuditActor, input: BlogInput & { publishAt?: Date | null }, now = new Date()) {
  const client = db();
  const id = crypto.randomUUID();
  const contentHtml = await renderPostHtml(input.content);
  // Decision 029: a slug chosen by the admin must be free; one made from the title falls back
  // to the title's words and a piece of the id when another post has it.
  const derived = postSlug(input.title);
  const choices = input.slug ? [input.slug] : [derived, suffixedSlug(derived, id)];
  for (const [i, slug] of choices.entries()) {
    const row = {
      id,
      slug,
      title: input.title,
      content: input.content,
      contentHtml,
      excerpt: input.excerpt,
      author: input.author,
      createdBy: actor.id,
      tags: input.tags,
      status: input.status,
      publishedAt: input.status === "published" ? now : null,
      publishAt: input.status === "draft" ? (input.publishAt ?? null) : null,
      reviewRequestedAt: null,
      reviewNote: null,
      coverImage: null,
      metaTitle: input.metaTitle ?? null,
      metaDescription: input.metaDescription ?? null,
      canonicalUrl: input.canonicalUrl ?? null,
      createdAt: now,
      updatedAt: now,
    } satisfies BlogPost;
    try {
      const [inserted] = await guardedBatch(
        slugFree(slug, null),
        [
          client.insert(blogPosts).values(row).returning(),
          auditStatement(actor, "blog.created", "blog_post", id, null, auditView(row)),
          ...revisionStatements(actor, id, "save", now),
          bumpBlogVersionStatement(),
        ],
        slugTakenError,
      );
      const post = (inserted as BlogPost[])[0];
      if (!post) throw new Error("Blog post insert returned nothing");
      return post;
    } catch (error) {
      if (!hasCode(error, "blog.slug_taken") || i === choices.length - 1) throw error;
    }
  }
  throw new Error("unreachable: the last slug choice either returns or throws");
}

const EDITABLE = [
  "title",
  "content",
  "excerpt",
  "author",
  "tags",
  "status",
  "coverImage",
  "publishAt",
  "slug",
  "metaTitle",
  "metaDescription",
  "canonicalUrl",
] as const;
type Editable = (typeof EDITABLE)[number];

const sameValue = (key: Editable, a: unknown, b: unknown) => {
  if (key === "tags") return JSON.stringify(a) === JSON.stringify(b);
  if (a instanceof Date || b instanceof Date) return (a as Date | null)?.getTime() === (b as Date | null)?.getTime();
  return a === b;
};

/** The column still holds `value` (null compared with IS NULL, as `= NULL` is never true). */
const stillHolds = (key: Editable, value: unknown) =>
  value === null || value === undefined ? isNull(blogPosts[key]) : eq(blogPosts[key], value as never);

export const POST_CHANGED = "This post was changed by someone else meanwhile. Reload it and try again.";
export const NOT_A_DRAFT =
  "Autosave keeps drafts only: this post is no longer a draft, so your changes go live only when you press Update Post.";

/**
 * How a save is made (decision 030). `version` is the post's `updatedAt` (ms) the editor was
 * loaded with: when given, the save holds only while the post still has it, so an edit made in
 * another tab or by another admin since is never overwritten. `draftOnly` (autosave) holds only
 * while the post is a draft. `kind` names the revision the save records; `audit` replaces the
 * audit action (a restore says which revision it brought back).
 */
export type SaveOptions = {
  kind?: RevisionKind;
  version?: number;
  draftOnly?: boolean;
  audit?: { action: string; note: Record<string, unknown> };
};

/**
 * Applies the fields that differ from the stored post. `publishedAt` is set the first time the
 * post is published and kept on later edits (also if it goes back to draft and returns).
 */
export async function updatePost(
  actor: AuditActor,
  id: string,
  input: PostChanges,
  now = new Date(),
  options: SaveOptions = {},
) {
  const before = await getPost(id);
  if (options.draftOnly && before.status !== "draft") {
    throw new AppError(409, NOT_A_DRAFT, { code: "blog.not_draft" });
  }
  // Publishing, or choosing draft without a time, ends a schedule (decision 028).
  const wanted: PostChanges =
    input.status === "published" || (input.status === "draft" && input.publishAt === undefined)
      ? { ...input, publishAt: null }
      : input;
  const changes: Partial<BlogPost> = {};
  for (const key of EDITABLE) {
    const value = wanted[key];
    if (value === undefined) continue;
    if (!sameValue(key, value, before[key])) Object.assign(changes, { [key]: value });
  }
  if (Object.keys(changes).length === 0) return { post: before, changed: false };

  const set: { [K in keyof typeof blogPosts.$inferInsert]?: (typeof blogPosts.$inferInsert)[K] | SQL } = {
    ...changes,
    // Always forward, even within one millisecond: updatedAt is the editor's version token.
    updatedAt: sql`max(${now.getTime()}, ${blogPosts.updatedAt} + 1)`,
  };
  if (changes.content !== undefined) set.contentHtml = await renderPostHtml(changes.content);
  // Publishing or scheduling a post ends its review (decision 069): it is no longer waiting.
  if (changes.status === "published" || changes.publishAt) {
    set.reviewRequestedAt = null;
    set.reviewNote = null;
  }
  if (changes.status === "published") {
    // One statement: the first publication date wins even if two edits race.
    set.publishedAt = sql`coalesce(${blogPosts.publishedAt}, ${now.getTime()})`;
  }
  const beforeView = Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof BlogPost]]));
  // Guarded (decision 013): the edit and its audit record land only while the post exists
  // and the edited fields still hold the values the audit record calls "before".
  const unchangedSince = Object.keys(changes).map((key) => stillHolds(key as Editable, before[key as Editable]));
  // The editor's version token and autosave's "still a draft" (decision 030).
  if (options.version !== undefined) unchangedSince.push(eq(blogPosts.updatedAt, new Date(options.version)));
  if (options.draftOnly) unchangedSince.push(eq(blogPosts.status, "draft"));
  const client = db();
  // A new slug (decision 029) must be free, and the old one keeps leading here: same batch.
  const newSlug = changes.slug;
  const slugMove = newSlug ? slugMoveStatements(id, before.slug, newSlug, now) : [];
  // An Author hears that their post went live, in the same batch: of racing publications only the
  // one that lands writes it (and its key sends it once per post).
  const published = changes.status === "published" ? await publishedNotice({ ...before, ...changes }, actor) : null;
  try {
    const [updated] = await guardedBatch(
      [
        rowMatches("post unchanged", blogPosts, and(eq(blogPosts.id, id), ...unchangedSince)),
        ...(newSlug ? [slugFree(newSlug, id)] : []),
      ],
      [
        client.update(blogPosts).set(set).where(eq(blogPosts.id, id)).returning(),
        auditStatement(
          actor,
          options.audit?.action ?? "blog.updated",
          "blog_post",
          id,
          beforeView,
          options.audit ? { ...auditView(changes), ...options.audit.note } : auditView(changes),
        ),
        ...slugMove,
        ...revisionStatements(actor, id, options.kind ?? "save", now),
        bumpBlogVersionStatement(),
        ...(published ? [emailStatement(published)] : []),
      ],
      async () => {
        if (options.draftOnly && (await findPost(id))?.status !== "draft") {
          return new AppError(409, NOT_A_DRAFT, { code: "blog.not_draft" });
        }
        if (newSlug && (await slugTaken(newSlug, id))) return slugTakenError();
        return new AppError(409, POST_CHANGED, { code: "blog.post_changed" });
      },
    );
    const post = (updated as BlogPost[])[0];
    if (!post) throw new AppError(404, POST_NOT_FOUND);
    if (published) deliverSoon([published.idempotencyKey]);
    return { post, changed: true };
  } catch (error) {
    if (!hasCode(error, "blog.post_changed")) throw error;
    // The same edit sent twice (a double submit) finds its work done: not a conflict.
    const current = await getPost(id);
    const done = Object.entries(changes).every(([key, value]) =>
      sameValue(key as Editable, value, current[key as Editable]),
    );
    if (done) return { post: current, changed: false };
    throw error;
  }
}

/**
 * Guarded: of parallel deletes one is audited, the others answer 404. `imageKeys`: images the
 * admin chose to delete with the post; in the same batch, each row goes only while no other
 * post shows it, and the R2 objects of the rows deleted go after the batch (decision 030).
 */
export async function deletePost(actor: AuditActor, id: string, { imageKeys = [] }: { imageKeys?: string[] } = {}) {
  const before = await getPost(id);
  const client = db();
  // Only images this post was offered for (its own or shown by it, used by no other post): a
  // forged key of another post's image is ignored. The batch checks "unused" again.
  const offered = imageKeys.length ? new Set((await unusedImagesOf(before)).map((image) => image.key)) : new Set();
  const keys = [...new Set(imageKeys)].filter((key) => offered.has(key)).slice(0, 100);
  const [, , , deletedImages] = await guardedBatch(
    rowMatches("post exists", blogPosts, eq(blogPosts.id, id)),
    [
      client.delete(blogPosts).where(eq(blogPosts.id, id)),
      auditStatement(
        actor,
        "blog.deleted",
        "blog_post",
        id,
        auditView(before),
        keys.length ? { imageKeys: keys } : null,
      ),
      bumpBlogVersionStatement(),
      ...(keys.length ? [deleteUnusedImagesStatement(keys)] : []),
    ],
    () => new AppError(404, POST_NOT_FOUND),
  );
  const deleted = ((deletedImages ?? []) as { key: string }[]).map((row) => row.key);
  await deleteImageObjects(deleted);
  return { ...before, deletedImages: deleted };
}

/** The API shape of a post (spec §3): `_id` beside `id`, dates as ISO strings. */
export function toApiPost(post: BlogPost) {
  return {
    _id: post.id,
    id: post.id,
    title: post.title,
    content: post.content,
    contentHtml: post.contentHtml,
    excerpt: post.excerpt,
    author: post.author,
    tags: post.tags,
    status: post.status,
    readingTime: readingMinutes(post.contentHtml),
    coverImage: post.coverImage ? mediaPath(post.coverImage) : null,
    slug: post.slug,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    canonicalUrl: post.canonicalUrl,
    scheduledFor: post.status === "draft" ? (post.publishAt?.toISOString() ?? null) : null,
    reviewRequestedAt: post.reviewRequestedAt?.toISOString() ?? null,
    reviewNote: post.reviewNote,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

/** The cron job's system actor in the audit log. */
const SCHEDULER: AuditActor = { id: null, email: "scheduler" };
/** Due posts published per cron run; more wait five minutes for the next. */
export const PUBLISH_BATCH = 50;

/**
 * The cron job (decision 028): publishes every scheduled draft whose time has come. Each post
 * is published by a guarded change that holds only while it is still the same scheduled
 * draft, so a late run, a double run or twenty parallel runs publish it exactly once (one audit
 * record); the post keeps its scheduled time as its publication date. Answers how many it published.
 */
export async function publishDuePosts(now: Date, signal?: AbortSignal) {
  const due = await db()
    .select({
      id: blogPosts.id,
      publishAt: blogPosts.publishAt,
      title: blogPosts.title,
      slug: blogPosts.slug,
      createdBy: blogPosts.createdBy,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.status, "draft"), isNotNull(blogPosts.publishAt), lte(blogPosts.publishAt, now)))
    .orderBy(asc(blogPosts.publishAt))
    .limit(PUBLISH_BATCH)
    .all();
  const client = db();
  let published = 0;
  const emailed: string[] = [];
  for (const { id, publishAt, ...post } of due) {
    if (signal?.aborted || !publishAt) break;
    const notice = await publishedNotice({ id, ...post }, SCHEDULER);
    try {
      await guardedBatch(
        rowMatches(
          "post still scheduled",
          blogPosts,
          and(eq(blogPosts.id, id), eq(blogPosts.status, "draft"), eq(blogPosts.publishAt, publishAt)),
        ),
        [
          client
            .update(blogPosts)
            .set({
              status: "published",
              publishedAt: sql`coalesce(${blogPosts.publishedAt}, ${publishAt.getTime()})`,
              publishAt: null,
              updatedAt: now,
            })
            .where(eq(blogPosts.id, id)),
          auditStatement(
            SCHEDULER,
            "blog.published",
            "blog_post",
            id,
            { status: "draft", publishAt: publishAt.toISOString() },
            { status: "published" },
          ),
          bumpBlogVersionStatement(),
          ...(notice ? [emailStatement(notice)] : []),
        ],
        () => new AppError(409, "already published"),
      );
      published += 1;
      if (notice) emailed.push(notice.idempotencyKey);
    } catch (error) {
      // Another run published it meanwhile, or an admin changed it: nothing to do.
      if (!isAppError(error)) throw error;
    }
  }
  if (emailed.length > 0) deliverSoon(emailed);
  return published;
}
