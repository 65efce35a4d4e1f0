import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { noindexMeta } from "~/components/site/noindex-meta";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} title="Page not found" message="The page you are looking for does not exist." />;
}

export function meta() {
  return noindexMeta("Page not found");
}
