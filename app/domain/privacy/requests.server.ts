import type { AuditActor } from "~/domain/audit/audit.server";
import { deliverSoon, emailStatement, type OutgoingEmail } from "~/domain/email/outbox.server";
import { base64Utf8 } from "~/domain/meetings/ics";
import { signValue, unsignValue } from "~/domain/verification/secret.server";
import { composeEmail } from "~/emails/render.server";
import { BRAND } from "~/lib/brand";
import { siteUrl } from "~/lib/config.server";
import { sha256Hex } from "~/lib/crypto.server";
import { HOUR } from "~/lib/durations";
import { isAppError } from "~/lib/errors";
import { filledHoneypot } from "~/lib/honeypot";
import { erasePerson, exportFilename, exportPerson, TEAM_MEMBER } from "./people.server";
import { PRIVACY_REQUEST_KINDS, PRIVACY_TEXTS, type PrivacyRequestInput, type PrivacyRequestKind } from "./schemas";

/*
 * A visitor's own export or erasure request (issue 29 item 3, decision 088). Nothing is stored
 * when they ask: the emailed link carries the request, signed with the server key and dated, so
 * only the mailbox's owner can confirm it and a stranger's request costs the address one email an
 * hour at most (the outbox's idempotency key). Opening the link changes nothing (mail scanners open
 * links); its page's button posts the confirmation, which is fulfilled at once: the link proved
 * the address, and an erasure refused (an upcoming meeting) says what to do first.
 */

export const PRIVACY_LINK_LIFETIME = 24 * HOUR; // 24 hours
const PREFIX = "privacy-request";

/** Who the audit names for a visitor's own confirmed request: nobody in the team. */
export const VISITOR_ACTOR: AuditActor = { id: null, email: "privacy request (confirmed by email)" };

const KIND_WORDS: Record<PrivacyRequestKind, { subject: string; action: string; button: string }> = {
  export: { subject: "Confirm your data export request", action: "a copy of the data", button: "Send me my data" },
  erase: { subject: "Confirm your erasure request", action: "the erasure of the data", button: "Erase my data" },
};

export function privacyConfirmUrl(token: string) {
  return `${siteUrl()}/privacy/requests/confirm?token=${encodeURIComponent(token)}`;
}

export async function privacyConfirmEmail(
  email: string,
  kind: PrivacyRequestKind,
  token: string,
  idempotencyKey: string,
): Promise<OutgoingEmail> {
  const words = KIND_WORDS[kind];
  return composeEmail(
    { kind: "privacy.request_confirm", to: email, subject: `${words.subject} | ${BRAND.name}`, idempotencyKey },
    {
      preview: words.subject,
      heading: words.subject,
      blocks: [
        { p: `Someone (we hope you) asked ${BRAND.name} for ${words.action} we hold about this address.` },
        { button: { label: words.button, href: privacyConfirmUrl(token) } },
        {
          note: `The link works for ${PRIVACY_LINK_LIFETIME / HOUR} hours and asks once more before anything happens. If you did not ask for this, ignore this email.`,
        },
      ],
    },
  );
}

export async function privacyExportEmail(email: string, json: string, filename: string, idempotencyKey: string) {
  const message = await composeEmail(
    { kind: "privacy.export", to: email, subject: `Your data held by ${BRAND.name}`, idempotencyKey },
    {
      preview: "A copy of everything we hold about you",
      heading: "Your data",
      blocks: [
        { p: `Attached is a copy of everything ${BRAND.name} holds about this address, as a JSON file.` },
        { note: "To have it erased, ask from the privacy requests page of our site." },
      ],
    },
  );
  // The copy of a person's data is redacted from the stored message once a real transport sent it.
  return {
    ...message,
    sensitive: true,
    attachments: [{ filename, contentType: "application/json", content: base64Utf8(json) }],
  };
}

/**
 * Emails the confirmation link, or nothing: a honeypot hit, or a second request of the same kind
 * for the address within the hour (same idempotency key). The caller answers the same either way.
 */
export async function requestPrivacy(input: PrivacyRequestInput, { now = new Date(), local = false } = {}) {
  if (filledHoneypot(input)) return false;
  const expires = now.getTime() + PRIVACY_LINK_LIFETIME;
  const token = await signValue(`${PREFIX}:${input.kind}:${expires}:${input.email}`, local);
  const hour = Math.floor(now.getTime() / HOUR);
  const key = `privacy.request:${input.kind}:${await sha256Hex(input.email)}:${hour}`;
  const message = await privacyConfirmEmail(input.email, input.kind, token, key);
  await emailStatement(message);
  await deliverSoon([key]);
  return true;
}

export type PrivacyOutcome =
  | { outcome: "exported" | "erased" | "nothing-held" | "invalid" }
  | { outcome: "refused"; message: string };

/** The request a link carries, when the link is ours and not expired. */
async function requestOf(token: string, now: Date, local: boolean) {
  const value = await unsignValue(token, local);
  if (!value?.startsWith(`${PREFIX}:`)) return null;
  const [, kind, expires, ...rest] = value.split(":");
  const email = rest.join(":");
  if (!PRIVACY_REQUEST_KINDS.includes(kind as PrivacyRequestKind) || !email) return null;
  if (!(Number(expires) > now.getTime())) return null;
  return { kind: kind as PrivacyRequestKind, email };
}

/** Fulfils a confirmed request (the link page's POST). */
export async function confirmPrivacyRequest(
  token: string,
  { now = new Date(), local = false } = {},
): Promise<PrivacyOutcome> {
  const request = await requestOf(token, now, local);
  if (!request) return { outcome: "invalid" };
  if (request.kind === "export") {
    const file = await exportPerson(VISITOR_ACTOR, request.email, now);
    // One export email per link, however often it is confirmed.
    const key = `privacy.export:${(await sha256Hex(token)).slice(0, 32)}`;
    const message = await privacyExportEmail(
      request.email,
      JSON.stringify(file, null, 2),
      exportFilename(now, "json"),
      key,
    );
    await emailStatement(message);
    await deliverSoon([key]);
    return { outcome: "exported" };
  }
  try {
    await erasePerson(VISITOR_ACTOR, request.email, now);
    return { outcome: "erased" };
  } catch (error) {
    if (isAppError(error) && error.status === 404) return { outcome: "nothing-held" };
    if (isAppError(error) && error.status === 409) {
      // Said to the visitor, not the team: what they can do about it themselves.
      const message = error.message === TEAM_MEMBER ? PRIVACY_TEXTS.teamMember : PRIVACY_TEXTS.upcoming;
      return { outcome: "refused", message };
    }
    throw error;
  }
}
