import { TZDate } from "@date-fns/tz";
import type { BlogPost } from "~/db/schema";
import { formatZoned } from "~/lib/zoned-format";
import { readingMinutes } from "./reading-time";
import { imageSrcSet, mediaPath } from "./renditions";

/** Spec §2: cards show "MMM d, yyyy"; the article shows "MMMM d, yyyy". */
export const CARD_DATE = "MMM d, yyyy";
export const ARTICLE_DATE = "MMMM d, yyyy";

/** A date as the business timezone sees it (formatted on the server, so no hydration drift). */
export function formatPostDate(date: Date, pattern: string, timeZone: string) {
  return formatZoned(date.getTime(), timeZone, pattern);
}

/** The date a post is shown with: when it was published, else when it was written. */
export const postDate = (post: Pick<BlogPost, "publishedAt" | "createdAt">) => post.publishedAt ?? post.createdAt;

/** `srcSet` is absent for an image without renditions (it keeps its plain `src`). */
export type CoverImage = { src: string; srcSet?: string; width: number; height: number; alt: string };
type CoverSizes = ReadonlyMap<
  string,
  { width: number; height: number; alt: string; renditions?: readonly number[] | null }
>;

/**
 * A post's cover as an `<img>` needs it (null without one, or if its row is gone): the original
 * as `src` (the fallback, and what og:image and the feed name) and its WebP renditions as `srcSet`.
 */
export function coverOf(post: Pick<BlogPost, "coverImage">, sizes: CoverSizes): CoverImage | null {
  const size = post.coverImage ? sizes.get(post.coverImage) : undefined;
  if (!post.coverImage || !size) return null;
  const srcSet = imageSrcSet(post.coverImage, size.width, size.renditions);
  return {
    src: mediaPath(post.coverImage),
    ...(srcSet ? { srcSet } : {}),
    width: size.width,
    height: size.height,
    alt: size.alt,
  };
}

/** What a card in a list needs, with its date already formatted. */
export function toCard(post: Omit<BlogPost, "content">, timeZone: string, covers: CoverSizes = new Map()) {
  const date = postDate(post);
  return {
    cover: coverOf(post, covers),
    id: post.id,
    path: postPath(post),
    title: post.title,
    excerpt: post.excerpt,
    author: post.author,
    tags: post.tags,
    date: formatPostDate(date, CARD_DATE, timeZone),
    isoDate: date.toISOString(),
    readingTime: readingMinutes(post.contentHtml),
  };
}

export type PostCardData = ReturnType<typeof toCard>;

/** What the article shows of a post: the public page and the admin preview read the same (issue 24 item 8). */
export function toArticle(post: Omit<BlogPost, "content">, timeZone: string, covers: CoverSizes) {
  const date = postDate(post);
  return {
    id: post.id,
    cover: coverOf(post, covers),
    title: post.title,
    excerpt: post.excerpt,
    author: post.author,
    tags: post.tags,
    html: post.contentHtml,
    date: formatPostDate(date, ARTICLE_DATE, timeZone),
    isoDate: date.toISOString(),
    readingTime: readingMinutes(post.contentHtml),
  };
}

export type ArticleData = ReturnType<typeof toArticle>;

/** A `datetime-local` value typed in the business timezone, as the instant it names. */
export function fromLocalInput(value: string, timeZone: string): Date {
  const [date = "", time = ""] = value.split("T");
  const [y, m, d] = date.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  return new Date(new TZDate(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0, timeZone).getTime());
}

/** An instant as a `datetime-local` value in the business timezone. */
export const toLocalInput = (date: Date, timeZone: string) =>
  formatZoned(date.getTime(), timeZone, "yyyy-MM-dd'T'HH:mm");

/** "Mon, Nov 30, 2026, 9:00 AM": when a scheduled post goes out, as the business sees it. */
export const SCHEDULE_DATE = "EEE, MMM d, yyyy, h:mm a";

/**
 * Text as URL words: accents folded ("é" → "e"), lower-case, every run of other characters
 * one hyphen, none at the ends. `asciiOnly` keeps a–z and 0–9 only (post slugs); otherwise
 * letters and digits of any script stay (author slugs, decision 028).
 */
export function slugify(text: string, { asciiOnly = false } = {}) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(asciiOnly ? /[^a-z0-9]+/g : /[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/** "Priya Natarajan" → "priya-natarajan": the author's part of /blog/author/{slug}. */
export function authorSlug(name: string) {
  return slugify(name) || "author";
}

/** Letters that are not an ASCII letter with an accent, so folding accents leaves them as they are. */
const LETTERS_WITHOUT_ACCENT: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d" };

/** Longest post slug (decision 029). */
export const SLUG_MAX = 80;

/** "Five approval workflows, Café edition" → "five-approval-workflows-cafe-edition": a new post's slug. */
export function postSlug(title: string) {
  const slug = slugify(
    title.replace(/[ßæœøłđ]/gi, (c) => LETTERS_WITHOUT_ACCENT[c.toLowerCase()] ?? ""),
    { asciiOnly: true },
  )
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  // A title of digits only or without a single a–z/0–9 character still needs a valid slug.
  return /[a-z]/.test(slug) ? slug : `post${slug ? `-${slug}` : ""}`.slice(0, SLUG_MAX);
}

/** The public path of a post: its slug, or its id while it has none (decision 029). */
export const postPath = (post: { id: string; slug: string | null }) =>
  `/blog/${encodeURIComponent(post.slug ?? post.id)}`;

/**
 * What the head of an article says (decision 029), in one place: the meta title as written when
 * set (else the title, to which the site name is added), the meta description when set (else
 * the excerpt), and the canonical URL override when set (else the article's own address, `url`).
 */
export function postHead(
  post: Pick<BlogPost, "title" | "excerpt" | "metaTitle" | "metaDescription" | "canonicalUrl">,
  url: string,
) {
  return {
    title: post.metaTitle ?? post.title,
    titleAsIs: post.metaTitle !== null,
    description: post.metaDescription ?? post.excerpt,
    canonical: post.canonicalUrl ?? url,
    url,
  };
}
