import { ArrowLeft, KeyRound, RotateCw, Save, Trash2 } from "lucide-react";
import { data, Form, href, Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import { ChangeNotices } from "~/components/console/change-notices";
import { ConfirmDisclosure } from "~/components/console/confirm-disclosure";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { RowAction } from "~/components/console/row-action";
import { StatusBadge } from "~/components/console/status-badge";
import { EventChecklist, SecretOnce } from "~/components/console/webhook-parts";
import { Field } from "~/components/field";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton, useSubmittingValue } from "~/components/submit-button";
import { UrlInput } from "~/components/url-input";
import { actorOf } from "~/domain/accounts/actor";
import { EventsSchema, UrlSchema } from "~/domain/integrations/events";
import { type EndpointFields, endpointFormValues, fieldErrors } from "~/domain/integrations/forms";
import {
  deleteEndpoint,
  listDeliveries,
  replayDelivery,
  requireEndpoint,
  rotateSecret,
  toDeliveryView,
  toEndpointView,
  updateEndpoint,
} from "~/domain/integrations/webhooks.server";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/integration";
import { CardList, CardPagination, SettingsCard } from "./settings-ui";

const LOG_PAGE_SIZE = 20;

const SaveSchema = z.object({ url: UrlSchema, events: EventsSchema, enabled: z.boolean() });
const ReplaySchema = z.object({ deliveryId: z.string().min(1).max(100) });
const PageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);

type ActionData = {
  intent: "save" | "rotate" | "delete" | "replay";
  error?: string;
  fields?: EndpointFields;
  values?: { url: string; events: string[]; enabled: boolean };
  secret?: string;
  deliveryId?: string;
};

