import { href } from "react-router";
import { BRAND } from "~/lib/brand";

export type NavLinkItem = { label: string; to: string; description?: string };
export type NavGroup = { label: string; items: NavLinkItem[] };
export type NavEntry = NavGroup | NavLinkItem;

export const isGroup = (entry: NavEntry): entry is NavGroup => "items" in entry;

/**
 * The header menu (spec §2). Success Stories stays out until its page exists;
 * Pricing is routed but not in the menu list.
 */
export const NAV: NavEntry[] = [
  {
    label: "Products",
    items: [
      { label: "Custom Workflows", to: href("/custom-workflows"), description: "Automate approvals and processes" },
    ],
  },
  {
    label: "Platform",
    items: [
      { label: `What is ${BRAND.name}`, to: `/what-is-${BRAND.slug}`, description: "The platform in five minutes" },
      { label: "No-Code Required", to: href("/no-code-required"), description: "Milestones and release strategies" },
      { label: "Form Builder", to: href("/form-builder"), description: "Forms with field-wise logic" },
      { label: "Integration", to: href("/integration"), description: "CRM, ERP and third-party apps" },
    ],
  },
  {
    label: "Resources",
    items: [{ label: "Blog", to: href("/blog"), description: "Guides and product news" }],
  },
  { label: "Demo", to: href("/demo") },
];

export function isActivePath(pathname: string, to: string) {
  return pathname === to || (to !== "/" && pathname.startsWith(`${to}/`));
}
