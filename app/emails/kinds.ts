/**
 * Every kind of email the product sends, with who gets it and why (decision 063). A builder can
 * only compose a kind named here (`composeEmail` takes an `EmailKind`), and the test registry
 * (tests/helpers/email-kinds.ts) must hold a sample of each, so a new kind is rendered and
 * checked by the "every kind" test from the day it exists. The kind is stored with each
 * message and shown in the email log.
 */
export const EMAIL_KINDS = {
  "meeting.confirmation": "Visitor: the demo request is in, with the invitation (.ics) and the manage link",
  "meeting.sales_notice": "Sales: a new booking to approve",
  "meeting.confirmed": "Visitor: an admin approved the demo",
  "meeting.cancelled": "Visitor: an admin rejected the demo request, with the note they typed",
  "meeting.visitor_cancelled": "Visitor: they cancelled through the manage link",
  "meeting.rescheduled": "Visitor: they moved the demo through the manage link",
  "meeting.sales_cancelled": "Sales: the visitor cancelled",
  "meeting.sales_rescheduled": "Sales: the visitor moved the demo",
  "meeting.reminder_24h": "Visitor: the demo is tomorrow",
  "meeting.reminder_1h": "Visitor: the demo starts in an hour",
  "meeting.link": "Visitor: the video link was added or changed",
  "meeting.sales_link_missing": "Sales: a confirmed demo still has no video link",
  "callback.sales_notice": "Sales: a visitor asked to be called back",
  "lead.sales_notice": "Sales: an Enterprise enquiry from the pricing page",
  "trial.code": "Visitor: the one-time code of the trial signup",
  "trial.awaiting-approval": "Visitor: the verified trial waits for approval",
  "trial.approved": "Visitor: the trial is approved, with its dates",
  "trial.rejected": "Visitor: the trial request is declined",
  "trial.welcome": "Visitor: how to sign in to the app",
  "trial.expiring": "Visitor: the trial ends soon",
  "newsletter.confirm": "Reader: confirm the newsletter subscription",
  "newsletter.issue": "Subscriber: a newsletter issue, with one-click unsubscribe (List-Unsubscribe) and tracked links",
  "newsletter.test": "Any address a Marketing member names: a test copy of a newsletter issue",
  "team.register-existing": "Admin: someone tried to register their address again",
  "team.approved": "Registrant: the admin account was approved",
  "team.rejected": "Registrant: the admin registration was declined",
  "team.invitation": "Invitee: an Owner or Admin invited them to the team with a role, with the accept link",
  "admin.password-reset": "Admin: the password reset link",
  "admin.password-changed": "Admin: the password was changed with a reset link",
  "account.locked": "Admin: too many wrong attempts locked the account",
  "account.2fa_enabled": "Admin: two-factor sign-in was turned on",
  "account.2fa_disabled": "Admin: two-factor sign-in was turned off",
  "account.2fa_recovery_codes_regenerated": "Admin: new recovery codes were made",
  "account.2fa_recovery_code_used": "Admin: a recovery code was used to sign in",
  "integration.webhook_disabled": "Owners: a CRM webhook endpoint kept failing and was turned off",

  "lead.sla": "Sales member: a lead they own is still new past the SLA (once per lead)",
  "meeting.no_show": "Visitor: the host marked them as not attending, with a link to book again (once per meeting)",
  "meeting.host_changed": "Hosts: an Admin gave a demo to another host (the new and the previous host each get one)",

  "privacy.request_confirm": "Visitor: confirm the export or erasure they asked for on the privacy page",
  "privacy.export": "Visitor: the copy of everything held about them, as a JSON attachment",

  "privacy.withdraw-link": "Reader: the one-click link to stop marketing email, asked for on the privacy page",

  "blog.returned": "Author: a reviewer sent their post back as a draft, with the note (decision 069)",
  "blog.published": "Author: someone who may publish (or the scheduler) published their post (decision 069)",
} as const;

export type EmailKind = keyof typeof EMAIL_KINDS;
