import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { BRAND } from "~/lib/brand";
import { EMAIL_COLORS, EMAIL_FONT } from "./theme";

const light = EMAIL_COLORS.light;
const dark = EMAIL_COLORS.dark;

/**
 * Dark mode for clients that honour `prefers-color-scheme` (Apple Mail, iOS, Outlook.com,
 * Thunderbird). Inline styles carry the light colors, so these need !important. Clients that
 * invert colors themselves get a light design whose contrast survives inversion.
 */
const DARK_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  /* React Email's Body repeats its background on the cell it wraps the message in. */
  .fl-page, .fl-page > table > tbody > tr > td { background-color: ${dark.page} !important; }
  .fl-card { background-color: ${dark.card} !important; border-color: ${dark.border} !important; }
  .fl-text { color: ${dark.text} !important; }
  .fl-muted { color: ${dark.muted} !important; }
  .fl-brand { color: ${dark.brand} !important; }
  .fl-link { color: ${dark.link} !important; }
  .fl-button { background-color: ${dark.brand} !important; color: ${dark.buttonText} !important; }
  .fl-code { background-color: ${dark.codeBg} !important; color: ${dark.text} !important; border-color: ${dark.border} !important; }
  .fl-rule { border-color: ${dark.border} !important; }
}
@media only screen and (max-width: 480px) {
  .fl-card { padding: 24px 20px !important; }
}
`;

/**
 * The one frame of every email (decision 021): the wordmark as text (no remote images),
 * a card with the message, and a footer with the business address and, for newsletter-type
 * mail, the unsubscribe link. No scripts, no remote loads; readable at 375 px.
 */
export function EmailLayout({
  preview,
  unsubscribeUrl,
  postalAddress,
  children,
}: {
  preview: string;
  unsubscribeUrl?: string;
  /** The configured POSTAL_ADDRESS; no line when it is empty. */
  postalAddress?: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <meta name="x-apple-disable-message-reformatting" />
        <style>{DARK_CSS}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        className="fl-page"
        style={{ backgroundColor: light.page, margin: 0, padding: "24px 0", fontFamily: EMAIL_FONT }}
      >
        <Container style={{ maxWidth: "560px", width: "100%", margin: "0 auto", padding: "0 12px" }}>
          <Section style={{ padding: "4px 4px 16px" }}>
            <Text
              className="fl-brand"
              style={{ margin: 0, fontSize: "22px", lineHeight: "28px", fontWeight: 700, color: light.brand }}
            >
              {BRAND.name}
            </Text>
          </Section>
          <Section
            className="fl-card"
            style={{
              backgroundColor: light.card,
              border: `1px solid ${light.border}`,
              borderRadius: "12px",
              padding: "32px",
            }}
          >
            {children}
          </Section>
          <Section style={{ padding: "20px 4px 0" }}>
            <Text className="fl-muted" style={footerText}>
              {BRAND.name} — {BRAND.tagline}
              {postalAddress ? (
                <>
                  <br />
                  {postalAddress}
                </>
              ) : null}
            </Text>
            {unsubscribeUrl ? (
              <>
                <Hr className="fl-rule" style={{ borderColor: light.border, margin: "12px 0" }} />
                <Text className="fl-muted" style={footerText}>
                  You get this email because this address was entered in the {BRAND.name} newsletter form.{" "}
                  <Link className="fl-link" href={unsubscribeUrl} style={{ color: light.link }}>
                    Unsubscribe
                  </Link>
                </Text>
              </>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const footerText = { margin: 0, fontSize: "12px", lineHeight: "18px", color: light.muted } as const;
