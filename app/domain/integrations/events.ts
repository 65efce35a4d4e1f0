import { z } from "zod";
import { TouchSchema } from "~/domain/leads/attribution";
import { LEAD_KINDS, LEAD_STATUSES } from "~/domain/leads/model";

/**
 * The events a CRM webhook endpoint can receive (issue 26, decision 074). Each is one
 * `eventStatements` call in the batch of the change that causes it; `lead.*` come from the lead
 * inbox's two writers (app/domain/leads/leads.server.ts).
 */
export const WEBHOOK_EVENTS = {
  "lead.created": "A new person reached the site through any lead form",
  "lead.updated": "A lead's status or owner changed, or a known person came back through a lead form",
  "meeting.booked": "A visitor booked a demo",
  "meeting.rescheduled": "The visitor moved the demo through the manage link",
  "meeting.cancelled": "The demo was cancelled (by the visitor, or rejected by the team)",
  "meeting.confirmed": "The team approved the demo",
  "meeting.completed": "The demo's time has passed, or the team marked it done",
  "meeting.attended": "The host marked that the visitor came to the demo",
  "meeting.no_show": "The host marked that the visitor did not come to the demo",
  "trial.started": "A visitor started the trial signup",
  "trial.verified": "The trial's email address was verified with its code",
  "trial.approved": "The team approved the trial",
  "trial.rejected": "The team declined the trial",
  "newsletter.confirmed": "A reader confirmed the newsletter subscription",
  "newsletter.unsubscribed": "A reader unsubscribed from the newsletter",
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]];

/** The header carrying the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = "Flowlane-Signature";

export const ENDPOINT_MESSAGES = {
  url: "Enter the endpoint's full URL, for example https://crm.example.com/hooks/flowlane.",
  urlLength: "The URL is too long (at most 2,000 characters).",
  credentials: "Put no user name or password in the URL; the signature authenticates each delivery.",
  https: "The endpoint must use https.",
  privateAddress:
    "The endpoint must be a public address: private, loopback and link-local addresses (and localhost) are refused.",
  events: "Choose at least one event.",
  unknownEvent: (name: string) => `Unknown event: ${name}. Choose from ${WEBHOOK_EVENT_TYPES.join(", ")}.`,
  secret: "A secret has 16 to 200 characters without spaces.",
  notFound: "This webhook endpoint was not found.",
  deliveryNotFound: "This delivery was not found.",
  nothingToChange: "Send at least one of url, events or enabled.",
} as const;

const EventSchema = z.string().refine((name): name is WebhookEventType => name in WEBHOOK_EVENTS, {
  error: (issue) => ENDPOINT_MESSAGES.unknownEvent(String(issue.input).slice(0, 60)),
});

export const EventsSchema = z
  .array(EventSchema, { error: ENDPOINT_MESSAGES.events })
  .min(1, ENDPOINT_MESSAGES.events)
  .max(WEBHOOK_EVENT_TYPES.length * 2, ENDPOINT_MESSAGES.events)
  .transform((events) => [...new Set(events)] as WebhookEventType[])
  .describe(`Event types to receive, among: ${WEBHOOK_EVENT_TYPES.join(", ")}`);

/** The URL's form only; where it may point is `endpointUrlProblem` (it depends on the configuration). */
export const UrlSchema = z
  .string({ error: ENDPOINT_MESSAGES.url })
  .trim()
  .min(1, ENDPOINT_MESSAGES.url)
  .max(2000, ENDPOINT_MESSAGES.urlLength)
  .refine((value) => URL.canParse(value), ENDPOINT_MESSAGES.url)
  .describe("Where deliveries are posted: https, a public address");

export const SecretSchema = z
  .string({ error: ENDPOINT_MESSAGES.secret })
  .regex(/^\S{16,200}$/, ENDPOINT_MESSAGES.secret)
  .describe("The signing secret; one is generated when omitted (returned once)");

export const CreateEndpointSchema = z.object({
  url: UrlSchema,
  events: EventsSchema,
  secret: SecretSchema.optional(),
});

export const UpdateEndpointSchema = z
  .object({
    url: UrlSchema.optional(),
    events: EventsSchema.optional(),
    enabled: z
      .boolean({ error: "enabled is true or false." })
      .optional()
      .describe("Turning it on clears the failure streak"),
  })
  .refine((v) => v.url !== undefined || v.events !== undefined || v.enabled !== undefined, {
    error: ENDPOINT_MESSAGES.nothingToChange,
  });

/** True for a host the URL parser printed as an IPv4 literal (it normalises 0x7f.1, 2130706433…). */
const ipv4 = (host: string) => {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  return parts.map(Number);
};

function privateIpv4([a = 0, b = 0]: number[]) {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

function privateIpv6(host: string) {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "::" || h === "::1") return true;
  const mapped = /^::ffff:(.+)$/.exec(h);
  if (mapped?.[1]) {
    const dotted = ipv4(mapped[1]);
    if (dotted) return privateIpv4(dotted);
    // The URL parser prints a mapped IPv4 as two hex groups: ::ffff:7f00:1.
    const [hi = "0"] = mapped[1].split(":");
    const n = Number.parseInt(hi, 16);
    return privateIpv4([n >> 8, n & 255]);
  }
  return (
    /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || /^ff/.test(h) || h.startsWith("64:ff9b:") || h.startsWith("2001:db8")
  );
}

