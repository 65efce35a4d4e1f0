import { href } from "react-router";
import { FeaturePage, type FeaturePageContent } from "~/components/marketing/blocks";
import { marketingMeta } from "~/components/marketing/page-meta";
import { BRAND } from "~/lib/brand";
import { pageCanonical } from "~/lib/seo.server";
import type { Route } from "./+types/form-builder";

const PAGE: FeaturePageContent = {
  hero: {
    eyebrow: "Form Builder",
    title: "Customisable forms that collect the right data the first time",
    intro: `Design forms by dragging in elements, arrange them in the layout that suits your users and add field-wise dynamic logic — then let every submission start a ${BRAND.name} workflow.`,
    actions: [
      { label: "Start Building Forms", to: href("/free-trial") },
      { label: "View Demo", to: href("/demo"), variant: "secondary" },
    ],
    illustration: { name: "form-builder", alt: "A vendor onboarding form in the form builder" },
  },
  blocks: [
    {
      eyebrow: "Elements",
      title: "Every element your data needs",
      body: "From a simple text box to signatures and line-item tables, each element validates its data as it is entered, so bad data never reaches your workflow.",
      points: [
        "Text, number, date, dropdown, checkbox and rating",
        "File uploads, e-signatures and repeatable tables",
        "Master data lookups for vendors, products and cost centres",
      ],
      illustration: { name: "form-elements", alt: "The palette of form elements" },
    },
    {
      eyebrow: "Layouts",
      title: "Layouts that fit the form",
      body: "Short requests read best in one column; long applications in two columns or tabbed sections. Switch layouts at any time without rebuilding the form.",
      points: [
        "Single-column, two-column and tabbed layouts",
        "Sections that collapse and expand",
        "Responsive on phones, tablets and desktops",
      ],
      illustration: { name: "form-layouts", alt: "Single-column, two-column and tabbed form layouts" },
    },
    {
      eyebrow: "Dynamic logic",
      title: "Field-wise dynamic logic",
      body: "Show, hide, require or pre-fill any field based on earlier answers. Each person sees only the questions that apply to them, and the form stays short.",
      points: [
        "Rules per field with AND/OR conditions",
        "Calculated fields for totals, taxes and dates",
        "Different validation for different cases",
      ],
      illustration: { name: "conditional-logic", alt: "A rule showing trip fields only for travel expenses" },
    },
    {
      eyebrow: "Automation",
      title: "Submissions that start work",
      body: "A submitted form is the start of a process, not the end. Route each entry for approval, update your systems and notify the right people automatically.",
      points: [
        "Start any workflow on submit",
        "Send data to your CRM, ERP or spreadsheet",
        "Track every submission to completion",
      ],
      illustration: { name: "form-submissions", alt: "A leave request form starting an approval workflow" },
    },
  ],
  cta: {
    title: "Build your first smart form in minutes",
    body: "Start with a template or a blank form, add your logic and share it with a link.",
    trial: "Start Building Forms",
    demo: "View Demo",
  },
  meta: {
    title: "Form Builder: customisable forms with field-wise logic",
    description: `Build forms with every element you need, flexible layouts and field-wise dynamic logic. Each submission starts a ${BRAND.name} workflow.`,
  },
};

export function loader({ request }: Route.LoaderArgs) {
  return { canonical: pageCanonical(request) };
}

export default function FormBuilder() {
  return <FeaturePage {...PAGE} />;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return marketingMeta(loaderData?.canonical, PAGE.meta);
}
