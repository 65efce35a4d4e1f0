import { ArrowLeft, Paperclip } from "lucide-react";
import { data, href, Link } from "react-router";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { StatusBadge } from "~/components/console/status-badge";
import { consoleMeta } from "~/components/site/noindex-meta";
import { emailPreviewDocument, getEmailMessage } from "~/domain/email/log.server";
import { requireAdmin } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import type { Route } from "./+types/email-message";
import { EmailHtmlFrame, EmailTextPart } from "./settings-ui";

const LOG_PATH = href("/admin/dashboard/settings/emails");

/** Settings → Email log → one message: what the recipient got (decision 020). Admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    const message = await getEmailMessage(params.id);
    return { message, preview: message.html ? emailPreviewDocument(message.html) : null };
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

const kilobytes = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`);

export default function EmailMessage({ loaderData }: Route.ComponentProps) {
  const { message, preview } = loaderData;
  const timezone = useConsoleTimezone();
  return (
    <section aria-labelledby="email-message-heading" className="card" data-testid="email-message">
      <div className="border-b border-slate-100 px-5 py-4 dark:border-slate-800">
        <Link
          to={LOG_PATH}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft aria-hidden className="size-4" /> Email log
        </Link>
        <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
          <h2 id="email-message-heading" className="min-w-0 text-lg font-semibold break-words">
            {message.subject}
          </h2>
          <StatusBadge status={message.status} />
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="text-slate-600 dark:text-slate-400">To</dt>
          <dd className="min-w-0 break-words">{message.to}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Kind</dt>
          <dd className="font-mono text-xs leading-5">{message.kind}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Queued</dt>
          <dd>{formatDateTime(message.createdAt, timezone)}</dd>
          {message.sentAt ? (
            <>
              <dt className="text-slate-600 dark:text-slate-400">Sent</dt>
              <dd>{formatDateTime(message.sentAt, timezone)}</dd>
            </>
          ) : null}
          {message.lastError ? (
            <>
              <dt className="text-slate-600 dark:text-slate-400">Last error</dt>
              <dd className="break-words text-red-700 dark:text-red-300">{message.lastError}</dd>
            </>
          ) : null}
        </dl>
      </div>

      {message.attachments.length > 0 ? (
        <div className="border-b border-slate-100 px-5 py-4 dark:border-slate-800">
          <h3 className="text-sm font-semibold">Attachments</h3>
          <ul className="mt-2 space-y-1" data-testid="email-attachments">
            {message.attachments.map((attachment) => (
              <li key={attachment.index}>
                <a
                  href={`${LOG_PATH}/${message.id}/attachments/${attachment.index}`}
                  download={attachment.filename}
                  className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
                >
                  <Paperclip aria-hidden className="size-4" />
                  {attachment.filename}
                </a>
                <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">
                  {attachment.contentType.split(";")[0]}, {kilobytes(attachment.size)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="px-5 py-4">
        <h3 className="text-sm font-semibold">Text version</h3>
        <EmailTextPart text={message.text} testId="email-text" />
      </div>

      {preview ? (
        <div className="border-t border-slate-100 px-5 py-4 dark:border-slate-800">
          <h3 className="text-sm font-semibold">HTML version</h3>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Shown in a sandbox: no scripts run and no remote images or fonts load.
          </p>
          <EmailHtmlFrame subject={message.subject} html={preview} testId="email-html" />
        </div>
      ) : (
        <p className="border-t border-slate-100 px-5 py-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
          This message has no HTML version.
        </p>
      )}
    </section>
  );
}

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  const subject = loaded?.message.subject ?? "Email";
  return consoleMeta(`${subject} | Email log`);
}
