/**
 * What an email says, as data: each builder in app/domain/* describes its message once with
 * these blocks, and both parts are made from them (decision 063): the one template
 * (message.tsx) lays them out as the branded HTML (decision 021), `toText` (text.ts) writes the
 * plain-text alternative. Every href must be absolute: mail clients have no base URL.
 */

/** Part of a paragraph: text, or a link inside it. */
export type Inline = string | { href: string; label: string };

/** A link that stands on its own line; `for` says what it does ("cancel or reschedule"). */
export type Action = { label: string; href: string; for?: string };

export type Block =
  /** A paragraph. */
  | { p: Inline | Inline[] }
  /** Label–value lines (meeting details, a lead's fields). */
  | { details: [label: string, value: Inline][] }
  /** The one primary action of the message. */
  | { button: Action }
  /** A secondary action: a muted line with its link. */
  | { link: Action }
  /** A one-time code, large and easy to copy, after the sentence that names it ("Your code is"). */
  | { code: string; lead: string }
  /** Small, muted text (what to do if this was not you, link lifetimes). */
  | { note: Inline | Inline[] }
  /** A newsletter issue's body: HTML made by the blog's sanitizer, and its plain text (decision 092). */
  | { article: { html: string; text: string } };

export type EmailContent = {
  /** The inbox preview line (preheader), hidden in the message itself; the HTML part only. */
  preview: string;
  /** The title of the HTML card; the plain text leaves it to the subject. */
  heading: string;
  /** "Hi Asha," — omitted for messages to the sales inbox. */
  greeting?: string;
  blocks: Block[];
  /** "— The Flowlane team" under the message (default true). */
  signOff?: boolean;
  /** Newsletter-type mail: the footer carries this unsubscribe link. */
  unsubscribeUrl?: string;
};
