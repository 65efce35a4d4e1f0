import { Suspense } from "react";
import { renderToReadableStream } from "react-dom/server";
import { config } from "~/lib/config.server";
import type { EmailContent } from "./content";
import type { EmailKind } from "./kinds";
import { MessageEmail } from "./message";
import { toText } from "./text";

/** The doctype React Email's `render` writes: email clients expect XHTML 1.0 Transitional. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The HTML version of an email (decision 021): the React Email components rendered to a string
 * by react-dom/server's streaming renderer, the one the pages use, as `@react-email/render`'s
 * edge build does. That package is not imported: its module also imports prettier (for its
 * `pretty` option) and html-to-text (for `plainText`), which the Worker bundle would carry for
 * nothing (decision 039; a test holds the two outputs equal).
 */
export async function renderEmail(content: EmailContent): Promise<string> {
  let failure: unknown;
  const stream = await renderToReadableStream(
    <Suspense>
      <MessageEmail content={content} postalAddress={config().POSTAL_ADDRESS} />
    </Suspense>,
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    },
  );
  await stream.allReady;
  if (failure) throw failure;
  const html = await new Response(stream).text();
  return `${DOCTYPE}${html.replace(/<!DOCTYPE.*?>/, "")}`;
}

/**
 * An email written once (decision 063): the envelope (kind, recipient, subject, key…) and one
 * content, from which both the HTML and the plain-text alternative are made. `kind` must be
 * one of EMAIL_KINDS, so a new kind cannot be sent without joining the list the tests walk.
 */
export async function composeEmail<Envelope extends { kind: EmailKind }>(envelope: Envelope, content: EmailContent) {
  return { ...envelope, text: toText(content), html: await renderEmail(content) };
}
