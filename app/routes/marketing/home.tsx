import { JsonLd } from "~/components/json-ld";
import { CtaBand } from "~/components/marketing/blocks";
import { SAMPLE_VIDEO } from "~/components/marketing/hero-video";
import {
  HomeCoreFeatures,
  HomeHero,
  HomeIntegrations,
  HomeStats,
  HomeWhy,
  HomeWorkflowFaq,
} from "~/components/marketing/home-sections";
import { marketingMeta } from "~/components/marketing/page-meta";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";
import { pageCanonical } from "~/lib/seo.server";
import type { Route } from "./+types/home";

export function loader({ request }: Route.LoaderArgs) {
  return {
    canonical: pageCanonical(request),
    // The hosted promo video when configured, else the small sample shipped with the site.
    videoSrc: config().VIDEO_URL || SAMPLE_VIDEO,
  };
}

/** Who publishes the site and what the site is, for search engines (schema.org). */
function siteJsonLd(canonical: string) {
  const origin = new URL(canonical).origin;
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": `${origin}/#organization`,
        name: BRAND.name,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
        email: BRAND.supportEmail,
        description: BRAND.tagline,
      },
      {
        "@type": "WebSite",
        "@id": `${origin}/#website`,
        name: BRAND.name,
        url: `${origin}/`,
        description: BRAND.tagline,
        publisher: { "@id": `${origin}/#organization` },
      },
    ],
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <JsonLd data={siteJsonLd(loaderData.canonical)} />
      <HomeHero videoSrc={loaderData.videoSrc} />
      <HomeStats />
      <HomeCoreFeatures />
      <HomeWorkflowFaq />
      <HomeIntegrations />
      <HomeWhy />
      <CtaBand
        title="Ready to automate your first workflow?"
        body={`Join the teams that replaced email chains and spreadsheets with ${BRAND.name}. Build your first workflow today, or let us show you around.`}
        trial="Start Free Trial"
        demo="Book a Demo"
      />
    </main>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return marketingMeta(loaderData?.canonical, {
    title: `${BRAND.name} — no-code workflow automation for business teams`,
    description:
      "Design approval workflows, bid-to-quote processes, forms and integrations without code. Start a 7-day free trial, no credit card required.",
  });
}
