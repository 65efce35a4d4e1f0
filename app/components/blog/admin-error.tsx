import { ArrowLeft } from "lucide-react";
import { href, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { POST_NOT_FOUND } from "~/domain/blog/messages";

/** Error view of the Blog Management sub-pages: a missing post, or anything else. */
export function AdminBlogError({ notFound = false }: { notFound?: boolean }) {
  const error = useRouteError();
  const missing = notFound || (isRouteErrorResponse(error) && error.status === 404);
  return (
    <div className="card mx-auto max-w-lg p-8 text-center">
      <h1 className="text-xl font-bold">{missing ? POST_NOT_FOUND : "Something went wrong"}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {missing ? "It may have been deleted." : "Please try again in a moment."}
      </p>
      <Link to={href("/admin/dashboard/blog")} className="btn-secondary mt-6">
        <ArrowLeft aria-hidden className="size-4" /> Blog Management
      </Link>
    </div>
  );
}
