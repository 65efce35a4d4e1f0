import { and, eq, exists, gt, isNull, not, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { db } from "~/db/client.server";
import { type Guard, guardedBatch, guardStatement, isGuardAbort, rowMatches } from "~/db/guarded.server";
import { containsAny, newestFirstPage } from "~/db/lists.server";
import { type CallbackRequest, callbackRequests } from "~/db/schema";
import type { Actor } from "~/domain/accounts/actor";
import { auditStatement } from "~/domain/audit/audit.server";
import { deliverSoon, emailStatement, type OutgoingEmail } from "~/domain/email/outbox.server";
import { deliverEventsSoon } from "~/domain/integrations/webhooks.server";
import type { Attribution } from "~/domain/leads/attribution";
import { type ArrivalContext, leadArrivalStatements } from "~/domain/leads/leads.server";
import { isLimitRefusal, limitError, limitHitStatement } from "~/domain/limits/client-limits.server";
import { consentStatement } from "~/domain/privacy/consents.server";
import { companySizeLabel } from "~/domain/subscriptions/options";
import { composeEmail } from "~/emails/render.server";
import { config, siteUrl } from "~/lib/config.server";
import { HOUR } from "~/lib/durations";
import { AppError } from "~/lib/errors";
import { filledHoneypot } from "~/lib/honeypot";
import { salesCallbackNotice } from "./emails.server";
import { type EnterpriseLeadInput, SOURCE_LABELS } from "./lead-schemas";
import type { CallbackInput, CallbackListQuery } from "./schemas";

/**
 * A visitor sending the same request again — reloading the thank-you page without JavaScript,
 * Back and Send, a double click, 20 copies at once — within this window is the same request
 * (decision 052): it is answered like the first, and nothing is stored or sent twice.
 */
export const RESUBMIT_WINDOW = 24 * HOUR;

/** The rows a resubmission of `request` would repeat: every field the visitor typed, the same source, lately. */
function sameRequest(request: CallbackRequest, now: Date) {
  const t = callbackRequests;
  return and(
    eq(t.email, request.email),
    eq(t.source, request.source),
    eq(t.firstName, request.firstName),
    eq(t.lastName, request.lastName),
    eq(t.company, request.company),
    eq(t.phone, request.phone),
    eq(t.message, request.message),
    request.teamSize === null ? isNull(t.teamSize) : eq(t.teamSize, request.teamSize),
    gt(t.createdAt, new Date(now.getTime() - RESUBMIT_WINDOW)),
  );
}

/** Holds while no such request is stored: first in the batch, so a resubmission writes nothing. */
function notResubmitted(request: CallbackRequest, now: Date): Guard {
  const query = db().select({ one: sql`1` }).from(callbackRequests).where(sameRequest(request, now));
  return { name: "not a resubmission", holds: not(exists(query)) };
}

/** The batch that stores `request`, unless it is a resubmission: then the request stored first. */
async function storeOnce(request: CallbackRequest, now: Date, statements: BatchItem<"sqlite">[]) {
  const client = db();
  try {
    await client.batch([guardStatement(notResubmitted(request, now)), ...statements] as [
      BatchItem<"sqlite">,
      ...BatchItem<"sqlite">[],
    ]);
    return { stored: true as const, request };
  } catch (error) {
    if (!isGuardAbort(error)) throw error;
    const first = await client
      .select()
      .from(callbackRequests)
      .where(sameRequest(request, now))
      .orderBy(callbackRequests.createdAt)
      .get();
    return { stored: false as const, request: first ?? request };
  }
}

/** The lead inbox's side of a callback request or an Enterprise enquiry (same batch), and its events' ids. */
function callbackArrival(request: CallbackRequest, attribution: Attribution | null, at: Date) {
  const enterprise = request.source === "pricing-enterprise";
  // The ledger's row of the notice the form showed (decision 087), in the same batch.
  const consent = consentStatement({
    email: request.email,
    purpose: enterprise ? "sales-enquiry" : "callback",
    form: enterprise ? "enterprise-lead" : "callback",
    at,
  });
  const arrival = leadArrivalStatements({
    kind: enterprise ? "enterprise" : "callback",
    email: request.email,
    name: `${request.firstName} ${request.lastName}`,
    company: request.company,
    attribution,
    detail: enterprise
      ? `Enterprise enquiry${request.teamSize ? ` (team of ${request.teamSize})` : ""}${request.message ? `: ${request.message}` : ""}`
      : `Callback requested${request.message ? `: ${request.message}` : ""}`,
    at,
  });
  return { statements: [...arrival.statements, consent], eventIds: arrival.eventIds };
}

/**
 * Stores a callback request (the original product only logged it) and notifies the sales
 * inbox in the same batch, with the hit on the client's callback limit (decision 014): over it,
 * the batch aborts. A filled honeypot stores and sends nothing; a resubmission answers the
 * request stored first (decision 052).
 */
export async function requestCallback(
  input: CallbackInput,
  { now = new Date(), clientAddress = null, attribution = null }: ArrivalContext = {},
): Promise<CallbackRequest> {
  const callback: CallbackRequest = {
    id: crypto.randomUUID(),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    company: input.company,
    phone: input.phone,
    message: input.message,
    status: "new",
    source: "demo",
    teamSize: null,
    createdAt: now,
  };
  if (filledHoneypot(input)) return callback;
  const email = await salesCallbackNotice(callback, siteUrl());
  const arrival = callbackArrival(callback, attribution, now);
  const client = db();
  try {
    const { stored, request } = await storeOnce(callback, now, [
      client.insert(callbackRequests).values(callback),
      ...(clientAddress ? [limitHitStatement("callback", clientAddress, now)] : []),
      emailStatement(email),
      ...arrival.statements,
    ]);
    if (!stored) return request;
  } catch (error) {
    if (clientAddress && isLimitRefusal(error)) throw await limitError("callback", clientAddress, now);
    throw error;
  }
  deliverSoon([email.idempotencyKey]);
  deliverEventsSoon(arrival.eventIds);
  return callback;
}

/**
 * Enterprise "Contact Sales" on /pricing: a lead stored with the callbacks (source
 * "pricing-enterprise", listed as "Pricing — Enterprise") and a notice to the sales inbox, in
 * one batch. A filled honeypot stores and sends nothing; a resubmission answers the lead stored
 * first (decision 052).
 */
export async function captureEnterpriseLead(
  input: EnterpriseLeadInput,
  { now = new Date(), attribution = null }: { now?: Date; attribution?: Attribution | null } = {},
): Promise<CallbackRequest> {
  const lead: CallbackRequest = {
    id: crypto.randomUUID(),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    company: input.company,
    phone: "",
    message: input.message,
    status: "new",
    source: "pricing-enterprise",
    teamSize: input.teamSize,
    createdAt: now,
  };
  if (filledHoneypot(input)) return lead;
  const email = await salesLeadNotice(lead, siteUrl());
  const arrival = callbackArrival(lead, attribution, now);
  const client = db();
  const { stored, request } = await storeOnce(lead, now, [
    client.insert(callbackRequests).values(lead),
    emailStatement(email),
    ...arrival.statements,
  ]);
  if (!stored) return request;
  deliverSoon([email.idempotencyKey]);
  deliverEventsSoon(arrival.eventIds);
  return lead;
}

export async function salesLeadNotice(lead: CallbackRequest, siteUrl: string): Promise<OutgoingEmail> {
  return composeEmail(
    {
      kind: "lead.sales_notice",
      to: config().SALES_EMAIL,
      subject: `Enterprise lead: ${lead.firstName} ${lead.lastName} (${lead.company})`,
      idempotencyKey: `lead.sales_notice:${lead.id}`,
    },
    {
      preview: `${lead.firstName} ${lead.lastName} (${lead.company}) asked about the Enterprise plan`,
      heading: "Enterprise lead",
      blocks: [
        { p: `A visitor asked about the Enterprise plan on the pricing page (${SOURCE_LABELS[lead.source]}).` },
        { p: "We told them our sales team will contact them shortly." },
        {
          details: [
            ["Name", `${lead.firstName} ${lead.lastName}`],
            ["Work email", { href: `mailto:${lead.email}`, label: lead.email }],
            ["Company", lead.company],
            ["Team size", lead.teamSize ? companySizeLabel(lead.teamSize) : "—"],
            ["Message", lead.message || "—"],
          ],
        },
        { button: { label: "All callback requests", href: `${siteUrl}/admin/dashboard/meetings/callbacks` } },
      ],
      signOff: false,
    },
  );
}

export async function listCallbacks({ status, q, page, limit }: CallbackListQuery) {
  const filters: SQL[] = [];
  if (status !== "all") filters.push(eq(callbackRequests.status, status));
  if (q) {
    const fullName = sql`${callbackRequests.firstName} || ' ' || ${callbackRequests.lastName}`;
    filters.push(containsAny(q, [fullName, callbackRequests.company]));
  }
  const where = filters.length ? and(...filters) : undefined;
  const { rows, total } = await newestFirstPage(callbackRequests, where, { page, limit });
  return { callbacks: rows, total };
}

/**
 * An admin records that sales has contacted the visitor (or reopens the request). Audited.
 * A guarded change like the meetings' (decision records 013 and 024): a status that changed
 * meanwhile aborts the batch (and its audit record) and the caller gets a 409.
 */
export async function setCallbackStatus(actor: Actor, id: string, status: CallbackRequest["status"]) {
  const client = db();
  const before = await client.select().from(callbackRequests).where(eq(callbackRequests.id, id)).get();
  if (!before) throw new AppError(404, "Callback request not found.");
  if (before.status === status) throw new AppError(409, `This callback request is already marked ${status}.`);
  await guardedBatch(
    rowMatches(
      "callback request still as read",
      callbackRequests,
      and(eq(callbackRequests.id, id), eq(callbackRequests.status, before.status)),
    ),
    [
      client.update(callbackRequests).set({ status }).where(eq(callbackRequests.id, id)),
      auditStatement(actor, `callback.${status}`, "callback_request", id, { status: before.status }, { status }),
    ],
    () => new AppError(409, "This callback request was changed meanwhile. Please reload."),
  );
  return { ...before, status };
}

export function toCallbackJson(callback: CallbackRequest) {
  return {
    _id: callback.id,
    id: callback.id,
    firstName: callback.firstName,
    lastName: callback.lastName,
    email: callback.email,
    company: callback.company,
    phone: callback.phone,
    message: callback.message,
    status: callback.status,
    source: callback.source,
    teamSize: callback.teamSize,
    createdAt: callback.createdAt.toISOString(),
  };
}
