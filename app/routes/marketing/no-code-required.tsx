import { href } from "react-router";
import { FeaturePage, type FeaturePageContent } from "~/components/marketing/blocks";
import { marketingMeta } from "~/components/marketing/page-meta";
import { BRAND } from "~/lib/brand";
import { pageCanonical } from "~/lib/seo.server";
import type { Route } from "./+types/no-code-required";

const PAGE: FeaturePageContent = {
  hero: {
    eyebrow: "No-Code Required",
    title: "Intuitive and fluid no-code workflows",
    intro: `If you can sketch your process on a whiteboard, you can automate it in ${BRAND.name}. Milestones, conditions and release strategies are settings you choose, not code you write.`,
    actions: [
      { label: "Start Free Trial", to: href("/free-trial") },
      { label: "Schedule Demo", to: href("/demo"), variant: "secondary" },
    ],
    illustration: { name: "approvals", alt: "An approval chain configured without code" },
  },
  blocks: [
    {
      eyebrow: "Milestone conditions",
      title: "Milestones that know when they are done",
      body: "Break long processes into milestones and give each one a completion condition: documents received, checks passed, approvals given. The workflow moves on by itself the moment a condition is met.",
      points: [
        "Conditions on fields, approvals, dates and checklists",
        "Automatic notifications when a milestone is reached or at risk",
        "A clear timeline for everyone involved",
      ],
      illustration: {
        name: "milestones",
        alt: "A project timeline with milestones and the condition for the next one",
      },
    },
    {
      eyebrow: "Release strategy",
      title: "Approval and release strategies by value",
      body: "Decide who must approve before anything is released: by amount band, cost centre or category. Small requests fly through; large ones get the scrutiny they need.",
      points: [
        "Amount bands with one, two or more approval levels",
        "Automatic release once the last level approves",
        "Changes to a strategy apply to new requests instantly",
      ],
      illustration: {
        name: "release-strategy",
        alt: "A release strategy with approval levels by purchase order amount",
      },
    },
    {
      eyebrow: "Visual builder",
      title: "Drag, drop, publish",
      body: "Add steps from the palette, connect them and publish. Business users change their own workflows in minutes, and IT stays in control with roles and review.",
      points: [
        "Pre-designed templates for finance, HR, sales and operations",
        "Preview and test runs before publishing",
        "Every change versioned and reversible",
      ],
      illustration: { name: "workflow-builder", alt: "Dragging an Email step onto the workflow canvas" },
    },
    {
      eyebrow: "Confidence",
      title: "Every change leaves a trail",
      body: "No-code does not mean no control. Each edit to a workflow and each decision inside it is recorded, so you can answer any auditor's question in minutes.",
      points: [
        "Who changed which step, and when",
        "Before-and-after values on every record",
        "Exports for internal and external audits",
      ],
      illustration: { name: "audit-trail", alt: "An audit trail of changes and approvals" },
    },
  ],
  cta: {
    title: "Automate a process today — no developers needed",
    body: "Pick a template, set your milestones and release strategy, and go live in under 30 minutes.",
    trial: "Start Free Trial",
    demo: "Schedule Demo",
  },
  meta: {
    title: "No-Code Required: workflows with milestones and releases",
    description:
      "Automate processes without code: milestone conditions, approval and release strategies and a drag-and-drop builder business users love.",
  },
};

export function loader({ request }: Route.LoaderArgs) {
  return { canonical: pageCanonical(request) };
}

export default function NoCodeRequired() {
  return <FeaturePage {...PAGE} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return marketingMeta(loaderData?.canonical, PAGE.meta);
}
