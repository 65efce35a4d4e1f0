import { ArrowLeft } from "lucide-react";
import { href, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { POST_NOT_FOUND } from "~/domain/blog/messages";

/**
 * Error view of the Blog Management sub-pages: a missing post, or anything else. A page that
 * knows better what is missing (a revision of a post that exists) says so with `missing`.
 */
export function AdminBlogError({
  notFound = false,
  missing: what,
}: {
  notFound?: boolean;
  missing?: { title: string; message: string; back: { to: string; label: string } };
}) {
  const error = useRouteError();
  const missing = notFound || (isRouteErrorResponse(error) && error.status === 404);
  // A role the page does not allow (decision 064): say so, and lead back to the overview.
  const refused = isRouteErrorResponse(error) && error.status === 403;
  if (refused && !what) {
    what = {
      title: "Not allowed",
      message: typeof error.data === "string" ? error.data : "You are not allowed to open this page.",
      back: { to: href("/admin/dashboard"), label: "Back to the overview" },
    };
  }
  const back = what?.back ?? { to: href("/admin/dashboard/blog"), label: "Blog Management" };
  return (
    <div className="card mx-auto max-w-lg p-8 text-center">
      <h1 className="text-xl font-bold">{what?.title ?? (missing ? POST_NOT_FOUND : "Something went wrong")}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {what?.message ?? (missing ? "It may have been deleted." : "Please try again in a moment.")}
      </p>
      <Link to={back.to} className="btn-secondary mt-6">
        <ArrowLeft aria-hidden className="size-4" /> {back.label}
      </Link>
    </div>
  );
}
