import { Eye, History, RotateCcw } from "lucide-react";
import { Form, href, Link, useNavigation } from "react-router";
import { SubmitButton } from "~/components/submit-button";

/** One row of the Revisions list, formatted on the server (business timezone, no hydration drift). */
export type RevisionRow = { id: number; kind: "save" | "autosave" | "restore"; who: string; at: string; title: string };

const KIND_LABEL: Record<RevisionRow["kind"], string> = {
  save: "Saved",
  autosave: "Autosaved",
  restore: "Restored",
};

/**
 * "Restore" as a plain form POST (works without JavaScript). `version` is the post's version
 * the page was loaded with, so a post changed since is not overwritten (decision 030).
 */
export function RestoreForm({
  postId,
  revisionId,
  version,
  label,
  className = "btn-secondary",
}: {
  postId: string;
  revisionId: number;
  version: number;
  label: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const action = href("/admin/dashboard/blog/:id/revisions/:revision", { id: postId, revision: String(revisionId) });
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className="inline">
      <input type="hidden" name="version" value={version} />
      <SubmitButton
        intent="restore"
        className={className}
        busy={busy}
        whileBusy="Restoring..."
        icon={RotateCcw}
        aria-label={label}
      >
        Restore
      </SubmitButton>
    </Form>
  );
}

/** The editor's history: the last saves, newest first, each viewable and restorable. */
export function RevisionsPanel({
  postId,
  version,
  revisions,
  timeZone,
}: {
  postId: string;
  version: number;
  revisions: readonly RevisionRow[];
  timeZone: string;
}) {
  return (
    <section id="revisions" aria-labelledby="revisions-heading" className="card space-y-3 p-5 sm:p-6">
      <h2 id="revisions-heading" className="flex items-center gap-2 text-lg font-semibold">
        <History aria-hidden className="size-5" /> Revisions
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The last 20 saves, newest first (times in {timeZone}). Restoring brings back the text and keeps the status.
      </p>
      {revisions.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No saves recorded yet.</p>
      ) : (
        <ol className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="revisions">
          {revisions.map((revision, index) => (
            <li key={revision.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-slate-900 dark:text-white">
                  {KIND_LABEL[revision.kind]} {revision.at}
                  {index === 0 ? (
                    <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                      latest
                    </span>
                  ) : null}
                </p>
                <p className="text-slate-700 dark:text-slate-300">{revision.title}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">by {revision.who}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Link
                  to={href("/admin/dashboard/blog/:id/revisions/:revision", {
                    id: postId,
                    revision: String(revision.id),
                  })}
                  className="btn-secondary"
                  aria-label={`View revision: ${KIND_LABEL[revision.kind].toLowerCase()} ${revision.at}`}
                >
                  <Eye aria-hidden className="size-4" /> View
                </Link>
                <RestoreForm
                  postId={postId}
                  revisionId={revision.id}
                  version={version}
                  label={`Restore revision: ${KIND_LABEL[revision.kind].toLowerCase()} ${revision.at}`}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
