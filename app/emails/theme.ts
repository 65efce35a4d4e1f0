/**
 * Email colors as hex (mail clients do not know oklch): the site's brand scale from app.css,
 * converted. Light values are inline styles; the dark ones are applied by the layout's
 * `prefers-color-scheme: dark` rules in clients that support them.
 */
export const EMAIL_COLORS = {
  light: {
    page: "#f1f5f9", // slate-100
    card: "#ffffff",
    text: "#0f172a", // slate-900
    muted: "#475569", // slate-600
    border: "#e2e8f0", // slate-200
    brand: "#2351de", // brand-600
    link: "#173ebb", // brand-700
    buttonText: "#ffffff",
    codeBg: "#eff5ff", // brand-50
  },
  dark: {
    page: "#020617", // slate-950
    card: "#0f172a", // slate-900
    text: "#f1f5f9", // slate-100
    muted: "#cbd5e1", // slate-300
    border: "#334155", // slate-700
    brand: "#5b8bff", // brand-400
    link: "#88afff", // brand-300
    buttonText: "#020617",
    codeBg: "#051139", // brand-950
  },
} as const;

export const EMAIL_FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";
