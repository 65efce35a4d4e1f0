import { ArrowLeft } from "lucide-react";
import { href, Link } from "react-router";
import { ErrorView } from "~/components/error-view";
import type { PostCardData } from "~/domain/blog/format";
import { BRAND } from "~/lib/brand";
import { PostCard } from "./post-card";

// What the blog's list, archives and articles share. No form here: an article imports it
// without the archives' search box (tests/e2e/hydration-window.spec.ts follows imports).

/** The way back to the list, atop an article or an archive. */
export function BackToBlog() {
  return (
    <Link
      to={href("/blog")}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
    >
      <ArrowLeft aria-hidden className="size-4" /> Back to Blog
    </Link>
  );
}

/** Post cards as a list, laid out by `className`; their titles are headings of `headingLevel`. */
export function PostCardList(props: {
  posts: PostCardData[];
  className: string;
  testId?: string;
  headingLevel: 2 | 3;
}) {
  return (
    <ul className={props.className} data-testid={props.testId}>
      {props.posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} headingLevel={props.headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** The head of a blog page that is not found: a plain title, and no index. */
export const blogNotFoundMeta = () => [
  { title: `Page not found | ${BRAND.name} Blog` },
  { name: "robots", content: "noindex" },
];

/** A blog page's error boundary: what is not found, or that `what` could not be loaded, and the way back. */
export function BlogErrorView({
  error,
  notFound,
  what,
}: {
  error: unknown;
  notFound: { title: string; message: string };
  what: string;
}) {
  return (
    <ErrorView
      error={error}
      variant="page"
      notFound={notFound}
      failed={{ title: "Something went wrong", message: `${what} could not be loaded. Please try again in a moment.` }}
      back={{ to: href("/blog"), label: "Back to Blog" }}
    />
  );
}
