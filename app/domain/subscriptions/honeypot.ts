/**
 * The trial form's honeypot: a field people never see. A filled one means a bot, and
 * `startTrial` then stores and sends nothing while the form answers like a success. In a
 * module of its own so the trial screens' shared parts can name it without zod.
 */
export const TRIAL_HONEYPOT = "contact_me_by_fax";
