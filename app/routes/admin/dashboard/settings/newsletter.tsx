import { Newspaper, Plus } from "lucide-react";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { StatusBadge } from "~/components/console/status-badge";
import { Field } from "~/components/field";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton } from "~/components/submit-button";
import { actorOf } from "~/domain/accounts/actor";
import { listPublishedPosts } from "~/domain/blog/posts.server";
import { createIssue, issueStats, listIssues } from "~/domain/newsletter/issues.server";
import { IssueSchema } from "~/domain/newsletter/schemas";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import { fieldErrorsOf, firstMessagePerField } from "~/lib/zod-issues";
import type { Route } from "./+types/newsletter";
import { CardList, SettingsCard } from "./settings-ui";

type Values = { subject: string; markdown: string; postId: string };
type ActionData = { error?: string; fields?: Partial<Record<keyof Values, string>>; values: Values };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const now = new Date();
  const issues = await Promise.all(
    (await listIssues()).map(async (issue) => ({
      id: issue.id,
      subject: issue.subject,
      createdAt: issue.createdAt,
      ...(await issueStats(issue, now)),
    })),
  );
  const posts = (await listPublishedPosts(50)).map((post) => ({ id: post.id, title: post.title }));
  return { issues, posts };
}

const valuesOf = (form: FormData): Values => ({
  subject: String(form.get("subject") ?? ""),
  markdown: String(form.get("markdown") ?? ""),
  postId: String(form.get("postId") ?? ""),
});

export async function action({ request }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request));
  const values = valuesOf(await request.formData());
  // "Send this post" when a post is chosen; else the markdown typed here.
  const input = values.postId
    ? { subject: values.subject, postId: values.postId }
    : { subject: values.subject, markdown: values.markdown };
  const parsed = IssueSchema.safeParse(input);
  if (!parsed.success) {
    const fields = firstMessagePerField(fieldErrorsOf(parsed.error)) as ActionData["fields"];
    return data<ActionData>({ fields, values }, { status: 400 });
  }
  try {
    const issue = await createIssue(actor, parsed.data);
    return redirect(`${href("/admin/dashboard/settings/newsletter/:id", { id: issue.id })}?created=1`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ActionData>({ fields: { postId: error.message }, values }, { status: error.status });
  }
}

/** With JavaScript, a request that gets no answer says so and keeps what was typed (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(
    args,
    (form): ActionData => ({
      error: "Failed to save the issue. Please check your connection and try again.",
      values: valuesOf(form),
    }),
  );
}

const STATUS_LABELS = { draft: "Draft", scheduled: "Scheduled", sending: "Sending", sent: "Sent" } as const;
const STATUS_BADGES = { draft: "draft", scheduled: "scheduled", sending: "pending", sent: "sent" } as const;

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { issues, posts } = loaderData;
  const timezone = useConsoleTimezone();
  const saving = useNavigation().state === "submitting";
  const fields = actionData?.fields;
  return (
    <div className="space-y-6">
      <SettingsCard
        id="issues"
        title="Newsletter issues"
        icon={Newspaper}
        description={
          <>
            Each issue goes once to every confirmed subscriber, in batches, with a one-click unsubscribe and tracked
            links (no open pixel).{" "}
            <Link to={href("/admin/dashboard/settings/subscribers")} className="underline">
              See the subscribers
            </Link>
            .
          </>
        }
      >
        <CardList items={issues} empty="No issues yet." testId="newsletter-issues">
          {(issue) => (
            <li key={issue.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3">
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-medium break-words">
                  <Link
                    to={href("/admin/dashboard/settings/newsletter/:id", { id: issue.id })}
                    className="hover:underline"
                  >
                    {issue.subject}
                  </Link>
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Written {formatDateTime(issue.createdAt, timezone)} · {issue.stats.sent} sent ·{" "}
                  {issue.stats.uniqueClicks} clicked · {issue.stats.leads} leads
                </p>
              </div>
              <StatusBadge status={STATUS_BADGES[issue.status]} label={STATUS_LABELS[issue.status]} />
            </li>
          )}
        </CardList>
      </SettingsCard>

      <SettingsCard
        id="compose"
        title="Write an issue"
        icon={Plus}
        description="Markdown, cleaned like a blog post; or choose a published post to send it as the issue. You preview it and send a test before anyone else gets it."
      >
        <Form method="post" className="space-y-4 px-5 py-4">
          {actionData?.error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {actionData.error}
            </p>
          ) : null}
          <Field id="issue-subject" label="Subject" error={fields?.subject} maxLength={150}>
            <input
              name="subject"
              type="text"
              required
              maxLength={150}
              defaultValue={actionData?.values.subject}
              className="input"
            />
          </Field>
          <Field id="issue-post" label="Send this post" note="optional" error={fields?.postId}>
            <select name="postId" defaultValue={actionData?.values.postId ?? ""} className="input">
              <option value="">None: I write the issue below</option>
              {posts.map((post) => (
                <option key={post.id} value={post.id}>
                  {post.title}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="issue-markdown"
            label="Issue"
            hint="Markdown: **bold**, [a link](https://…), lists, headings. Not needed when a post is chosen."
            error={fields?.markdown}
          >
            <textarea
              name="markdown"
              rows={10}
              maxLength={100_000}
              defaultValue={actionData?.values.markdown}
              className="input font-mono text-sm"
            />
          </Field>
          <SubmitButton className="btn-primary" busy={saving} whileBusy="Saving..." icon={Plus}>
            Save and preview
          </SubmitButton>
        </Form>
      </SettingsCard>
    </div>
  );
}

export function meta() {
  return consoleMeta("Newsletter");
}
