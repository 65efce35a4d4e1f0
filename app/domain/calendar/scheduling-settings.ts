import { z } from "zod";

/**
 * The scheduling rules the team edits in Settings → Scheduling and through
 * `GET/PUT /api/scheduling/settings` (issue 27 item 2, decision 078). Meeting length and the slot
 * step stay the spec's 30 minutes; these five are the team's. The limits match the CHECKs of
 * `scheduling_settings` and the configuration's limit for the change cutoff.
 */
export const SCHEDULING_LIMITS = {
  minimumNoticeMinutes: { min: 0, max: 10080 },
  windowDays: { min: 1, max: 365 },
  bufferBeforeMinutes: { min: 0, max: 240 },
  bufferAfterMinutes: { min: 0, max: 240 },
  changeCutoffMinutes: { min: 0, max: 10080 },
} as const;

export const SCHEDULING_MESSAGES = {
  minimumNoticeMinutes: "Minimum notice must be a whole number of minutes from 0 to 10080 (7 days).",
  windowDays: "Booking window must be a whole number of days from 1 to 365.",
  bufferBeforeMinutes: "Buffer before must be a whole number of minutes from 0 to 240.",
  bufferAfterMinutes: "Buffer after must be a whole number of minutes from 0 to 240.",
  changeCutoffMinutes: "Change cutoff must be a whole number of minutes from 0 to 10080 (7 days).",
  saved: "Scheduling rules saved. The booking page uses them from now on.",
} as const;

type Field = keyof typeof SCHEDULING_LIMITS;

const whole = (field: Field) => {
  const { min, max } = SCHEDULING_LIMITS[field];
  const message = SCHEDULING_MESSAGES[field];
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** The JSON body of `PUT /api/scheduling/settings` and the answer of both methods. */
export const SchedulingSettingsSchema = z.object({
  minimumNoticeMinutes: whole("minimumNoticeMinutes").describe("A slot starting sooner than this is not offered"),
  windowDays: whole("windowDays").describe("Bookable from today through today + windowDays"),
  bufferBeforeMinutes: whole("bufferBeforeMinutes").describe("Kept free before every meeting"),
  bufferAfterMinutes: whole("bufferAfterMinutes").describe("Kept free after every meeting"),
  changeCutoffMinutes: whole("changeCutoffMinutes").describe(
    "A visitor may cancel or reschedule until this many minutes before the start",
  ),
});
export type SchedulingSettings = z.infer<typeof SchedulingSettingsSchema>;

/** The console form: the same rules, from text fields. */
const wholeText = (field: Field) => z.coerce.number({ error: SCHEDULING_MESSAGES[field] }).pipe(whole(field));
export const SchedulingFormSchema = z.object({
  minimumNoticeMinutes: wholeText("minimumNoticeMinutes"),
  windowDays: wholeText("windowDays"),
  bufferBeforeMinutes: wholeText("bufferBeforeMinutes"),
  bufferAfterMinutes: wholeText("bufferAfterMinutes"),
  changeCutoffMinutes: wholeText("changeCutoffMinutes"),
});
