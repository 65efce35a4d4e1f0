import { RotateCw } from "lucide-react";
import { data, Form, href, Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import { ChangeNotices } from "~/components/console/change-notices";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { FilterPills } from "~/components/console/list-toolbar";
import { RowAction } from "~/components/console/row-action";
import { StatusBadge } from "~/components/console/status-badge";
import { consoleMeta } from "~/components/site/noindex-meta";
import { useSubmittingValue } from "~/components/submit-button";
import { EMAIL_STATUSES } from "~/db/schema";
import { actorOf } from "~/domain/accounts/actor";
import { EMAIL_LOG_PAGE_SIZE, EmailLogQuerySchema, listEmailLog, retryFailedEmail } from "~/domain/email/log.server";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import { pageCount } from "~/lib/pagination";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/emails";
import { CardPagination, SettingsCard } from "./settings-ui";

const RetrySchema = z.object({ intent: z.literal("retry"), emailId: z.string().min(1).max(100) });

const STATUS_FILTERS = [{ value: "", label: "All" }, ...EMAIL_STATUSES.map((s) => ({ value: s, label: s }))];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = EmailLogQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { emails, total } = await listEmailLog(query);
  const retried = url.searchParams.get("retried");
  return {
    emails,
    total,
    status: query.status ?? "",
    to: query.to ?? "",
    page: query.page,
    totalPages: pageCount(total, EMAIL_LOG_PAGE_SIZE),
    notice:
      retried === "sent"
        ? "The email was sent."
        : retried === "pending"
          ? "The email could not be sent yet; it will be retried automatically."
          : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const parsed = RetrySchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Invalid request." }, { status: 400 });
  try {
    const result = await retryFailedEmail(actor, parsed.data.emailId);
    const back = new URL(request.url);
    back.searchParams.set("retried", result.status === "sent" ? "sent" : "pending");
    return redirect(`${back.pathname}?${back.searchParams}`, 303);
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

function filterLink({ status, to }: { status: string; to: string }) {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (to) params.set("to", to);
  return `?${params}`;
}

/** Page links drop the one-off "retried" notice. */
function withoutNotice(search: string) {
  const params = new URLSearchParams(search);
  params.delete("retried");
  return `?${params}`;
}

export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, () => ({ error: "Failed to retry the email. Please try again." }));
}

export default function EmailLog({ loaderData, actionData }: Route.ComponentProps) {
  const { emails, total, status, to, page, totalPages, notice } = loaderData;
  const timezone = useConsoleTimezone();
  const location = useLocation();
  const busyId = useSubmittingValue("emailId");

  return (
    <SettingsCard
      id="emails"
      title="Email log"
      description="Every outgoing message and its delivery status. Failed messages can be sent again."
      toolbar={
        <>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <FilterPills
              items={STATUS_FILTERS}
              current={status ?? ""}
              hrefFor={(value) => filterLink({ status: value, to })}
            />
            <Form method="get" className="flex w-full gap-2 sm:w-auto" aria-label="Filter by recipient">
              {status ? <input type="hidden" name="status" value={status} /> : null}
              <label htmlFor="email-log-to" className="sr-only">
                Recipient
              </label>
              <input
                id="email-log-to"
                type="search"
                name="to"
                defaultValue={to}
                placeholder="Recipient email"
                maxLength={254}
                className="input py-1.5 sm:w-64"
              />
              <button type="submit" className="btn-secondary py-1.5">
                Find
              </button>
            </Form>
          </div>
        </>
      }
    >
      <ChangeNotices notice={notice} error={actionData?.error} className="mx-5 mt-4" />

      <p className="px-5 py-4 text-sm text-slate-600 dark:text-slate-300">
        {total > 0
          ? `${total} ${total === 1 ? "message" : "messages"}, newest first.`
          : to
            ? "No email matches this recipient."
            : status
              ? `No ${status} emails.`
              : "No emails sent yet."}
      </p>

      {emails.length > 0 ? (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="email-log">
          {emails.map((email) => (
            <li key={email.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 px-5 py-3" data-testid="email-row">
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-medium">
                  <Link
                    to={href("/admin/dashboard/settings/emails/:id", { id: email.id })}
                    className="hover:underline"
                    data-testid="email-view"
                  >
                    {email.subject}
                  </Link>
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  To {email.to} · <span className="font-mono text-xs">{email.kind}</span>
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  Queued {formatDateTime(email.createdAt, timezone)}
                  {email.sentAt ? ` · sent ${formatDateTime(email.sentAt, timezone)}` : ""}
                  {email.attempts > 0 ? ` · ${email.attempts} ${email.attempts === 1 ? "attempt" : "attempts"}` : ""}
                </p>
                {email.lastError ? (
                  <p className="mt-1 text-xs break-words text-red-700 dark:text-red-300">
                    Last error: {email.lastError}
                  </p>
                ) : null}
              </div>
              <div className="flex items-center gap-2">
                <StatusBadge status={email.status} />
                {email.status === "failed" ? (
                  <RowAction
                    field={{ name: "emailId", value: email.id }}
                    intent="retry"
                    label={`Retry “${email.subject}” to ${email.to}`}
                    className="btn-secondary px-3 py-1.5"
                    disabled={busyId === email.id}
                  >
                    <RotateCw aria-hidden className={`size-4 ${busyId === email.id ? "animate-spin" : ""}`} /> Retry
                  </RowAction>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      <CardPagination
        page={page}
        totalPages={totalPages}
        search={withoutNotice(location.search)}
        label="Email log pages"
      />
    </SettingsCard>
  );
}

export function meta() {
  return consoleMeta("Email log");
}
