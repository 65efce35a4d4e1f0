import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { BlogPost } from "~/db/schema";
import { readingMinutes } from "./reading-time";

/** Spec §2: cards show "MMM d, yyyy"; the article shows "MMMM d, yyyy". */
export const CARD_DATE = "MMM d, yyyy";
export const ARTICLE_DATE = "MMMM d, yyyy";

/** A date as the business timezone sees it (formatted on the server, so no hydration drift). */
export function formatPostDate(date: Date, pattern: string, timeZone: string) {
  return format(new TZDate(date.getTime(), timeZone), pattern);
}

/** The date a post is shown with: when it was published, else when it was written. */
export const postDate = (post: Pick<BlogPost, "publishedAt" | "createdAt">) => post.publishedAt ?? post.createdAt;

/** What a card in a list needs, with its date already formatted. */
export function toCard(post: Omit<BlogPost, "content">, timeZone: string) {
  const date = postDate(post);
  return {
    id: post.id,
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