const NOTICES: Record<string, string> = {
  saved: "The endpoint was saved.",
  replayed: "The delivery was replayed; the new attempt is at the top of the log.",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = PageSchema.parse(url.searchParams.get("page") ?? 1);
  let found: Awaited<ReturnType<typeof requireEndpoint>>;
  try {
    found = await requireEndpoint(params.id);
  } catch (error) {
    // An unknown (or deleted) endpoint is a 404 page.
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
  const endpoint = toEndpointView(found);
  const { rows, pagination } = await listDeliveries(params.id, { page, limit: LOG_PAGE_SIZE });
  const notice = Object.keys(NOTICES).find((key) => url.searchParams.has(key));
  return {
    endpoint,
    deliveries: rows.map(toDeliveryView),
    page,
    totalPages: pagination.totalPages,
    notice: notice ? NOTICES[notice] : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  const intent = form.get("intent");
  const page = href("/admin/dashboard/settings/integrations/:id", { id: params.id });
  try {
    if (intent === "save") {
      const values = { ...endpointFormValues(form), enabled: form.get("enabled") === "on" };
      const parsed = SaveSchema.safeParse(values);
      const kept = { url: values.url, events: values.events, enabled: values.enabled };
      if (!parsed.success) {
        const { form: error, ...fields } = fieldErrors(parsed.error);
        return data<ActionData>({ intent, error, fields, values: kept }, { status: 400 });
      }
      try {
        await updateEndpoint(actor, params.id, parsed.data);
      } catch (error) {
        const url = isAppError(error) ? error.extra.details?.find((d) => d.field === "url")?.message : undefined;
        if (!url) throw error;
        return data<ActionData>({ intent, fields: { url }, values: kept }, { status: 400 });
      }
      return redirect(`${page}?saved`, 303);
    }
    if (intent === "rotate") {
      // Shown in this response only, like a new endpoint's secret.
      const { secret } = await rotateSecret(actor, params.id);
      return data<ActionData>({ intent, secret });
    }
    if (intent === "delete") {
      const endpoint = await deleteEndpoint(actor, params.id);
      return redirect(
        `${href("/admin/dashboard/settings/integrations")}?deleted=${encodeURIComponent(endpoint.url)}`,
        303,
      );
    }
    if (intent === "replay") {
      const parsed = ReplaySchema.safeParse({ deliveryId: form.get("deliveryId") });
      if (!parsed.success) return data<ActionData>({ intent, error: "This delivery was not found." }, { status: 400 });
      await replayDelivery(actor, parsed.data.deliveryId);
      return redirect(`${page}?replayed`, 303);
    }
    return data<ActionData>({ intent: "save", error: "Choose Save, Rotate, Delete or Replay." }, { status: 400 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ActionData>(
      {
        intent: intent === "rotate" || intent === "delete" || intent === "replay" ? intent : "save",
        error: error.message,
        deliveryId: String(form.get("deliveryId") ?? "") || undefined,
      },
      { status: error.status },
    );
  }
}

/** With JavaScript, a request that gets no answer says so and keeps what was typed (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form): ActionData => {
    const intent = form.get("intent");
    if (intent === "save") {
      const values = endpointFormValues(form);
      return {
        intent,
        error: "Failed to save the endpoint. Please check your connection and try again.",
        values: { url: values.url, events: values.events, enabled: form.get("enabled") === "on" },
      };
    }
    return {
      intent: intent === "rotate" || intent === "delete" ? intent : "replay",
      error: "The request failed. Please check your connection and try again.",
    };
  });
}

export default function Integration({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoint, deliveries, page, totalPages, notice } = loaderData;
  const timezone = useConsoleTimezone();
  const location = useLocation();
  const busy = useSubmittingValue("intent");
  const busyDelivery = useSubmittingValue("deliveryId");
  const saveFailed = actionData?.intent === "save" ? actionData : undefined;
  const values = saveFailed?.values ?? endpoint;
  const logSearch = (() => {
    const params = new URLSearchParams(location.search);
    for (const key of Object.keys(NOTICES)) params.delete(key);
    return `?${params}`;
  })();

  return (
    <div className="space-y-6">
      <p>
        <Link
          to={href("/admin/dashboard/settings/integrations")}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft aria-hidden className="size-4" /> All endpoints
        </Link>
      </p>
      <ChangeNotices
        notice={notice}
        error={actionData && actionData.intent !== "save" ? actionData.error : saveFailed?.error}
      />
      {actionData?.secret ? <SecretOnce secret={actionData.secret} intro="The endpoint's new signing secret" /> : null}

      <section aria-labelledby="endpoint-heading" className="card">
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 dark:border-slate-800">
          <div className="min-w-0">
            <h2 id="endpoint-heading" className="font-semibold break-all">
              {endpoint.url}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              Added {formatDateTime(endpoint.createdAt, timezone)}
              {endpoint.disabledAt
                ? ` · turned off automatically ${formatDateTime(endpoint.disabledAt, timezone)} after ${endpoint.failures} failed attempts in a row`
                : endpoint.failures > 0
                  ? ` · ${endpoint.failures} failed ${endpoint.failures === 1 ? "attempt" : "attempts"} in a row`
                  : ""}
            </p>
          </div>
          <StatusBadge status={endpoint.enabled ? "active" : "cancelled"} label={endpoint.enabled ? "On" : "Off"} />
        </div>
        <Form method="post" className="space-y-4 px-5 py-4">
          <Field id="endpoint-url" label="URL" error={saveFailed?.fields?.url}>
            <UrlInput maxLength={2000} defaultValue={values.url} />
          </Field>
          <EventChecklist idPrefix="endpoint" checked={values.events} error={saveFailed?.fields?.events} />
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" name="enabled" defaultChecked={values.enabled} /> On: deliver events to this endpoint
          </label>
          <SubmitButton intent="save" className="btn-primary" busy={busy === "save"} whileBusy="Saving..." icon={Save}>
            Save
          </SubmitButton>
        </Form>
        <div className="flex flex-wrap items-start gap-2 border-t border-slate-100 px-5 py-4 dark:border-slate-800">
          <Form method="post">
            <button type="submit" name="intent" value="rotate" className="btn-secondary" disabled={busy === "rotate"}>
              <KeyRound aria-hidden className="size-4" /> Rotate secret
            </button>
          </Form>
          <ConfirmDisclosure
            summary={
              <>
                <Trash2 aria-hidden className="size-4" /> Delete
              </>
            }
            summaryLabel={`Delete the endpoint ${endpoint.url}…`}
            field={{ name: "id", value: endpoint.id }}
            question="The endpoint and its delivery log are deleted."
            intent="delete"
            confirm="Confirm delete"
            disabled={busy === "delete"}
          />
        </div>
      </section>

      <SettingsCard
        id="log"
        title="Delivery log"
        description="Newest first. Replaying posts the same event (same id) again as a new delivery."
      >
        <CardList items={deliveries} empty="No deliveries yet." testId="delivery-log">
          {(delivery) => (
            <li
              key={delivery.id}
              className="flex flex-wrap items-start gap-x-4 gap-y-2 px-5 py-3"
              data-testid="delivery-row"
            >
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-mono text-sm font-medium">{delivery.eventType}</p>
                <p className="text-xs break-all text-slate-600 dark:text-slate-300">
                  Event {delivery.eventId}
                  {delivery.replayOf ? " · replay" : ""}
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt, timezone)}
                  {delivery.responseStatus !== null ? ` · HTTP ${delivery.responseStatus}` : ""}
                  {delivery.attempts > 0
                    ? ` · ${delivery.attempts} ${delivery.attempts === 1 ? "attempt" : "attempts"}`
                    : ""}
                  {delivery.status === "pending" && delivery.nextAttemptAt && delivery.attempts > 0
                    ? ` · next ${formatDateTime(delivery.nextAttemptAt, timezone)}`
                    : ""}
                </p>
                {delivery.lastError && delivery.status !== "succeeded" ? (
                  <p className="mt-1 text-xs break-words text-red-700 dark:text-red-300">{delivery.lastError}</p>
                ) : null}
                {delivery.responseExcerpt ? (
                  <details className="mt-1 text-xs">
                    <summary className="cursor-pointer text-slate-600 dark:text-slate-300">Response</summary>
                    <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-2 break-all whitespace-pre-wrap dark:bg-slate-900">
                      {delivery.responseExcerpt}
                    </pre>
                  </details>
                ) : null}
                {actionData?.intent === "replay" && actionData.deliveryId === delivery.id ? (
                  <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
                    {actionData.error}
                  </p>
                ) : null}
              </div>
              <div className="flex items-center gap-2">
                <StatusBadge status={delivery.status} />
                <RowAction
                  field={{ name: "deliveryId", value: delivery.id }}
                  intent="replay"
                  label={`Replay ${delivery.eventType} (${delivery.id})`}
                  className="btn-secondary px-3 py-1.5"
                  disabled={busyDelivery === delivery.id}
                >
                  <RotateCw aria-hidden className={`size-4 ${busyDelivery === delivery.id ? "animate-spin" : ""}`} />{" "}
                  Replay
                </RowAction>
              </div>
            </li>
          )}
        </CardList>
        <CardPagination page={page} totalPages={totalPages} search={logSearch} label="Delivery log pages" />
      </SettingsCard>
    </div>
  );
}

export function meta() {
  return consoleMeta("Webhook endpoint");
}
