import { data, href, redirect } from "react-router";
import { Article } from "~/components/blog/article";
import { BackToBlog, BlogErrorView, PostCardList } from "~/components/blog/blog-parts";
import { ShareMenu } from "~/components/blog/share-menu";
import { JsonLd } from "~/components/json-ld";
import { noindexMeta } from "~/components/site/noindex-meta";
import { postHead, postPath, toArticle, toCard } from "~/domain/blog/format";
import { imageSizes } from "~/domain/blog/media.server";
import { POST_NOT_FOUND } from "~/domain/blog/messages";
import { relatedPosts } from "~/domain/blog/posts.server";
import { wordCount } from "~/domain/blog/reading-time";
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
  const related = await relatedPosts(post);
  const covers = await imageSizes([post, ...related].flatMap((p) => (p.coverImage ? [p.coverImage] : [])));
  return {
    post: {
      ...toArticle(post, BUSINESS_TIMEZONE, covers),
      isoModified: post.updatedAt.toISOString(),
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

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { post, related, head } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <JsonLd data={articleJsonLd(loaderData)} />
      <BackToBlog />
      <Article post={post} actions={<ShareMenu url={head.url} title={post.title} />} className="mt-8" />

      {related.length > 0 ? (
        <section
          aria-labelledby="related-heading"
          className="mt-16 border-t border-slate-200 pt-10 dark:border-slate-800"
        >
          <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
            Related articles
          </h2>
          <PostCardList
            posts={related}
            className="mt-6 grid gap-6 sm:grid-cols-2"
            testId="related-posts"
            headingLevel={3}
          />
        </section>
      ) : null}

      <div className="mt-12">
        <BackToBlog />
      </div>
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return noindexMeta(POST_NOT_FOUND);
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
    <BlogErrorView
      error={error}
      notFound={{
        title: POST_NOT_FOUND,
        message: "The article you are looking for does not exist or is no longer available.",
      }}
      what="The article"
    />
  );
}
