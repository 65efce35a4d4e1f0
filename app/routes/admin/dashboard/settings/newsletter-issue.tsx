import { FlaskConical, Send } from "lucide-react";
import { data, Form, href, Link, redirect } from "react-router";
import { ChangeNotices } from "~/components/console/change-notices";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { StatusBadge } from "~/components/console/status-badge";
import { EmailInput } from "~/components/email-input";
import { Field } from "~/components/field";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton, useSubmittingValue } from "~/components/submit-button";
import { actorOf } from "~/domain/accounts/actor";
import { fromLocalInput } from "~/domain/blog/format";
import { emailPreviewDocument } from "~/domain/email/log.server";
import { issueStats, previewIssue, requireIssue, sendIssue, sendTest } from "~/domain/newsletter/issues.server";
import { ISSUE_MESSAGES, TestSendSchema } from "~/domain/newsletter/schemas";
import { requireAdmin } from "~/http/guards.server";
import { config } from "~/lib/config.server";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/newsletter-issue";
import { EmailHtmlFrame, EmailTextPart, SettingsCard } from "./settings-ui";

type ActionData = { intent: "test" | "send"; error: string; email?: string; sendAt?: string };

const NOTICES = {
  created: ISSUE_MESSAGES.created,
  tested: ISSUE_MESSAGES.testSent,
  sent: ISSUE_MESSAGES.sent,
  scheduled: ISSUE_MESSAGES.scheduled,
} as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const issue = await requireIssue(params.id);
  const url = new URL(request.url);
  const notice = (["created", "tested", "sent", "scheduled"] as const).find((key) => url.searchParams.has(key));
  return {
    issue: {
      id: issue.id,
      subject: issue.subject,
      campaign: issue.campaign,
      sendAt: issue.sendAt,
      postId: issue.postId,
    },
    ...(await issueStats(issue)),
    // The HTML inside the email log's CSP document (no remote loads), as the email viewer shows it.
    preview: await previewIssue(issue).then(({ html, text }) => ({ html: emailPreviewDocument(html), text })),
    notice: notice ? NOTICES[notice] : null,
    tested: url.searchParams.get("to"),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const form = await request.formData();
  const self = href("/admin/dashboard/settings/newsletter/:id", { id: params.id });
  if (form.get("intent") === "test") {
    const email = String(form.get("email") ?? "");
    const parsed = TestSendSchema.safeParse({ email });
    if (!parsed.success) {
      return data<ActionData>(
        { intent: "test", error: parsed.error.issues[0]?.message ?? "Email is invalid", email },
        { status: 400 },
      );
    }
    try {
      const { to } = await sendTest(actor, params.id, parsed.data.email);
      return redirect(`${self}?tested=1&to=${encodeURIComponent(to)}`);
    } catch (error) {
      if (!isAppError(error)) throw error;
      return data<ActionData>({ intent: "test", error: error.message, email }, { status: error.status });
    }
  }
  // Send now, or at a time typed in the business timezone (as the blog's scheduled posts).
  const local = String(form.get("sendAt") ?? "");
  const at = local ? fromLocalInput(local, config().BUSINESS_TIMEZONE) : null;
  if (at && !(at.getTime() > Date.now())) {
    return data<ActionData>({ intent: "send", error: ISSUE_MESSAGES.sendAtPast, sendAt: local }, { status: 400 });
  }
  try {
    await sendIssue(actor, params.id, { at });
    return redirect(`${self}?${at ? "scheduled" : "sent"}=1`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ActionData>({ intent: "send", error: error.message, sendAt: local }, { status: error.status });
  }
}

/** With JavaScript, a request that gets no answer says so and keeps what was typed (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(
    args,
    (form): ActionData =>
      form.get("intent") === "test"
        ? {
            intent: "test",
            error: "Failed to send the test copy. Please check your connection and try again.",
            email: String(form.get("email") ?? ""),
          }
        : {
            intent: "send",
            error: "Failed to send the issue. Please check your connection and try again.",
            sendAt: String(form.get("sendAt") ?? ""),
          },
  );
}

const STATUS_LABELS = { draft: "Draft", scheduled: "Scheduled", sending: "Sending", sent: "Sent" } as const;
const STATUS_BADGES = { draft: "draft", scheduled: "scheduled", sending: "pending", sent: "sent" } as const;

export default function NewsletterIssue({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, status, stats, preview, notice, tested } = loaderData;
  const timezone = useConsoleTimezone();
  const busy = useSubmittingValue("intent");
  const testError = actionData?.intent === "test" ? actionData.error : undefined;
  const sendError = actionData?.intent === "send" ? actionData.error : undefined;
  const numbers: [string, number][] = [
    ["Recipients", stats.recipients],
    ["Sent", stats.sent],
    ["Delivered", stats.delivered],
    ["Failed", stats.failed],
    ["Bounced", stats.bounced],
    ["Unique clicks", stats.uniqueClicks],
    ["Unsubscribes", stats.unsubscribes],
    ["Leads", stats.leads],
  ];
  return (
    <div className="space-y-6">
      <ChangeNotices notice={notice ? `${notice}${tested ? ` (to ${tested})` : ""}` : null} />
      <section aria-labelledby="issue-heading" className="card">
        <div className="border-b border-slate-100 px-5 py-4 dark:border-slate-800">
          <p className="text-sm">
            <Link to={href("/admin/dashboard/settings/newsletter")} className="underline">
              All issues
            </Link>
          </p>
          <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
            <h2 id="issue-heading" className="min-w-0 font-semibold break-words">
              {issue.subject}
            </h2>
            <StatusBadge status={STATUS_BADGES[status]} label={STATUS_LABELS[status]} />
          </div>
          <p className="mt-1 text-sm break-words text-slate-600 dark:text-slate-300">
            Campaign <code className="font-mono text-xs">{issue.campaign}</code>
            {issue.sendAt
              ? ` · ${status === "scheduled" ? "goes out" : "sent"} ${formatDateTime(issue.sendAt, timezone)}`
              : ""}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-px bg-slate-100 sm:grid-cols-4 dark:bg-slate-800" data-testid="issue-stats">
          {numbers.map(([label, value]) => (
            <div key={label} className="bg-white px-5 py-3 dark:bg-slate-900">
              <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums" data-stat={label}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <SettingsCard
          id="test"
          title="Send a test"
          icon={FlaskConical}
          description="One address at a time, 10 test copies an hour. Its subject starts with “[Test]”."
        >
          <Form method="post" className="space-y-4 px-5 py-4">
            <input type="hidden" name="intent" value="test" />
            <Field id="test-email" label="Email" error={testError}>
              <EmailInput defaultValue={actionData?.email} />
            </Field>
            <SubmitButton className="btn-secondary" busy={busy === "test"} whileBusy="Sending..." icon={FlaskConical}>
              Send test
            </SubmitButton>
          </Form>
        </SettingsCard>

        <SettingsCard
          id="send"
          title="Send to subscribers"
          icon={Send}
          description="Every confirmed subscriber gets it once. Leave the time empty to send now."
        >
          {status === "draft" ? (
            <Form method="post" className="space-y-4 px-5 py-4">
              <input type="hidden" name="intent" value="send" />
              <Field id="send-at" label="Send at" note="optional" hint="Business time zone." error={sendError}>
                <input name="sendAt" type="datetime-local" defaultValue={actionData?.sendAt} className="input" />
              </Field>
              <SubmitButton className="btn-primary" busy={busy === "send"} whileBusy="Sending..." icon={Send}>
                Send issue
              </SubmitButton>
            </Form>
          ) : (
            <p className="px-5 py-4 text-sm text-slate-600 dark:text-slate-300" data-testid="issue-sent-note">
              {sendError ?? "This issue has been sent or scheduled: an issue goes out once."}
            </p>
          )}
        </SettingsCard>
      </div>

      <section aria-labelledby="preview-heading" className="card">
        <div className="border-b border-slate-100 px-5 py-4 dark:border-slate-800">
          <h2 id="preview-heading" className="font-semibold">
            Preview
          </h2>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            As a subscriber gets it. Shown in a sandbox: no scripts run and no remote images or fonts load.
          </p>
        </div>
        <div className="px-5 py-4">
          <h3 className="text-sm font-semibold">HTML version</h3>
          <EmailHtmlFrame subject={issue.subject} html={preview.html} testId="issue-html" />
          <h3 className="mt-4 text-sm font-semibold">Text version</h3>
          <EmailTextPart text={preview.text} testId="issue-text" />
        </div>
      </section>
    </div>
  );
}

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return consoleMeta(`${loaded?.issue.subject ?? "Newsletter issue"}`);
}
