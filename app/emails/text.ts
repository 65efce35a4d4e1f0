import { BRAND } from "~/lib/brand";
import type { Action, Block, EmailContent, Inline } from "./content";

/** The sign-off both parts end with (message.tsx renders the same words). */
export const SIGN_OFF = `— The ${BRAND.name} team`;

/**
 * A link in running text: its address after the words, or only the words when they already
 * show the address (an email address, a URL written out). The address is followed by a space,
 * a line end or ")" so that mail clients link it whole.
 */
function inlineText(part: Inline): string {
  if (typeof part === "string") return part;
  const { href, label } = part;
  if (label.includes(href) || href === `mailto:${label}`) return label;
  return `${label} (${href})`;
}

const inlinesText = (parts: Inline | Inline[]) => (Array.isArray(parts) ? parts : [parts]).map(inlineText).join("");

/** "Manage your booking (cancel or reschedule): https://…" — the address on the line that names it. */
const actionText = ({ label, href, for: purpose }: Action) => `${label}${purpose ? ` (${purpose})` : ""}: ${href}`;

function blockText(block: Block): string {
  if ("p" in block) return inlinesText(block.p);
  if ("note" in block) return inlinesText(block.note);
  if ("details" in block) return block.details.map(([label, value]) => `${label}: ${inlineText(value)}`).join("\n");
  if ("code" in block) return `${block.lead} ${block.code}.`;
  if ("button" in block) return actionText(block.button);
  if ("article" in block) return block.article.text;
  return actionText(block.link);
}

/**
 * The plain-text part of an email, from the same content as its HTML (decision 063): the
 * greeting, each block as a paragraph, the sign-off and the unsubscribe link. What only the
 * HTML needs stays out: the preview line, the card's heading (the subject says it), the layout.
 */
export function toText(content: EmailContent): string {
  const paragraphs = [
    ...(content.greeting ? [content.greeting] : []),
    ...content.blocks.map(blockText),
    ...(content.signOff === false ? [] : [SIGN_OFF]),
    ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`] : []),
  ];
  return paragraphs.join("\n\n");
}
