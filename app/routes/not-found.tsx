import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { BRAND } from "~/lib/brand";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} title="Page not found" message="The page you are looking for does not exist." />;
}

export function meta() {
  return [{ title: `Page not found | ${BRAND.name}` }, { name: "robots", content: "noindex" }];
}
