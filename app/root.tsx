// First: configures zod before any module that builds a schema runs (see the file).
import "~/lib/zod-csp";
import pageSpeedUrl from "virtual:page-speed-url";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "react-router";
import { PreventFlashOnWrongTheme, ThemeProvider, useTheme } from "remix-themes";
import { ErrorPage } from "~/components/error-page";
import { resolveTheme } from "~/http/theme.server";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";
import { useNonce } from "~/lib/nonce";
import { restoreTypedValues } from "~/lib/typed-before-hydration";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  // `precedence` makes React emit the stylesheet first in <head>; without it React hoists the
  // module preloads above it and the one render-blocking file is requested last (decision 011).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { PAGE_ANALYTICS, PAGE_SPEED_SAMPLE_PERCENT } = config();
  // The browser's page speed and in-app page views (decision 091) follow the server's settings.
  const pageSpeed = { counting: PAGE_ANALYTICS === "on", samplePercent: PAGE_SPEED_SAMPLE_PERCENT };
  return { ...(await resolveTheme(request)), pageSpeed };
}

/** A failed fetch of a chunk that is only a measurement: the page goes unmeasured. */
const noop = () => {};

function Document({ children, theme }: { children: React.ReactNode; theme: string | null }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  // Says React has hydrated the page. The scripts start after the first paint (decision 036), so
  // the browser's "load" may come first; the Playwright suite waits for this before it clicks.
  useEffect(() => {
    // After every other effect of the first render: hydration has done all it changes (decision 047).
    restoreTypedValues();
    document.documentElement.dataset.hydrated = "true";
    // Page speed and in-app page views (decision 091), fetched now: nothing of it before hydration.
    const hydratedAt = performance.now();
    (import(/* @vite-ignore */ pageSpeedUrl) as Promise<typeof import("~/components/page-speed.client")>).then(
      ({ startPageSpeed }) => startPageSpeed(hydratedAt),
      noop,
    );
  }, []);
  return (
    <html lang="en" className={theme ?? undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <PreventFlashOnWrongTheme ssrTheme={Boolean(data?.theme)} nonce={nonce} />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function ThemedDocument({ children }: { children: React.ReactNode }) {
  const [theme] = useTheme();
  return <Document theme={theme}>{children}</Document>;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <ThemeProvider specifiedTheme={data?.theme ?? null} themeAction="/resources/theme">
      <ThemedDocument>{children}</ThemedDocument>
    </ThemeProvider>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <TitledErrorPage status={404} title="Page not found" message="The page you are looking for does not exist." />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    // The guards' refusal of a member whose role does not allow the page (decision 064).
    const message = typeof error.data === "string" ? error.data : "You are not allowed to open this page.";
    return <TitledErrorPage status={403} title="Not allowed" message={message} console />;
  }
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return (
    <TitledErrorPage
      status={isRouteErrorResponse(error) ? error.status : 500}
      title="Something went wrong"
      message="An unexpected error occurred. Please try again in a moment."
    />
  );
}

/**
 * The boundary's page with its own <title> (React hoists it into <head>): the routes' meta stops
 * at the boundary, so a console record that is gone (a lead erased or deleted meanwhile) would
 * otherwise answer a page without a title.
 */
function TitledErrorPage(props: Parameters<typeof ErrorPage>[0]) {
  return (
    <>
      <title>{`${props.title} | ${BRAND.name}`}</title>
      <ErrorPage {...props} />
    </>
  );
}
