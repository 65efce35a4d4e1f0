import { Outlet, useLoaderData } from "react-router";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import { config } from "~/lib/config.server";

export function loader() {
  return { appUrl: config().APP_URL.replace(/\/$/, "") };
}

export default function SiteLayout() {
  const { appUrl } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader appUrl={appUrl} />
      <div id="main" className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
    </div>
  );
}
