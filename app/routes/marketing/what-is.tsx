import { href } from "react-router";
import { FeaturePage, type FeaturePageContent } from "~/components/marketing/blocks";
import { marketingMeta } from "~/components/marketing/page-meta";
import { BRAND } from "~/lib/brand";
import { pageCanonical } from "~/lib/seo.server";
import type { Route } from "./+types/what-is";

const PAGE: FeaturePageContent = {
  hero: {
    eyebrow: `What is ${BRAND.name}`,
    title: `${BRAND.name} is the no-code platform for the processes that run your business`,
    intro: `Approvals, quotes, requests, onboarding, purchase orders: ${BRAND.name} brings them onto one platform where business teams design the process, automate the busywork and see how every request is doing — without writing a line of code.`,
    actions: [
      { label: "Start Free Trial", to: href("/free-trial") },
      { label: "Schedule Demo", to: href("/demo"), variant: "secondary" },
    ],
    illustration: {
      name: "integrations-hub",
      alt: `${BRAND.name} at the centre of CRM, ERP, email, chat, storage and e-signature apps`,
    },
  },
  blocks: [
    {
      eyebrow: "Build",
      title: "A drag-and-drop workflow builder",
      body: "Lay out your process as steps on a canvas: forms, approvals, conditions, milestones, emails and system updates. What you draw is what runs.",
      points: [
        "Start from pre-designed templates for common processes",
        "Test a workflow before you publish it",
        "Version history, so you can change safely",
      ],
      illustration: { name: "workflow-builder", alt: "Workflow steps connected on the builder canvas" },
    },
    {
      eyebrow: "Sell",
      title: "Bid-to-quote, from request to signed quotation",
      body: "Capture bids, price them from your rate cards, route them for approval when they exceed your limits and send a branded quote — all in one flow.",
      points: [
        "Automatic pricing and discount rules",
        "Approval thresholds by value or margin",
        "Every revision tracked against the original bid",
      ],
      illustration: { name: "bid-to-quote", alt: "An approved quotation with line items and a total" },
    },
    {
      eyebrow: "Collect",
      title: "Forms with field-wise logic",
      body: "Build forms that adapt as they are filled: show, hide or require fields based on earlier answers, validate data at the source and start a workflow on submit.",
      points: [
        "Text, number, date, dropdown, file, signature and table fields",
        "Single-column, two-column and tabbed layouts",
        "Data flows straight into the workflow and your systems",
      ],
      illustration: {
        name: "form-builder",
        alt: "A vendor onboarding form being built from an elements palette",
      },
    },
    {
      eyebrow: "Improve",
      title: "Real-time analytics and audit trails",
      body: "See where every request is, how long each step takes and where work piles up. A full audit trail answers who did what, and when, for every record.",
      points: [
        "Live dashboards per workflow, team and approver",
        "SLA tracking with alerts before deadlines slip",
        "Secured with AES-256, OAuth 2.0 and SOC 2 Type II controls",
      ],
      illustration: { name: "analytics", alt: "Analytics of cycle time, approvals and SLA performance" },
    },
  ],
  cta: {
    title: `See ${BRAND.name} with your own process`,
    body: "Try every feature free for 7 days, or book a 30-minute video demo and we will build one of your workflows live.",
    trial: "Start Free Trial",
    demo: "Schedule Demo",
    note: "No credit card required",
  },
  meta: {
    title: `What is ${BRAND.name}? The no-code workflow automation platform`,
    description: `${BRAND.name} is a no-code platform for approvals, bid-to-quote, forms and integrations, with role-based access, audit trails and real-time analytics.`,
  },
};

export function loader({ request }: Route.LoaderArgs) {
  return { canonical: pageCanonical(request) };
}

export default function WhatIs() {
  return <FeaturePage {...PAGE} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return marketingMeta(loaderData?.canonical, PAGE.meta);
}
