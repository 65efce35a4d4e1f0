import { z } from "zod";
import { BLOG_STATUSES } from "~/db/schema";
import { pageQuery } from "~/lib/page-query";
import { SLUG_MAX } from "./format";

/** Length caps: enough for any real post, small enough to keep a request under the 64 KB API cap. */
export const BLOG_LIMITS = {
  title: 200,
  author: 100,
  excerpt: 500,
  content: 50_000,
  tags: 10,
  tag: 40,
  slug: SLUG_MAX,
  metaTitle: 70,
  metaDescription: 160,
  canonicalUrl: 500,
} as const;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const TitleSchema = required("Title", BLOG_LIMITS.title);
export const AuthorSchema = required("Author", BLOG_LIMITS.author);
export const ExcerptSchema = required("Excerpt", BLOG_LIMITS.excerpt);
/** `![](…)` or `![ ][ref]`: an image readers who cannot see it learn nothing about. */
const IMAGE_WITHOUT_ALT = /!\[\s*\]\s*[([]/;
export const MISSING_ALT = "Every image needs alt text: describe it between the brackets, ![like this](…)";

/** Markdown is kept as written (no trim), but must hold something besides whitespace. */
export const ContentSchema = z
  .string({ error: "Content is required" })
  .max(BLOG_LIMITS.content, `Content must be at most ${BLOG_LIMITS.content.toLocaleString("en-US")} characters`)
  .refine((v) => v.trim().length > 0, "Content is required")
  .refine((v) => !IMAGE_WITHOUT_ALT.test(v), MISSING_ALT);

export const StatusSchema = z.enum(BLOG_STATUSES, { error: "Status must be draft or published" });

const TagSchema = z
  .string({ error: "Each tag must be a string" })
  .trim()
  .max(BLOG_LIMITS.tag, `Each tag must be at most ${BLOG_LIMITS.tag} characters`);

/** Trimmed, empties dropped, duplicates (case-insensitive) removed, at most 10. */
const tidyTags = (tags: string[]) => {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export const TagsSchema = z
  .array(TagSchema, { error: "Tags must be a list of strings" })
  .transform(tidyTags)
  .pipe(z.array(z.string()).max(BLOG_LIMITS.tags, `At most ${BLOG_LIMITS.tags} tags`));

/** Spec §5 blog form: tags comma-separated, trimmed, empties dropped. */
export function parseTagList(value: string): string[] {
  return value
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Decision 029: what a slug may be, and why one is refused. */
export const SLUG_MESSAGES = {
  length: `Slug must be 1–${BLOG_LIMITS.slug} characters`,
  format: "Use lower-case letters a–z, digits and single hyphens between words, like my-first-post",
  digits: "A slug needs at least one letter (digits alone look like a post number)",
  uuid: "This slug looks like a post id: use words",
  taken: "This slug is already used by another post: choose another",
} as const;

/** a–z/0–9 words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A post's address part, /blog/{slug}: trimmed and lower-cased, then checked. */
export const SlugSchema = z
  .string({ error: "Slug must be text" })
  .trim()
  .toLowerCase()
  .min(1, SLUG_MESSAGES.length)
  .max(BLOG_LIMITS.slug, SLUG_MESSAGES.length)
  .regex(SLUG_PATTERN, SLUG_MESSAGES.format)
  .refine((v) => /[a-z]/.test(v), SLUG_MESSAGES.digits)
  .refine((v) => !UUID.test(v), SLUG_MESSAGES.uuid);

/** An optional text: trimmed; empty (or null, in the API) clears it. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => v || null);

export const MetaTitleSchema = optionalText("Meta title", BLOG_LIMITS.metaTitle);
export const MetaDescriptionSchema = optionalText("Meta description", BLOG_LIMITS.metaDescription);

export const CANONICAL_MESSAGE = "Canonical URL must be a full https:// address, like https://example.com/post";

/** Another address search engines should treat as the original of this post: absolute https only. */
export const CanonicalUrlSchema = z
  .string({ error: CANONICAL_MESSAGE })
  .trim()
  .max(BLOG_LIMITS.canonicalUrl, `Canonical URL must be at most ${BLOG_LIMITS.canonicalUrl} characters`)
  .nullable()
  .refine((v) => !v || isHttpsUrl(v), CANONICAL_MESSAGE)
  .transform((v) => (v ? new URL(v).toString() : null));

function isHttpsUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The per-post SEO fields (decision 029), optional in the API and the form alike. */
const seoFields = {
  slug: SlugSchema.optional(),
  metaTitle: MetaTitleSchema.optional(),
  metaDescription: MetaDescriptionSchema.optional(),
  canonicalUrl: CanonicalUrlSchema.optional(),
};

/** The API payload (spec §7): title, content, excerpt, author, tags array, status. */
export const BlogInputSchema = z.object({
  title: TitleSchema,
  content: ContentSchema,
  excerpt: ExcerptSchema,
  author: AuthorSchema,
  tags: TagsSchema.default([]),
  status: StatusSchema.default("draft"),
  ...seoFields,
});
export type BlogInput = z.output<typeof BlogInputSchema>;

/** PUT: any subset of the fields; what is sent is validated like on create. */
export const BlogUpdateSchema = z
  .object({
    title: TitleSchema.optional(),
    content: ContentSchema.optional(),
    excerpt: ExcerptSchema.optional(),
    author: AuthorSchema.optional(),
    tags: TagsSchema.optional(),
    status: StatusSchema.optional(),
    ...seoFields,
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), "Nothing to update: send at least one field");
export type BlogUpdate = z.output<typeof BlogUpdateSchema>;

/** The admin form: the same rules, tags typed as one comma-separated line. */
export const BlogFormSchema = z.object({
  title: TitleSchema,
  author: AuthorSchema,
  excerpt: ExcerptSchema,
  content: ContentSchema,
  tags: z
    .string()
    .max(BLOG_LIMITS.tags * (BLOG_LIMITS.tag + 2), "Too many tags")
    .optional()
    .transform((v) => parseTagList(v ?? ""))
    .pipe(TagsSchema),
  status: z.enum([...BLOG_STATUSES, "scheduled"], { error: "Choose draft, scheduled or published" }).default("draft"),
  /** `datetime-local` in the business timezone; required when scheduling (checked by the action). */
  publishAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Enter a date and time")
    .optional(),
  // Decision 029. Conform sends an empty field as undefined: the action reads that as "none"
  // (and, for the slug, "make one from the title").
  ...seoFields,
});

export type BlogFormValue = z.output<typeof BlogFormSchema>;

/**
 * The form's SEO fields as changes (decision 029): an empty meta field clears it; an empty slug
 * keeps a saved post's address (or makes one from a new post's title). Save and autosave share it.
 */
export function formSeo({ slug, metaTitle, metaDescription, canonicalUrl }: BlogFormValue) {
  return {
    slug,
    metaTitle: metaTitle ?? null,
    metaDescription: metaDescription ?? null,
    canonicalUrl: canonicalUrl ?? null,
  };
}

export const SCHEDULE_MESSAGES = {
  missing: "Choose when the post goes out",
  past: "Choose a time in the future",
} as const;

/** The live preview beside the editor: markdown in, sanitized HTML out. */
export const PreviewSchema = z.object({
  content: z.string().max(BLOG_LIMITS.content, "Content is too long to preview").default(""),
});

const IsoDate = z.string().describe("ISO 8601 date-time");

/** A post as the API returns it (spec §3), with `_id` beside `id`. */
export const BlogPostSchema = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  content: z.string().describe("Markdown source"),
  contentHtml: z.string().describe("Sanitized HTML rendered from the markdown"),
  excerpt: z.string(),
  author: z.string(),
  tags: z.array(z.string()),
  status: StatusSchema,
  readingTime: z.number().int().describe("Minutes: words of the text / 200, rounded up"),
  coverImage: z.string().nullable().describe("Path of the cover image (/media/<key>), if any"),
  slug: z.string().nullable().describe("The post's address /blog/{slug}; earlier slugs redirect to it (decision 029)"),
  metaTitle: z.string().nullable().describe("Page title for search engines and shares, if set (else the title)"),
  metaDescription: z.string().nullable().describe("Page description, if set (else the excerpt)"),
  canonicalUrl: z.string().nullable().describe("Canonical URL override (absolute https), if set"),
  scheduledFor: IsoDate.nullable().describe("A draft the scheduler publishes at this time (decision 028)"),
  reviewRequestedAt: IsoDate.nullable().describe(
    "When its author submitted the draft for review, while it waits for Marketing or above (decision 069)",
  ),
  reviewNote: z
    .string()
    .nullable()
    .describe(
      'The note of the last "send back" ("" when it had none); null if never sent back, or since submitted or published',
    ),
  publishedAt: IsoDate.nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});

/** GET /api/blogs: `page` from 1, `limit` 1–100 (default 20); a page past the last is empty. */
export const BLOG_API_DEFAULT_LIMIT = 20;
export const BLOG_API_MAX_LIMIT = 100;
export const BlogListQuerySchema = z.object(pageQuery({ limit: BLOG_API_DEFAULT_LIMIT, maxLimit: BLOG_API_MAX_LIMIT }));
