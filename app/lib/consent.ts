/**
 * The privacy notice and the consent ledger's vocabulary (decision 087). Pure data, so the schema,
 * the forms' short notices, the privacy page and the domain share one copy of each number.
 */

/** What a consent row is for: answering the form's own request, or marketing email (newsletter). */
export const CONSENT_PURPOSES = [
  "demo",
  "callback",
  "sales-enquiry",
  "trial",
  "console-account",
  "newsletter",
] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
/** The purposes a visitor withdraws while keeping everything else: marketing email. */
export const MARKETING_PURPOSES = ["newsletter"] as const satisfies readonly ConsentPurpose[];
/** The public form a consent was given on. */
export const CONSENT_FORMS = [
  "demo-booking",
  "callback",
  "enterprise-lead",
  "trial",
  "newsletter",
  "admin-registration",
] as const;
export type ConsentForm = (typeof CONSENT_FORMS)[number];

/**
 * How long each kind is kept. The numbers the scheduled retention job applies (issue 29 item 4)
 * and the notice states: change both together.
 */
export const RETENTION = {
  leadMonthsWithoutActivity: 24,
  rejectedTrialMonths: 12,
  emailBodyDays: 30,
} as const;

/**
 * The privacy notice's versions, newest first. A notice that changes gets a new entry (the old
 * text stays in git under its id, and every consent row names the version it was given under);
 * the id is the date it took effect, with `.2`, `.3`… for a later version the same day.
 */
export const NOTICE_VERSIONS = [
  {
    version: "2026-11-27.2",
    effective: "27 November 2026",
    change: "Adds how we count page visits and measure page speed, and how long each is kept.",
  },
  {
    version: "2026-11-27",
    effective: "27 November 2026",
    change: "First itemised notice: what each form collects, why, and how long it is kept.",
  },
] as const;
export const NOTICE_VERSION: string = NOTICE_VERSIONS[0].version;

export type FormNoticeItems = { form: ConsentForm; what: string; why: string; kept: string };

const LEAD_KEPT = `${RETENTION.leadMonthsWithoutActivity} months after our last contact with you; the emails we send you, ${RETENTION.emailBodyDays} days.`;

/** Each form's name in the full notice. */
export const FORM_TITLES: Record<ConsentForm, string> = {
  "demo-booking": "Booking a demo",
  callback: "Asking for a callback",
  "enterprise-lead": "Contacting Sales about Enterprise",
  trial: "Starting a free trial",
  newsletter: "Subscribing to the newsletter",
  "admin-registration": "Registering for the console",
};

/*
 * Each form's short itemised notice: what it collects, why, how long it is kept. One constant per
 * form, so a page bundles only the notice its form shows (the footer's box is on every page).
 */
export const DEMO_BOOKING_NOTICE: FormNoticeItems = {
  form: "demo-booking",
  what: "Your name, email, phone (optional), company, notes and the time you pick.",
  why: "To hold the demo, send its confirmation and reminders, and follow up about it.",
  kept: LEAD_KEPT,
};
export const CALLBACK_NOTICE: FormNoticeItems = {
  form: "callback",
  what: "Your name, email, company, phone and message.",
  why: "To call you back and follow up about your request.",
  kept: LEAD_KEPT,
};
export const ENTERPRISE_LEAD_NOTICE: FormNoticeItems = {
  form: "enterprise-lead",
  what: "Your name, email, company, team size and message.",
  why: "To answer your Enterprise enquiry with a proposal.",
  kept: LEAD_KEPT,
};
export const TRIAL_NOTICE: FormNoticeItems = {
  form: "trial",
  what: "Your name, email, phone, company or occupation details, and what you tell us about your use.",
  why: "To verify your email, review and set up your trial, and contact you about it.",
  kept: `While your account is open; a trial we decline, ${RETENTION.rejectedTrialMonths} months; as a sales contact, ${RETENTION.leadMonthsWithoutActivity} months after our last contact.`,
};
export const NEWSLETTER_NOTICE: FormNoticeItems = {
  form: "newsletter",
  what: "Your email address.",
  why: "To send the newsletter you ask for, once you confirm from the email we send.",
  kept: "Until you unsubscribe; the record of your consent and its withdrawal stays as proof.",
};
export const ADMIN_REGISTRATION_NOTICE: FormNoticeItems = {
  form: "admin-registration",
  what: "Your name, email and password (stored only as a one-way hash).",
  why: "To give you a console account once an owner approves it, and to sign you in.",
  kept: "While the account exists.",
};

/** Every form's notice, for the full privacy notice. */
export const FORM_NOTICES: Record<ConsentForm, FormNoticeItems> = {
  "demo-booking": DEMO_BOOKING_NOTICE,
  callback: CALLBACK_NOTICE,
  "enterprise-lead": ENTERPRISE_LEAD_NOTICE,
  trial: TRIAL_NOTICE,
  newsletter: NEWSLETTER_NOTICE,
  "admin-registration": ADMIN_REGISTRATION_NOTICE,
};

/** The marketing choice's label, wherever it is offered: never ticked for the visitor. */
export const MARKETING_CHOICE = "Send me product news and automation tips (optional)";

/** What the privacy page's withdrawal form answers, whatever the address (it tells nobody who is on the list). */
export const WITHDRAW_TEXTS = {
  sent: "If that address receives our marketing email, we have emailed it a link to stop it. The link opens a page with one button.",
  failed: "Failed to send the link. Please check your connection and try again.",
} as const;
