import { BOT_CHECK_TEXTS, checkBot, issueFormToken, submissionText } from "~/domain/verification/bot-check.server";
import { BOT_CHECK_FIELD, BOT_CHECK_HEADER, FORM_TOKEN_FIELD, FORM_TOKEN_MARKER } from "~/lib/bot-check";
import { isLocalHttp } from "~/lib/local-http";
import { bypassReason, pageKind } from "./edge-cache.server";

/*
 * The bot check at the HTTP floor (decision 080): the token a rendered form carries, and the
 * check each public form action and checked /api endpoint runs before it stores or sends anything.
 */

/**
 * The "form issued at" token this render's forms carry. HTML that may be kept at the edge and
 * shared (decision 015) carries a marker instead, which the edge cache replaces with a fresh
 * token in every answer, kept or rendered, as it does the CSP nonce: a shared token would be
 * everyone's.
 */
export function formTokenForRender(request: Request): string {
  const shared = request.method === "GET" && pageKind(new URL(request.url).pathname) && !bypassReason(request);
  return shared ? FORM_TOKEN_MARKER : issueFormToken({ local: isLocalHttp(request) });
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" && value ? value : null);

/**
 * Checks a posted public form: its solved challenge (JavaScript) or its form token (without).
 * Null when it passes, else the message to show beside the kept input.
 */
export async function formBotCheck(request: Request, form: FormData): Promise<string | null> {
  const outcome = await checkBot(
    {
      work: text(form.get(BOT_CHECK_FIELD)),
      formToken: text(form.get(FORM_TOKEN_FIELD)),
      submission: submissionText(form),
    },
    { local: isLocalHttp(request) },
  );
  if (outcome.ok) return null;
  return outcome.reason === "too-fast" ? BOT_CHECK_TEXTS.tooFast : BOT_CHECK_TEXTS.failed;
}

/** Checks an /api call's solved challenge (the `X-Bot-Check` header); null when it passes, else the error. */
export async function apiBotCheck(request: Request, body: unknown): Promise<string | null> {
  const outcome = await checkBot(
    { work: request.headers.get(BOT_CHECK_HEADER), formToken: null, submission: JSON.stringify(body ?? null) },
    { local: isLocalHttp(request) },
  );
  return outcome.ok ? null : BOT_CHECK_TEXTS.api;
}
