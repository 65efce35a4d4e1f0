/**
 * The demo forms' texts and limits, without zod: /demo renders with these and loads the
 * schemas (schemas.ts, which re-exports them) only after hydration (decision 026).
 */

/** Spec §8 texts. */
export const MEETING_TEXTS = {
  loadingSlots: "Loading available times...",
  noSlots: "No available slots for this date. Please select another date.",
  scheduling: "Scheduling...",
  scheduled: "Meeting Scheduled!",
  confirmationNote: "You'll receive a confirmation email shortly with meeting details.",
  bookingFailed: "Failed to book meeting. Please try again.",
  callbackSent: "Demo request submitted successfully! We'll contact you within 24 hours.",
  statusUpdateFailed: "Failed to update meeting status. Please try again.",
} as const;

export const FIELD_LIMITS = {
  name: 100,
  phone: 30,
  company: 150,
  notes: 2000,
  message: 2000,
  /** The admin's reason on Reject, quoted in the email to the visitor. */
  rejectReason: 500,
} as const;

/** The video link of a confirmed meeting (decision 053): the form's texts, shared with the domain's refusal. */
export const MEETING_LINK_TEXTS = {
  required: "Enter the video link (https://…).",
  notSaved: "The video link was not saved. Please try again.",
} as const;
