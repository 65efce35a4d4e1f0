/**
 * The newsletter form's honeypot field. In a module of its own because the footer box on every
 * page needs the name: importing it from schemas.ts would put zod and the drizzle schema into
 * the JavaScript of every public page (and zod's JIT probe trips the CSP before it is off).
 */
export const NEWSLETTER_HONEYPOT = "website";
