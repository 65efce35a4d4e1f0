import type { z } from "zod";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS, type WebhookEventType } from "./events";

/** The event checkboxes, grouped as the Integrations page shows them. */
export const EVENT_GROUPS: { label: string; events: { value: WebhookEventType; hint: string }[] }[] = [
  ["Leads", "lead."],
  ["Demo meetings", "meeting."],
  ["Trials", "trial."],
  ["Newsletter", "newsletter."],
].map(([label, prefix]) => ({
  label: label as string,
  events: WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith(prefix as string)).map((value) => ({
    value,
    hint: WEBHOOK_EVENTS[value],
  })),
}));

export type EndpointFields = Partial<Record<"url" | "events" | "secret", string>>;

/** Each field's first message, for the form. */
export function fieldErrors(error: z.ZodError): EndpointFields & { form?: string } {
  const fields: EndpointFields & { form?: string } = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === "url" || field === "events" || field === "secret") fields[field] ??= issue.message;
    else fields.form ??= issue.message;
  }
  return fields;
}

/** What the form posted, as the schemas read it (every checked event; an empty secret is none). */
export function endpointFormValues(form: FormData) {
  const secret = String(form.get("secret") ?? "").trim();
  return {
    url: String(form.get("url") ?? ""),
    events: form.getAll("events").map(String),
    ...(secret ? { secret } : {}),
  };
}
