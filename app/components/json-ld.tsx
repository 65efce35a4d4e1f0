import { useNonce } from "~/lib/nonce";

/** JSON inside a script element: `<` escaped so no text in the data can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** Structured data for search engines (schema.org JSON-LD), with the page's CSP nonce. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD with `<` escaped
      dangerouslySetInnerHTML={{ __html: scriptJson(data) }}
    />
  );
}
