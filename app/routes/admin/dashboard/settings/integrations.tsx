import { Plus, Webhook } from "lucide-react";
import { data, Form, href, Link, useNavigation } from "react-router";
import { ChangeNotices } from "~/components/console/change-notices";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { StatusBadge } from "~/components/console/status-badge";
import { EventChecklist, SecretOnce } from "~/components/console/webhook-parts";
import { Field } from "~/components/field";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton } from "~/components/submit-button";
import { UrlInput } from "~/components/url-input";
import { actorOf } from "~/domain/accounts/actor";
import { CreateEndpointSchema } from "~/domain/integrations/events";
import { type EndpointFields, endpointFormValues, fieldErrors } from "~/domain/integrations/forms";
import { createEndpoint, isLocalSite, listEndpoints, toEndpointView } from "~/domain/integrations/webhooks.server";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/integrations";
import { CardList, SettingsCard } from "./settings-ui";

type ActionData = {
  error?: string;
  fields?: EndpointFields;
  values?: { url: string; events: string[] };
  created?: { id: string; url: string; secret: string };
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const deleted = url.searchParams.get("deleted");
  return {
    endpoints: (await listEndpoints()).map(toEndpointView),
    local: isLocalSite(),
    notice: deleted ? `The endpoint ${deleted} and its delivery log were deleted.` : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  const values = endpointFormValues(form);
  const parsed = CreateEndpointSchema.safeParse(values);
  const kept = { url: values.url, events: values.events };
  if (!parsed.success) {
    const { form: error, ...fields } = fieldErrors(parsed.error);
    return data<ActionData>({ error, fields, values: kept }, { status: 400 });
  }
  try {
    const row = await createEndpoint(actor, parsed.data);
    // The secret is answered here once (like recovery codes): it is never shown again.
    return data<ActionData>({ created: { id: row.id, url: row.url, secret: row.secret } }, { status: 201 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const url = error.extra.details?.find((d) => d.field === "url")?.message;
    return data<ActionData>(
      { error: url ? undefined : error.message, fields: url ? { url } : undefined, values: kept },
      { status: error.status },
    );
  }
}

/** With JavaScript, a request that gets no answer says so and keeps what was typed (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form): ActionData => {
    const values = endpointFormValues(form);
    return {
      error: "Failed to add the endpoint. Please check your connection and try again.",
      values: { url: values.url, events: values.events },
    };
  });
}

export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoints, local, notice } = loaderData;
  const timezone = useConsoleTimezone();
  const navigation = useNavigation();
  const adding = navigation.state === "submitting";
  const failed = actionData && !actionData.created ? actionData : undefined;

  return (
    <div className="space-y-6">
      <ChangeNotices notice={notice} error={failed?.error} />
      {actionData?.created ? (
        <div className="space-y-2">
          <p role="status" className="text-sm text-emerald-800 dark:text-emerald-200">
            The endpoint {actionData.created.url} was added.{" "}
            <Link
              to={href("/admin/dashboard/settings/integrations/:id", { id: actionData.created.id })}
              className="font-medium underline"
            >
              Open its delivery log
            </Link>
          </p>
          <SecretOnce secret={actionData.created.secret} intro="The endpoint's signing secret" />
        </div>
      ) : null}

      <SettingsCard
        id="endpoints"
        title="CRM webhooks"
        icon={Webhook}
        description={
          <>
            Each event is posted to the endpoints that chose it, signed with the endpoint's secret in the{" "}
            <code className="font-mono text-xs">Flowlane-Signature</code> header, and retried with backoff. See{" "}
            <Link to={href("/api/docs")} className="underline" reloadDocument>
              the API docs
            </Link>{" "}
            for the payloads and how to verify a signature.
          </>
        }
      >
        <CardList items={endpoints} empty="No endpoints yet." testId="webhook-endpoints">
          {(endpoint) => (
            <li key={endpoint.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 px-5 py-3">
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-medium break-all">
                  <Link
                    to={href("/admin/dashboard/settings/integrations/:id", { id: endpoint.id })}
                    className="hover:underline"
                  >
                    {endpoint.url}
                  </Link>
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {endpoint.events.length} {endpoint.events.length === 1 ? "event" : "events"} · added{" "}
                  {formatDateTime(endpoint.createdAt, timezone)}
                </p>
                {endpoint.disabledAt ? (
                  <p className="text-xs text-red-700 dark:text-red-300">
                    Turned off automatically {formatDateTime(endpoint.disabledAt, timezone)} after {endpoint.failures}{" "}
                    failed attempts in a row.
                  </p>
                ) : endpoint.failures > 0 ? (
                  <p className="text-xs text-amber-800 dark:text-amber-300">
                    {endpoint.failures} failed {endpoint.failures === 1 ? "attempt" : "attempts"} in a row.
                  </p>
                ) : null}
              </div>
              <StatusBadge status={endpoint.enabled ? "active" : "cancelled"} label={endpoint.enabled ? "On" : "Off"} />
            </li>
          )}
        </CardList>
      </SettingsCard>

      <SettingsCard
        id="add-endpoint"
        title="Add an endpoint"
        icon={Plus}
        description={
          local
            ? "An https URL on a public address, or (this site runs locally) an http://localhost receiver."
            : "An https URL on a public address."
        }
      >
        {/* A new key after each added endpoint: the form starts empty again (a failed add keeps its input). */}
        <Form key={actionData?.created?.id ?? "add"} method="post" className="space-y-4 px-5 py-4">
          <Field id="endpoint-url" label="URL" error={failed?.fields?.url}>
            <UrlInput
              maxLength={2000}
              placeholder="https://crm.example.com/hooks/flowlane"
              defaultValue={failed?.values?.url}
            />
          </Field>
          <EventChecklist
            idPrefix="endpoint"
            checked={failed?.values?.events ?? ["meeting.booked"]}
            error={failed?.fields?.events}
          />
          <Field
            id="endpoint-secret"
            label="Signing secret (optional)"
            hint="Leave empty to have one generated. 16 to 200 characters without spaces."
            error={failed?.fields?.secret}
          >
            <input name="secret" type="text" autoComplete="off" maxLength={200} className="input font-mono" />
          </Field>
          <SubmitButton className="btn-primary" busy={adding} whileBusy="Adding..." icon={Plus}>
            Add endpoint
          </SubmitButton>
        </Form>
      </SettingsCard>
    </div>
  );
}

export function meta() {
  return consoleMeta("Integrations");
}
