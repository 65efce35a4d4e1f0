/**
 * What an HTML email says, as data: the builders in app/domain/* describe each message with
 * these blocks beside its plain-text version, and the one template (message.tsx) lays them out
 * in the branded layout (decision 021). Every href must be absolute: mail clients have no base URL.
 */

/** Part of a paragraph: text, or a link inside it. */
export type Inline = string | { href: string; label: string };

export type Block =
  /** A paragraph. */
  | { p: Inline | Inline[] }
  /** Label–value lines (meeting details, a lead's fields). */
  | { details: [label: string, value: Inline][] }
  /** The one primary action of the message. */
  | { button: { label: string; href: string } }
  /** A one-time code, large and easy to copy. */
  | { code: string }
  /** Small, muted text (what to do if this was not you, link lifetimes). */
  | { note: Inline | Inline[] };

export type EmailContent = {
  /** The inbox preview line (preheader), hidden in the message itself. */
  preview: string;
  heading: string;
  /** "Hi Asha," — omitted for messages to the sales inbox. */
  greeting?: string;
  blocks: Block[];
  /** "The Flowlane team" under the message (default true). */
  signOff?: boolean;
  /** Newsletter-type mail: the footer carries this unsubscribe link. */
  unsubscribeUrl?: string;
};
