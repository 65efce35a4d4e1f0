import { Button, Heading, Link, Section, Text } from "@react-email/components";
import { Fragment } from "react";
import type { Block, EmailContent, Inline } from "./content";
import { EmailLayout } from "./layout";
import { SIGN_OFF } from "./text";
import { EMAIL_COLORS } from "./theme";

const c = EMAIL_COLORS.light;

const paragraph = { margin: "0 0 16px", fontSize: "16px", lineHeight: "24px", color: c.text } as const;
const muted = { ...paragraph, fontSize: "14px", lineHeight: "20px", color: c.muted } as const;

function Inlines({ parts }: { parts: Inline | Inline[] }) {
  const list = Array.isArray(parts) ? parts : [parts];
  return (
    <>
      {list.map((part, i) =>
        typeof part === "string" ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <Link key={i} className="fl-link" href={part.href} style={{ color: c.link, textDecoration: "underline" }}>
            {part.label}
          </Link>
        ),
      )}
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  if ("p" in block) {
    return (
      <Text className="fl-text" style={paragraph}>
        <Inlines parts={block.p} />
      </Text>
    );
  }
  if ("note" in block) {
    return (
      <Text className="fl-muted" style={muted}>
        <Inlines parts={block.note} />
      </Text>
    );
  }
  if ("link" in block) {
    const { label, href, for: purpose } = block.link;
    return (
      <Text className="fl-muted" style={muted}>
        <Inlines parts={[{ href, label }, ...(purpose ? [` (${purpose})`] : [])]} />
      </Text>
    );
  }
  if ("details" in block) {
    return (
      <Section style={{ margin: "0 0 16px" }}>
        {block.details.map(([label, value]) => (
          <Text key={label} className="fl-text" style={{ ...paragraph, margin: "0 0 6px", wordBreak: "break-word" }}>
            <span className="fl-muted" style={{ color: c.muted }}>
              {label}:
            </span>{" "}
            <Inlines parts={value} />
          </Text>
        ))}
      </Section>
    );
  }
  if ("article" in block) {
    return (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized when the issue was saved (the blog's rehype-sanitize); only our own link rewriting since
      <div className="fl-text" style={paragraph} dangerouslySetInnerHTML={{ __html: block.article.html }} />
    );
  }
  if ("code" in block) {
    return (
      <>
        <Text className="fl-text" style={paragraph}>
          {`${block.lead}:`}
        </Text>
        <Text
          className="fl-code"
          style={{
            margin: "0 0 16px",
            padding: "16px",
            textAlign: "center",
            fontSize: "32px",
            lineHeight: "40px",
            fontWeight: 700,
            letterSpacing: "8px",
            fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
            color: c.text,
            backgroundColor: c.codeBg,
            border: `1px solid ${c.border}`,
            borderRadius: "8px",
          }}
        >
          {block.code}
        </Text>
      </>
    );
  }
  return (
    <>
      <Section style={{ margin: "8px 0 24px" }}>
        <Button
          className="fl-button"
          href={block.button.href}
          style={{
            backgroundColor: c.brand,
            color: c.buttonText,
            borderRadius: "8px",
            fontSize: "16px",
            fontWeight: 600,
            lineHeight: "24px",
            padding: "12px 24px",
            textDecoration: "none",
            display: "inline-block",
          }}
        >
          {block.button.label}
        </Button>
      </Section>
      {block.button.for ? (
        <Text className="fl-muted" style={muted}>
          {`Use the button to ${block.button.for}.`}
        </Text>
      ) : null}
    </>
  );
}

/** The template every kind of email uses: a heading, a greeting, its blocks, the sign-off. */
export function MessageEmail({ content, postalAddress }: { content: EmailContent; postalAddress?: string }) {
  return (
    <EmailLayout preview={content.preview} unsubscribeUrl={content.unsubscribeUrl} postalAddress={postalAddress}>
      <Heading
        as="h1"
        className="fl-text"
        style={{ margin: "0 0 20px", fontSize: "22px", lineHeight: "30px", fontWeight: 700, color: c.text }}
      >
        {content.heading}
      </Heading>
      {content.greeting ? (
        <Text className="fl-text" style={paragraph}>
          {content.greeting}
        </Text>
      ) : null}
      {content.blocks.map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
      {content.signOff === false ? null : (
        <Text className="fl-text" style={{ ...paragraph, margin: "8px 0 0" }}>
          {SIGN_OFF}
        </Text>
      )}
    </EmailLayout>
  );
}
