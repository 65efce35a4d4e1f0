import { href } from "react-router";
import { FeaturePage, type FeaturePageContent } from "~/components/marketing/blocks";
import { marketingMeta } from "~/components/marketing/page-meta";
import { BRAND } from "~/lib/brand";
import { pageCanonical } from "~/lib/seo.server";
import type { Route } from "./+types/integration";

const CRM_INTEGRATIONS = [
  "Salesforce",
  "HubSpot",
  "Zoho CRM",
  "Pipedrive",
  "Microsoft Dynamics 365 Sales",
  "Freshsales",
];
const THIRD_PARTY_INTEGRATIONS = [
  "Slack",
  "Microsoft Teams",
  "Google Workspace",
  "Microsoft 365",
  "DocuSign",
  "Dropbox",
  "Zoom",
  "Razorpay",
  "Webhooks",
];
const ERP_INTEGRATIONS = [
  "SAP S/4HANA",
  "Oracle NetSuite",
  "Microsoft Dynamics 365",
  "Tally Prime",
  "Odoo",
  "Sage Intacct",
];

const PAGE: FeaturePageContent = {
  hero: {
    eyebrow: "Integration",
    title: "Integrate And Automate",
    intro: `Connect ${BRAND.name} to your CRM, your ERP and the apps your teams live in. Data moves both ways in real time, so every workflow starts with the right information and finishes with every system up to date.`,
    actions: [
      { label: "Explore Integrations", to: `${href("/integration")}#crm` },
      { label: "API Documentation", to: href("/api/docs"), variant: "secondary" },
    ],
    illustration: { name: "integrations-hub", alt: `${BRAND.name} connected to CRM, ERP and third-party apps` },
  },
  blocks: [
    {
      id: "crm",
      eyebrow: "CRM integrations",
      title: "Close deals faster with your CRM in the loop",
      body: "Start a bid-to-quote or approval workflow from a CRM deal, and write the outcome back: stage, quote value and documents update without anyone re-keying them.",
      points: [
        "Trigger workflows from new deals, stage changes or fields",
        "Two-way sync of accounts, contacts and deals",
        "Quotes and approvals attached to the CRM record",
      ],
      illustration: { name: "crm-sync", alt: "A CRM deal and a Flowlane quote kept in sync" },
      extra: <IntegrationList label="CRM integrations" names={CRM_INTEGRATIONS} />,
    },
    {
      id: "third-party",
      eyebrow: "Third-party integrations",
      title: "Work where your teams already are",
      body: "Approve from Slack or Microsoft Teams, collect signatures with DocuSign, store files in Google Drive or Dropbox and take payments with Razorpay — all as steps in a workflow.",
      points: [
        "Approve, reject or comment from chat and email",
        "Documents filed automatically in the right folder",
        "Webhooks for anything else that speaks HTTP",
      ],
      illustration: { name: "apps-grid", alt: "Chat, email, storage, e-signature and payment apps" },
      extra: <IntegrationList label="Third-party integrations" names={THIRD_PARTY_INTEGRATIONS} />,
    },
    {
      id: "erp",
      eyebrow: "ERP integrations",
      title: "Post to your ERP only when it is approved",
      body: "Purchase orders, invoices and vendor records reach your ERP once every approval is in place, with the full audit trail attached. Budgets and master data flow back into your forms.",
      points: [
        "Post purchase orders, invoices and journal entries",
        "Look up vendors, items and cost centres live in forms",
        "Budget checks before a request is approved",
      ],
      illustration: { name: "erp-sync", alt: "Purchase orders posted to the ERP after approval" },
      extra: <IntegrationList label="ERP integrations" names={ERP_INTEGRATIONS} />,
    },
    {
      id: "api",
      eyebrow: "API",
      title: "Build your own with the REST API",
      body: `Connect in-house and legacy systems through ${BRAND.name}'s JSON API and webhooks. Every endpoint is documented with its request and response format.`,
      points: [
        "Secure token authentication",
        "Webhooks signed with HMAC-SHA256",
        "OpenAPI document for code generation",
      ],
      illustration: {
        name: "security-badges",
        alt: "Secure connections with AES-256, OAuth 2.0 and SOC 2 Type II",
      },
    },
  ],
  cta: {
    title: "Connect your first system in under 30 minutes",
    body: "Start your free trial, pick an integration and map the fields — or ask us to set it up with you on a demo call.",
    trial: "Start Integration",
    demo: "Book a Demo",
  },
  meta: {
    title: "Integrate And Automate: CRM, ERP and third-party apps",
    description: `Connect ${BRAND.name} to Salesforce, HubSpot, SAP, NetSuite, Tally, Slack, Teams and 500+ more apps, or build your own with the REST API.`,
  },
};

export function loader({ request }: Route.LoaderArgs) {
  return { canonical: pageCanonical(request) };
}

function IntegrationList({ label, names }: { label: string; names: string[] }) {
  return (
    <ul role="list" aria-label={label} className="mt-6 flex flex-wrap gap-2">
      {names.map((name) => (
        <li
          key={name}
          className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm font-medium text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          {name}
        </li>
      ))}
    </ul>
  );
}

export default function Integration() {
  return <FeaturePage {...PAGE} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return marketingMeta(loaderData?.canonical, PAGE.meta);
}
