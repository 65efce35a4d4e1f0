import { ArrowLeft, Clock } from "lucide-react";
import { data, href, Link, redirect } from "react-router";
import { ARTICLE_COVER_SIZES, Cover, PostCard, TagList } from "~/components/blog/post-card";
import { PostContent } from "~/components/blog/post-content";
import { ShareMenu } from "~/components/blog/share-menu";
import { ErrorView } from "~/components/error-view";
import { JsonLd } from "~/components/json-ld";
import {
  ARTICLE_DATE,
  authorSlug,
  coverOf,
  formatPostDate,
  postDate,
  postHead,
  postPath,
  toCard,
} from "~/domain/blog/format";
import { imageSizes } from "~/domain/blog/media.server";
import { POST_NOT_FOUND } from "~/domain/blog/messages";
import { relatedPosts } from "~/domain/blog/posts.server";
import { readingMinutes, wordCount } from "~/domain/blog/reading-time";
import { findPostByRef } from "~/domain/blog/slugs.server";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";
import { BLOG_FEED_LINK, seo } from "~/lib/seo";
import type { Route } from "./+types/post";

export async function loader({ params }: Route.LoaderArgs) {
  // `:id` is a slug, a post id or an earlier slug (decision 029).
  const found = await findPostByRef(params.id);
  if (!found) throw data({ message: POST_NOT_FOUND }, { status: 404 });
  const { post } = found;
  // Spec §4: a post that is not published sends the visitor to the list.
  if (post.status !== "published") throw redirect(href("/blog"));
  // Its id and earlier slugs lead to its one address, permanently.
  if (!found.current) throw redirect(postPath(post), 301);
  const { BUSINESS_TIMEZONE, SITE_URL: origin } = config();
  const head = postHead(post, `${origin}${postPath(post)}`);
  const published = postDate(post);
  const related = await relatedPosts(post);
  const covers = await imageSizes([post, ...related].flatMap((p) => (p.coverImage ? [p.coverImage] : [])));
  return {
    post: {
      id: post.id,
      cover: coverOf(post, covers),
      title: post.title,
      excerpt: post.excerpt,
      author: post.author,
      tags: post.tags,
      html: post.contentHtml,
      date: formatPostDate(published, ARTICLE_DATE, BUSINESS_TIMEZONE),
      isoDate: published.toISOString(),
      isoModified: post.updatedAt.toISOString(),
      readingTime: readingMinutes(post.contentHtml),
      words: wordCount(post.contentHtml),
    },
    related: related.map((r) => toCard(r, BUSINESS_TIMEZONE, covers)),
    head,
    origin,
  };
}

function articleJsonLd({ post, head, origin }: Route.ComponentProps["loaderData"]) {
  const canonical = head.canonical;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: head.description,
    author: { "@type": "Person", name: post.author },
    datePublished: post.isoDate,
    dateModified: post.isoModified,
    mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
    url: canonical,
    keywords: post.tags.join(", "),
    wordCount: post.words,
    image: `${origin}${post.cover?.src ?? "/og-image.png"}`,
    publisher: {
      "@type": "Organization",
      name: BRAND.name,
      logo: { "@type": "ImageObject", url: `${origin}/favicon.svg` },
    },
  };
}

function BackToBlog() {
  return (
    <Link
      to={href("/blog")}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Back to Blog
    </Link>
  );
}

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { post, related, head } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <JsonLd data={articleJsonLd(loaderData)} />
      <BackToBlog />
      <article className="mt-8">
        <header>
          <TagList tags={post.tags} linked />
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            {post.title}
          </h1>
          <p className="mt-4 text-lg text-slate-600 sm:text-xl dark:text-slate-300" data-testid="post-excerpt">
            {post.excerpt}
          </p>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4 dark:border-slate-800">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
              <Link
                to={`/blog/author/${authorSlug(post.author)}`}
                className="font-semibold text-slate-900 hover:underline dark:text-white"
                data-testid="post-author"
              >
                {post.author}
              </Link>
              <span aria-hidden>·</span>
              <time dateTime={post.isoDate} data-testid="post-date">
                {post.date}
              </time>
              <span aria-hidden>·</span>
              <span className="inline-flex items-center gap-1" data-testid="reading-time">
                <Clock aria-hidden className="size-3.5" />
                {`${post.readingTime} min read`}
              </span>
            </p>
            <ShareMenu url={head.url} title={post.title} />
          </div>
          {post.cover ? (
            <Cover cover={post.cover} eager sizes={ARTICLE_COVER_SIZES} className="mt-8 rounded-xl" />
          ) : null}
        </header>
        <PostContent html={post.html} className="mt-8" />
      </article>

      {related.length > 0 ? (
        <section
          aria-labelledby="related-heading"
          className="mt-16 border-t border-slate-200 pt-10 dark:border-slate-800"
        >
          <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
            Related articles
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2" data-testid="related-posts">
            {related.map((r) => (
              <li key={r.id}>
                <PostCard post={r} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="mt-12">
        <BackToBlog />
      </div>
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `${POST_NOT_FOUND} | ${BRAND.name}` }, { name: "robots", content: "noindex" }];
  const { post, head } = loaderData;
  return [
    ...seo({
      title: head.title,
      titleAsIs: head.titleAsIs,
      description: head.description,
      url: head.canonical,
      type: "article",
      image: post.cover?.src,
    }),
    ...(post.cover
      ? [
          { property: "og:image:width", content: String(post.cover.width) },
          { property: "og:image:height", content: String(post.cover.height) },
          { property: "og:image:alt", content: post.cover.alt },
        ]
      : []),
    { property: "article:published_time", content: post.isoDate },
    { property: "article:modified_time", content: post.isoModified },
    { property: "article:author", content: post.author },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
    { name: "author", content: post.author },
    BLOG_FEED_LINK,
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorView
      error={error}
      variant="page"
      notFound={{
        title: POST_NOT_FOUND,
        message: "The article you are looking for does not exist or is no longer available.",
      }}
      failed={{
        title: "Something went wrong",
        message: "The article could not be loaded. Please try again in a moment.",
      }}
      back={{ to: href("/blog"), label: "Back to Blog" }}
    />
  );
}
