import { ArrowRight, Clock } from "lucide-react";
import { Link } from "react-router";
import type { CoverImage, PostCardData } from "~/domain/blog/format";

/**
 * How wide a cover is shown (CSS px), so the browser picks the smallest rendition in `srcSet`
 * that fills it: a card in the /blog grid (three columns of the 80rem page from lg, two from sm).
 */
export const CARD_COVER_SIZES = "(min-width: 1024px) 390px, (min-width: 640px) calc(50vw - 3rem), calc(100vw - 2rem)";
/** The featured card spans the /blog page (80rem less its padding). */
export const FEATURED_COVER_SIZES = "(min-width: 1280px) 1216px, calc(100vw - 2rem)";
/** The article's header spans its 48rem column less the padding. */
export const ARTICLE_COVER_SIZES = "(min-width: 768px) 720px, calc(100vw - 2rem)";

/**
 * A cover with its stored size (no layout shift); lazy unless it is the first thing seen. With
 * renditions (decision 028) a phone downloads a small WebP; the original stays the `src`.
 */
export function Cover({
  cover,
  eager = false,
  sizes = CARD_COVER_SIZES,
  aspect = "aspect-video",
  className = "",
}: {
  cover: CoverImage;
  eager?: boolean;
  /** The `sizes` attribute: how wide the image is shown at each viewport. */
  sizes?: string;
  /** The box the image is cropped to (object-cover), so a card grid lines up. */
  aspect?: string;
  className?: string;
}) {
  return (
    <img
      src={cover.src}
      srcSet={cover.srcSet}
      sizes={cover.srcSet ? sizes : undefined}
      alt={cover.alt}
      width={cover.width}
      height={cover.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={eager ? "high" : undefined}
      className={`${aspect} w-full bg-slate-100 object-cover dark:bg-slate-800 ${className}`}
      data-testid="post-cover"
    />
  );
}

/** Tag chips; on public pages each links to its tag's page (above the card's whole-card link). */
export function TagList({
  tags,
  className = "",
  linked = false,
}: {
  tags: string[];
  className?: string;
  linked?: boolean;
}) {
  if (tags.length === 0) return null;
  // min-w-0 and wrap-break-word: a tag longer than the row breaks inside its chip instead of
  // pushing the page sideways on a phone (issue 30).
  const chip =
    "min-w-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold wrap-break-word text-brand-800 dark:bg-brand-950 dark:text-brand-200";
  return (
    <ul role="list" className={`flex flex-wrap gap-2 ${className}`} aria-label="Tags">
      {tags.map((tag) =>
        linked ? (
          <li key={tag} className="relative z-10 min-w-0">
            <Link
              to={`/blog/tag/${encodeURIComponent(tag.toLowerCase())}`}
              className={`${chip} inline-block max-w-full hover:underline focus-visible:outline-2`}
            >
              {tag}
            </Link>
          </li>
        ) : (
          <li key={tag} className={chip}>
            {tag}
          </li>
        ),
      )}
    </ul>
  );
}

/** Who wrote it, when, and how long it takes to read, at a card's foot. */
function Byline({ post }: { post: PostCardData }) {
  return (
    <div className="mt-6">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <span className="min-w-0 font-medium wrap-break-word text-slate-800 dark:text-slate-200">{post.author}</span>
        <span aria-hidden>·</span>
        <time dateTime={post.isoDate} data-testid="post-date">
          {post.date}
        </time>
        <span aria-hidden>·</span>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden className="size-3.5" />
          {`${post.readingTime} min read`}
        </span>
      </p>
    </div>
  );
}

/** A card's title, its one link: the link's ::after covers the whole card, so all of it opens the article. */
function TitleLink({ post, rounded = false }: { post: PostCardData; rounded?: boolean }) {
  return (
    <Link
      to={post.path}
      className={`after:absolute after:inset-0${rounded ? " after:rounded-xl" : ""} group-hover:text-brand-700 dark:group-hover:text-brand-300`}
    >
      {post.title}
    </Link>
  );
}

/** A post in a list; the whole card is one link to the article. */
export function PostCard({ post, headingLevel = 2 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className="card group relative flex h-full flex-col p-6 transition-shadow hover:shadow-md"
      data-testid="post-card"
    >
      {post.cover ? (
        <div className="-mx-6 -mt-6 mb-6 overflow-hidden rounded-t-xl">
          <Cover cover={post.cover} />
        </div>
      ) : null}
      <TagList tags={post.tags} linked />
      <Heading className="mt-4 text-xl font-bold tracking-tight text-slate-900 dark:text-white">
        <TitleLink post={post} rounded />
      </Heading>
      <p className="mt-3 line-clamp-3 flex-1 text-slate-600 dark:text-slate-300">{post.excerpt}</p>
      <Byline post={post} />
    </article>
  );
}

/** The newest post, shown large above the grid. */
export function FeaturedPost({ post }: { post: PostCardData }) {
  return (
    <article
      className="card group relative overflow-hidden p-8 transition-shadow hover:shadow-md sm:p-10"
      data-testid="featured-post"
    >
      {post.cover ? (
        <div className="-mx-8 -mt-8 mb-8 sm:-mx-10 sm:-mt-10">
          <Cover cover={post.cover} eager sizes={FEATURED_COVER_SIZES} aspect="aspect-[2/1] lg:aspect-[3/1]" />
        </div>
      ) : null}
      <div
        aria-hidden
        className="absolute inset-y-0 right-0 hidden w-1/3 bg-gradient-to-l from-brand-100 to-transparent lg:block dark:from-brand-950"
      />
      <div className="relative max-w-3xl">
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">
          Featured article
        </p>
        <TagList tags={post.tags} className="mt-4" linked />
        <h2 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          <TitleLink post={post} />
        </h2>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{post.excerpt}</p>
        <Byline post={post} />
        <p className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 dark:text-brand-300">
          Read article <ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-1" />
        </p>
      </div>
    </article>
  );
}