/** A loopback host literal: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string) {
  const host = hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const dotted = ipv4(host);
  if (dotted) return dotted[0] === 127;
  return host === "[::1]";
}

/** A host literal that names no public address (the rule is applied to the URL's host as written). */
export function isPrivateHost(hostname: string) {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (isLoopbackHost(host)) return true;
  if (host.startsWith("[")) return privateIpv6(host);
  const dotted = ipv4(host);
  if (dotted) return privateIpv4(dotted);
  // Names that never resolve on the public internet.
  return !host.includes(".") || /\.(local|internal|lan|home|corp|intranet|localdomain|home\.arpa)$/.test(host);
}

/**
 * Where an outgoing request may point (decision 074): `https` and a public host; when the site
 * itself runs on plain-http localhost (`npm start`, the tests), a loopback `http` or `https` URL
 * too, so an integration can be tried against a local receiver. Answers the problem in the
 * caller's `messages`, or null.
 */
export function outboundUrlProblem(
  value: string,
  { local }: { local: boolean },
  messages: Record<"url" | "credentials" | "https" | "privateAddress", string>,
): string | null {
  if (!URL.canParse(value)) return messages.url;
  const url = new URL(value);
  if (url.username || url.password) return messages.credentials;
  if (local && isLoopbackHost(url.hostname) && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return messages.https;
  if (isPrivateHost(url.hostname)) return messages.privateAddress;
  return null;
}

/** Where a CRM webhook endpoint may point (decision 074). Answers the problem, or null. */
export const endpointUrlProblem = (value: string, options: { local: boolean }) =>
  outboundUrlProblem(value, options, ENDPOINT_MESSAGES);

/** The person an event is about, in every payload. */
const Person = {
  email: z.email().describe("The person's email address"),
  name: z.string().nullable().describe("The person's name, when they gave one"),
};

const NullableTouch = TouchSchema.nullable();

/**
 * The person's lead as it stands once the change is made, in every event's `data` (null when the
 * address has no lead): its id, status, owner and attribution, as `GET /api/leads/{id}` shows them.
 */
const LeadRef = z
  .object({
    id: z.string(),
    status: z.enum(LEAD_STATUSES),
    ownerId: z.string().nullable().describe("The Sales member who owns the lead"),
    attribution: z.object({
      first: NullableTouch.describe("The visitor's first touch (never overwritten)"),
      last: NullableTouch.describe("The visitor's latest touch"),
    }),
  })
  .nullable()
  .describe("The person's lead with its attribution, as it stands after the change; null when there is none");

const Lead = { lead: LeadRef };

const MeetingData = z.object({
  ...Person,
  ...Lead,
  meeting: z.object({
    id: z.string(),
    status: z.enum(["scheduled", "confirmed", "cancelled", "completed"]),
    type: z.string(),
    date: z.string().describe("yyyy-MM-dd in the business timezone"),
    timeSlot: z.string().describe("HH:mm in the business timezone"),
    startsAt: z.iso.datetime(),
    company: z.string(),
    phone: z.string(),
    visitorTimezone: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
});

const TrialData = z.object({
  ...Person,
  ...Lead,
  trial: z.object({
    id: z.string(),
    userId: z.string(),
    status: z.string(),
    approvalStatus: z.string().nullable(),
    plan: z.string(),
    requestedPlan: z.string().nullable(),
    company: z.string(),
    country: z.string(),
    emailVerified: z.boolean(),
    startDate: z.iso.datetime().nullable(),
    endDate: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  }),
});

const SubscriberData = z.object({
  ...Person,
  ...Lead,
  subscriber: z.object({
    id: z.string(),
    status: z.string(),
    confirmedAt: z.iso.datetime().nullable(),
    unsubscribedAt: z.iso.datetime().nullable(),
  }),
});

const LeadData = z.object({
  ...Person,
  company: z.string().describe("The company the person gave ('' when none)"),
  kind: z
    .enum(LEAD_KINDS)
    .nullable()
    .describe("The lead form that caused the event (a booking, callback…); null for a member's change"),
  previous: z
    .object({ status: z.enum(LEAD_STATUSES), ownerId: z.string().nullable() })
    .nullable()
    .describe("A member's change: the status and owner before it; null for an arrival"),
  ...Lead,
});

export type MeetingEventData = z.infer<typeof MeetingData>;
export type TrialEventData = z.infer<typeof TrialData>;
export type SubscriberEventData = z.infer<typeof SubscriberData>;
export type LeadEventData = z.infer<typeof LeadData>;
/** What an emitter hands over: `lead` is added where the event's row is written. */
export type EventData<T extends { lead: unknown }> = Omit<T, "lead">;

const dataOf = (type: WebhookEventType) =>
  type.startsWith("meeting.")
    ? MeetingData
    : type.startsWith("trial.")
      ? TrialData
      : type.startsWith("newsletter.")
        ? SubscriberData
        : LeadData;

/** The body of one delivery of `type`, for the OpenAPI document's `webhooks` section. */
export const eventPayloadSchema = (type: WebhookEventType) =>
  z.object({
    id: z.string().describe("The event's id: the same in every delivery and replay of this event"),
    type: z.literal(type),
    createdAt: z.iso.datetime(),
    data: dataOf(type),
  });
