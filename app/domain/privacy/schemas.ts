import { z } from "zod";
import { EmailSchema } from "~/domain/accounts/schemas";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

/** Whose data: the email as any form stored it (lookups ignore case). */
export const PersonQuerySchema = z.object({ email: EmailSchema });

export const ERASE_CONFIRM_MESSAGE = "Confirm that this person's data is to be erased.";

/** Erasing needs the email and an explicit `confirm: true` (the page's checkbox). */
export const EraseSchema = z.object({
  email: EmailSchema,
  confirm: z.literal(true, { error: ERASE_CONFIRM_MESSAGE }),
});

/** Everything held, by kind (bookings, callbacks, leads, lead_notes, trials, newsletter, emails, audit, …). */
export const HeldSchema = z
  .record(z.string(), z.array(z.record(z.string(), z.unknown())))
  .describe("Rows by kind, each as stored (hashes and secrets left out); a kind with no rows is absent");

export const PersonJsonSchema = z.object({
  email: z.string(),
  counts: z.record(z.string(), z.number().int()),
  held: HeldSchema,
});

export const ErasureJsonSchema = z.object({
  erased: z.record(z.string(), z.number().int()).describe("Rows removed or anonymised, by kind"),
  total: z.number().int(),
});

export const PRIVACY_REQUEST_KINDS = ["export", "erase"] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

export const PRIVACY_TEXTS = {
  kindRequired: "Choose whether you want a copy of your data or want it erased.",
  checkInbox: "Check your inbox: we sent a link to confirm the request. Nothing happens until you open it and confirm.",
  failed: "Your request could not be sent. Please try again.",
  exported: "Done: a copy of everything we hold about you is on its way to your inbox.",
  erased: "Done: your data has been erased. You will not hear from us again unless you contact us.",
  nothingHeld: "Nothing is held about this address any more.",
  linkInvalid: "This link is invalid or has expired. Ask again from the privacy requests page.",
  confirmFailed: "Your confirmation could not be sent. Please try again.",
  upcoming:
    "You have an upcoming demo with us: cancel it with the link in your booking email first, then confirm again.",
  teamMember: "This address belongs to a team member's account: ask an Owner to remove it from the team.",
} as const;

/** The visitor's request (the form and `POST /api/privacy/requests`). */
export const PrivacyRequestSchema = z.object({
  email: EmailSchema,
  kind: z.enum(PRIVACY_REQUEST_KINDS, { error: PRIVACY_TEXTS.kindRequired }),
  [HONEYPOT_FIELD]: z.string().max(1000).nullish(),
});
export type PrivacyRequestInput = z.output<typeof PrivacyRequestSchema>;

/** The signed link's token: `privacy-request:kind:expires:email.hmac`. */
export const PrivacyTokenSchema = z.string().trim().min(1).max(500);
