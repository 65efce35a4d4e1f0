import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { schedulingSettings } from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { config } from "~/lib/config.server";
import { BOOKING } from "./availability";
import type { SchedulingSettings } from "./scheduling-settings";

/**
 * Where the scheduling rules live (decision 078): one row of `scheduling_settings`, read on every
 * request that offers, books or changes a slot — never kept in the isolate, so a saved change
 * holds for the very next slot list in every isolate. Until the team first saves, today's values
 * apply: the spec's constants and the MEETING_CHANGE_CUTOFF_MINUTES setting.
 */
export function defaultSchedulingSettings(): SchedulingSettings {
  return {
    minimumNoticeMinutes: BOOKING.leadMinutes,
    windowDays: BOOKING.windowDays,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    changeCutoffMinutes: config().MEETING_CHANGE_CUTOFF_MINUTES,
  };
}

const SETTINGS_ID = 1;

const columns = {
  minimumNoticeMinutes: schedulingSettings.minimumNoticeMinutes,
  windowDays: schedulingSettings.windowDays,
  bufferBeforeMinutes: schedulingSettings.bufferBeforeMinutes,
  bufferAfterMinutes: schedulingSettings.bufferAfterMinutes,
  changeCutoffMinutes: schedulingSettings.changeCutoffMinutes,
};

/** The rules in force now: one primary-key read. */
export async function getSchedulingSettings(): Promise<SchedulingSettings> {
  const row = await db().select(columns).from(schedulingSettings).where(eq(schedulingSettings.id, SETTINGS_ID)).get();
  return row ?? defaultSchedulingSettings();
}

/**
 * Saves the rules: one upsert and its audit record in one batch. The record's "before" is the
 * row as read just before; of simultaneous saves the last one wins whole (each writes all five
 * values), and each is audited.
 */
export async function updateSchedulingSettings(
  actor: Actor,
  input: SchedulingSettings,
  now = new Date(),
): Promise<SchedulingSettings> {
  const before = await getSchedulingSettings();
  const client = db();
  const values = { ...input, updatedBy: actor.email, updatedAt: now };
  await client.batch([
    client
      .insert(schedulingSettings)
      .values({ id: SETTINGS_ID, ...values })
      .onConflictDoUpdate({ target: schedulingSettings.id, set: values }),
    auditStatement(actor, "scheduling.settings_changed", "scheduling", null, before, input, now),
  ]);
  return { ...input };
}
