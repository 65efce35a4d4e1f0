import { Newspaper, Rss } from "lucide-react";
import { Link } from "react-router";
import { FeaturedPost, PostCard } from "~/components/blog/post-card";
import { toCard } from "~/domain/blog/format";
import { listPublishedPosts } from "~/domain/blog/posts.server";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";
import { canonicalUrl, seo } from "~/lib/seo";
import type { Route } from "./+types/index";

export async function loader({ request }: Route.LoaderArgs) {
  const { BUSINESS_TIMEZONE, SITE_URL } = config();
  const posts = await listPublishedPosts();
  return {
    posts: posts.map((post) => toCard(post, BUSINESS_TIMEZONE)),
    canonical: canonicalUrl(request.url, SITE_URL),
  };
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const [featured, ...rest] = loaderData.posts;
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">
            {BRAND.name} Blog
          </p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">Insights on workflow automation</h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
            Guides, product news and practical advice for teams automating approvals, quotes and handoffs.
          </p>
        </div>
        <a
          href="/blog/rss.xml"
          className="inline-flex items-center gap-2 self-start text-sm font-semibold text-brand-700 hover:underline sm:self-auto dark:text-brand-300"
        >
          <Rss aria-hidden className="size-4" /> RSS feed
        </a>
      </header>

      {featured ? (
        <>
          <section aria-label="Featured article" className="mt-10">
            <FeaturedPost post={featured} />
          </section>
          {rest.length > 0 ? (
            <section aria-labelledby="more-articles" className="mt-14">
              <h2 id="more-articles" className="text-2xl font-bold tracking-tight">
                More articles
              </h2>
              <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {rest.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} headingLevel={3} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : (
        <section className="card mt-10 flex flex-col items-center px-6 py-16 text-center" data-testid="blog-empty">
          <Newspaper aria-hidden className="size-12 text-slate-400" />
          <h2 className="mt-4 text-2xl font-bold">No Blog Posts Yet</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">Check back soon for articles from our team.</p>
          <Link to="/" className="btn-primary mt-6">
            Back to Home
          </Link>
        </section>
      )}
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    ...seo({
      title: "Blog",
      description: `Guides and news on no-code workflow automation from the ${BRAND.name} team.`,
      url: loaderData?.canonical ?? "/blog",
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${BRAND.name} Blog`,
      href: "/blog/rss.xml",
    },
  ];
}
