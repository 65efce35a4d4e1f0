import { href } from "react-router";
import { FeaturePage, type FeaturePageContent } from "~/components/marketing/blocks";
import { marketingMeta } from "~/components/marketing/page-meta";
import { BRAND } from "~/lib/brand";
import { pageCanonical } from "~/lib/seo.server";
import type { Route } from "./+types/custom-workflows";

const PAGE: FeaturePageContent = {
  hero: {
    eyebrow: "Custom Workflows",
    title: "Build Powerful Workflows by Automating Processes",
    intro: `Every organisation works its own way. ${BRAND.name} lets you model your exact process — requests, approvals, conditions and hand-offs — on a visual canvas, then runs it for you, every time.`,
    actions: [
      { label: "Start Free Trial", to: href("/free-trial") },
      { label: "Book a Demo", to: href("/demo"), variant: "secondary" },
    ],
    illustration: { name: "workflow-builder", alt: "The drag-and-drop workflow builder with connected steps" },
  },
  blocks: [
    {
      eyebrow: "Approvals",
      title: "Custom approval workflows that never stall",
      body: "Send each request to the right people in the right order. Sequential or parallel approvals, delegation while someone is away, and automatic reminders and escalations keep decisions moving.",
      points: [
        "Single, multi-level and parallel approval chains",
        "Deadlines with reminders and escalation to a backup approver",
        "Approve, reject or send back with comments from email or mobile",
      ],
      illustration: { name: "approvals", alt: "A purchase request moving through a three-level approval chain" },
    },
    {
      eyebrow: "Rules",
      title: "Conditions that route work for you",
      body: "Add business rules without code: route by amount, department, region or any form field. Branches, loops and milestone conditions handle the exceptions that usually end up in someone's inbox.",
      points: [
        "If/then branches on any field, with AND/OR groups",
        "Amount bands that pick the approval level automatically",
        "Reusable rules shared across workflows",
      ],
      illustration: {
        name: "conditional-logic",
        alt: "A rule that shows extra fields when the expense type is Travel",
      },
    },
    {
      eyebrow: "Access",
      title: "Role-based access for every step",
      body: "Decide who can start, see, edit and approve each workflow. Roles map to your organisation chart, so a new joiner gets the right access on day one and a leaver loses it instantly.",
      points: [
        "Roles for requesters, approvers, owners and auditors",
        "Field-level visibility for sensitive data such as salaries",
        "Single sign-on with OAuth 2.0",
      ],
      illustration: {
        name: "roles-access",
        alt: "A permissions matrix of roles against view, edit and approve rights",
      },
    },
    {
      eyebrow: "Audit & analytics",
      title: "Audit trails and analytics built in",
      body: "Every action is recorded with who, what and when, so audits take minutes instead of weeks. Live dashboards show cycle times and bottlenecks, so you know exactly where to improve next.",
      points: [
        "A tamper-evident history of every request and decision",
        "Cycle time, SLA and workload reports per workflow and team",
        "Export to CSV or your BI tool in one click",
      ],
      illustration: { name: "audit-trail", alt: "An audit trail listing each step of a request with its time" },
    },
  ],
  cta: {
    title: "Your first workflow is 30 minutes away",
    body: "Start from a pre-designed template or a blank canvas, invite your team and publish. We will help you every step of the way.",
    trial: "Start Building Workflows",
    demo: "Book a Demo",
  },
  meta: {
    title: "Custom Workflows: automate your business processes",
    description: `Design custom approval workflows with conditions, role-based access and audit trails on ${BRAND.name}'s drag-and-drop builder. No code required.`,
  },
};

export function loader({ request }: Route.LoaderArgs) {
  return { canonical: pageCanonical(request) };
}

export default function CustomWorkflows() {
  return <FeaturePage {...PAGE} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return marketingMeta(loaderData?.canonical, PAGE.meta);
}
