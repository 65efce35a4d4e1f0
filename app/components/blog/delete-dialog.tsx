import { Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { href, useFetcher } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { ErrorAlert } from "./admin";
import { type UnusedImage, UnusedImages } from "./unused-images";

/**
 * The delete confirmation with JavaScript: a modal dialog posting to the same action as the
 * confirmation page that works without it (`/admin/dashboard/blog/:id/delete`).
 */
export function DeleteDialog({ post, onClose }: { post: { id: string; title: string }; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<{ error?: string }>();
  const busy = fetcher.state !== "idle";
  // The confirmation page's data: the post's unused images, offered for deletion (decision 030).
  const details = useFetcher<{ images: UnusedImage[] }>();
  const deletePath = href("/admin/dashboard/blog/:id/delete", { id: post.id });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const load = details.load;
  useEffect(() => {
    load(deletePath);
  }, [load, deletePath]);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="delete-title"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id="delete-title" className="flex items-center gap-2 text-lg font-bold">
        <Trash2 aria-hidden className="size-5 text-red-600 dark:text-red-400" />
        Delete this blog post?
      </h2>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
        “<span className="font-semibold text-slate-900 dark:text-white">{post.title}</span>” will be removed for good.
        This cannot be undone.
      </p>
      {fetcher.data?.error ? <ErrorAlert className="mt-4">{fetcher.data.error}</ErrorAlert> : null}
      <fetcher.Form method="post" action={deletePath} className="mt-6">
        <input type="hidden" name="title" value={post.title} />
        <UnusedImages images={details.data?.images ?? []} />
        <div className="flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={() => ref.current?.close()}>
            Cancel
          </button>
          <SubmitButton className="btn-danger" busy={busy} whileBusy="Deleting...">
            Delete
          </SubmitButton>
        </div>
      </fetcher.Form>
    </dialog>
  );
}
