/** Brand constants: the product name lives here and nowhere else. */
export const BRAND = {
  name: "Flowlane",
  slug: "flowlane",
  tagline: "No-code workflow automation for business teams",
  supportEmail: "support@flowlane.example",
  /** The business address in every email's footer (a placeholder until the company's is set). */
} as const;
