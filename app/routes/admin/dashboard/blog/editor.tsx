import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Eye, ImageUp } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, href, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { ErrorAlert, Notice } from "~/components/blog/admin";
import { AdminBlogError } from "~/components/blog/admin-error";
import { AutosaveStatus, LeavePrompt, useEditorSafety } from "~/components/blog/autosave";
import { PostContent } from "~/components/blog/post-content";
import { ReviewPanel, type ReviewView } from "~/components/blog/review-panel";
import { RevisionsPanel } from "~/components/blog/revisions";
import { LoadLatestButton, TypedCopy, typedFields } from "~/components/blog/save-conflict";
import { SeoFieldset } from "~/components/blog/seo-fieldset";
import { useUploadSizeCheck } from "~/components/blog/upload-size";
import { FieldError } from "~/components/field-error";
import { LengthHint } from "~/components/length-hint";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton } from "~/components/submit-button";
import { actorOf } from "~/domain/accounts/actor";
import { can } from "~/domain/accounts/permissions";
import { formatPostDate, fromLocalInput, SCHEDULE_DATE, toLocalInput } from "~/domain/blog/format";
import { IMAGE_NOT_UPLOADED, imageMarkdown, imageTooLargeMessage, MAX_ALT_LENGTH } from "~/domain/blog/images";
import { renderMarkdown } from "~/domain/blog/markdown";
import { SAVE_CONFLICT, SAVE_FAILED } from "~/domain/blog/messages";
import { createPost, findPost, updatePost } from "~/domain/blog/posts.server";
import { reviewState } from "~/domain/blog/review";
import { revisionRows } from "~/domain/blog/revisions.server";
import { BLOG_LIMITS, BlogFormSchema, formSeo, SCHEDULE_MESSAGES, SLUG_MESSAGES } from "~/domain/blog/schemas";
import { postImages } from "~/domain/blog/uploads.server";
import { actionFailure } from "~/http/action-failure.server";
import { requireAdmin } from "~/http/guards.server";
import { requireEditablePost, requirePublishing, requireReadablePost } from "~/http/post-access.server";
import { config } from "~/lib/config.server";
import { hasCode, isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import { useFieldValue } from "~/lib/use-field-value";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/editor";
import { BackToBlogList, imageView } from "./blog-ui";

const PREVIEW_DELAY = 300; // ms after the last keystroke
const EMPTY = {
  title: "",
  author: "",
  excerpt: "",
  content: "",
  tags: "",
  publishAt: "",
  // Decision 029: the SEO fields.
  slug: "",
  metaTitle: "",
  metaDescription: "",
  canonicalUrl: "",
};
type EditorStatus = "draft" | "scheduled" | "published";

/** What the upload form left in the address (it redirects back here). */
function uploadOutcome(url: URL) {
  const uploaded = url.searchParams.get("uploaded");
  // An image over the body cap, sent back here by it (app/http/body-limit.server.ts): its size in bytes.
  const tooLarge = url.searchParams.get("uploadTooLarge");
  return {
    notice:
      uploaded === "cover"
        ? "Cover image set."
        : uploaded === "content"
          ? "Image added to the end of the content."
          : null,
    error: tooLarge ? IMAGE_NOT_UPLOADED : (url.searchParams.get("uploadError")?.slice(0, 200) ?? null),
    fileError: tooLarge
      ? imageTooLargeMessage(Number(tooLarge) || null)
      : (url.searchParams.get("fileError")?.slice(0, 200) ?? null),
    altError: url.searchParams.get("altError")?.slice(0, 200) ?? null,
  };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  if (params.id) await requireReadablePost(request, session, params.id);
  const { BUSINESS_TIMEZONE: timeZone, SITE_URL: origin } = config();
  const url = new URL(request.url);
  const base = {
    timeZone,
    origin,
    // An Author saves drafts; publishing and scheduling need Marketing or above (decision 064).
    mayPublish: can(session.admin.role, "publish:blog-post:any"),
    images: [],
    cover: null,
    upload: uploadOutcome(url),
    // Decision 030: the version token of the form and the Revisions list.
    version: null as number | null,
    revisions: [] as Awaited<ReturnType<typeof revisionRows>>,
    restored: url.searchParams.get("restored"),
    created: url.searchParams.has("created"),
    review: {
      state: null,
      since: null,
      note: null,
      maySubmit: false,
      mayWithdraw: false,
      mayReview: false,
      error: url.searchParams.get("reviewError")?.slice(0, 200) ?? null,
    } as ReviewView,
  };
  if (!params.id) {
    return {
      ...base,
      id: null,
      missing: false,
      values: { ...EMPTY, status: "draft" as EditorStatus },
      previewHtml: "",
    };
  }
  const post = await findPost(params.id);
  if (!post) {
    // Rendered by the page (not the error boundary) so that a failed save of a post deleted
    // meanwhile still shows the form, what was typed and the failure message.
    return data(
      { ...base, id: params.id, missing: true, values: { ...EMPTY, status: "draft" as EditorStatus }, previewHtml: "" },
      { status: 404 },
    );
  }
  const images = (await postImages(post.id)).map((image) => ({
    ...imageView(image),
    markdown: imageMarkdown(image.alt, image.key),
  }));
  const scheduled = post.status === "draft" && post.publishAt !== null;
  const state = reviewState(post);
  // Decision 069: the post's owner (or anyone who may submit any) submits an unscheduled draft;
  // a member who may publish reviews it.
  const submitter =
    can(session.admin.role, "submit:blog-post:any") ||
    (can(session.admin.role, "submit:blog-post:own") && post.createdBy === session.admin.id);
  const maySubmit = state !== "in-review" && post.status === "draft" && !scheduled && submitter;
  // Withdrawing undoes a submit: offered to the post's own author (a reviewer sends it back instead).
  const mayWithdraw = state === "in-review" && submitter && post.createdBy === session.admin.id;
  return {
    ...base,
    review: {
      ...base.review,
      state,
      since: post.reviewRequestedAt ? formatPostDate(post.reviewRequestedAt, SCHEDULE_DATE, timeZone) : null,
      note: post.reviewNote,
      maySubmit,
      mayWithdraw,
      mayReview: state === "in-review" && base.mayPublish,
    },
    version: post.updatedAt.getTime(),
    revisions: await revisionRows(post.id, timeZone),
    images,
    cover: images.find((image) => image.key === post.coverImage) ?? null,
    id: post.id,
    missing: false,
    values: {
      title: post.title,
      author: post.author,
      excerpt: post.excerpt,
      content: post.content,
      tags: post.tags.join(", "),
      status: (scheduled ? "scheduled" : post.status) as EditorStatus,
      publishAt: post.publishAt ? toLocalInput(post.publishAt, timeZone) : "",
      slug: post.slug ?? "",
      metaTitle: post.metaTitle ?? "",
      metaDescription: post.metaDescription ?? "",
      canonicalUrl: post.canonicalUrl ?? "",
    },
    previewHtml: post.contentHtml,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  if (params.id) await requireEditablePost(request, session, params.id);
  const actor = actorOf(session);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: BlogFormSchema });
  if (formData.get("intent") === "latest") {
    // "Load the latest version" after a conflict (decision 051): the page shows the post as it is
    // now, and what was typed beside it, to copy what is still wanted.
    return data({ result: undefined, preview: null, typed: typedFields(formData) });
  }
  if (formData.get("intent") === "preview") {
    // The preview without JavaScript: render what was typed, keep the form as it is.
    const content = String(formData.get("content") ?? "").slice(0, BLOG_LIMITS.content);
    return data({ result: { ...submission.reply(), error: undefined }, preview: renderMarkdown(content) });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(), preview: null }, { status: 400 });
  }
  // Scheduled is a draft with a publish time (decision 028), typed in the business timezone.
  const { status, publishAt: localTime, slug, metaTitle, metaDescription, canonicalUrl, ...fields } = submission.value;
  const seo = formSeo(submission.value);
  let publishAt: Date | null = null;
  if (status === "scheduled") {
    const problem = !localTime
      ? SCHEDULE_MESSAGES.missing
      : fromLocalInput(localTime, config().BUSINESS_TIMEZONE).getTime() <= Date.now()
        ? SCHEDULE_MESSAGES.past
        : null;
    if (problem) {
      return data(
        { result: submission.reply({ fieldErrors: { publishAt: [problem] } }), preview: null },
        { status: 400 },
      );
    }
    publishAt = fromLocalInput(localTime as string, config().BUSINESS_TIMEZONE);
  }
  const input = { ...fields, status: status === "published" ? ("published" as const) : ("draft" as const), publishAt };
  // Publishing needs Marketing or above (decision 064); an Author saves drafts.
  try {
    requirePublishing(session, input.status === "published" || publishAt !== null);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      { result: submission.reply({ fieldErrors: { status: [error.message] } }), preview: null },
      { status: error.status },
    );
  }
  // The version the form was loaded with (moved forward by autosave): an edit made elsewhere
  // since is not overwritten (decision 030). Absent from an older page: not checked.
  const version = formData.get("version") === null ? undefined : Number(formData.get("version"));
  try {
    if (params.id) {
      await updatePost(actor, params.id, { ...input, ...seo }, undefined, {
        version: Number.isFinite(version) ? version : undefined,
      });
    } else {
      // A new post opens in its own editor, where images can be added at once (issue 30).
      const post = await createPost(actor, { ...input, ...seo });
      return redirect(`${href("/admin/dashboard/blog/:id/edit", { id: post.id })}?created=1`);
    }
  } catch (error) {
    if (hasCode(error, "blog.slug_taken")) {
      return data(
        { result: submission.reply({ fieldErrors: { slug: [SLUG_MESSAGES.taken] } }), preview: null },
        { status: 409 },
      );
    }
    if (hasCode(error, "blog.post_changed")) {
      // Saved elsewhere since this page was loaded: saving again cannot work (decision 051). The
      // form keeps the version it was loaded with, so Save stays refused until the latest is loaded.
      return data(
        {
          result: submission.reply({ formErrors: [SAVE_CONFLICT] }),
          preview: null,
          conflict: true,
          version: version !== undefined && Number.isFinite(version) ? version : null,
        },
        { status: 409 },
      );
    }
    return data(
      { result: submission.reply({ formErrors: [SAVE_FAILED] }), preview: null },
      { status: actionFailure(error).status },
    );
  }
  return redirect(`${href("/admin/dashboard/blog")}?notice=updated`);
}

/** Renders markdown through the admin-only preview endpoint, a moment after typing stops. */
function useLivePreview(content: string, initialHtml: string, enabled: boolean) {
  const [html, setHtml] = useState(initialHtml);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch("/api/blogs/preview", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ content }),
          signal: controller.signal,
        });
        const body = (await response.json()) as { success: boolean; data?: { html: string } };
        if (!response.ok || !body.data) throw new Error(`Preview failed with status ${response.status}`);
        setHtml(body.data.html);
        setFailed(false);
      } catch (error) {
        if (!controller.signal.aborted) {
          console.warn("Live preview unavailable", error);
          setFailed(true);
        }
      }
    }, PREVIEW_DELAY);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [content, enabled]);
  return { html, failed };
}

/** With JavaScript, a failed save keeps the post as typed, with the spec's message. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form) => ({
    result: parseWithZod(form, { schema: BlogFormSchema }).reply({ formErrors: [SAVE_FAILED] }),
    preview: null,
  }));
}

/**
 * Only a navigation reloads the editor (e.g. back from restoring a revision): another part of
 * the console revalidating must not bring a new version in under what is being typed.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // "Load the latest version" asks for exactly that (decision 051).
  if (formData?.get("intent") === "latest") return true;
  return currentUrl.href !== nextUrl.href && defaultShouldRevalidate;
}

/** A new version of the post (a restore) starts the form afresh: its fields, preview and autosave. */
export default function BlogEditor(props: Route.ComponentProps) {
  return <Editor key={`${props.loaderData.id}:${props.loaderData.version}`} {...props} />;
}

function Editor({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const saving = navigation.state === "submitting" && intent !== "preview" && intent !== "latest";
  const editing = loaderData.id !== null;
  const [form, fields] = useForm({
    id: `blog-editor-${loaderData.id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BlogFormSchema }),
  });
  // Read from the field once hydrated: text typed before the scripts started is previewed too (decision 047).
  const content = useFieldValue<HTMLTextAreaElement>(loaderData.values.content);
  const live = useLivePreview(
    content.value,
    loaderData.previewHtml,
    hydrated && content.value !== loaderData.values.content,
  );
  const previewHtml = hydrated ? live.html : (actionData?.preview ?? loaderData.previewHtml);
  // Autosave is for drafts that exist (decision 030): a new post starts after its first save, and
  // a published post changes only when Update Post is pressed.
  const published = loaderData.values.status === "published";
  const safety = useEditorSafety({
    formId: form.id,
    autosaveUrl:
      loaderData.id && !loaderData.missing && !published
        ? href("/admin/dashboard/blog/:id/autosave", { id: loaderData.id })
        : null,
    // After a conflict the page (without JavaScript, rendered afresh) keeps the version it was
    // loaded with, not the one just read (decision 051).
    initialVersion:
      actionData && "conflict" in actionData
        ? ((actionData as unknown as { version?: number | null }).version ?? loaderData.version)
        : loaderData.version,
    saving,
  });
  if (loaderData.missing && !actionData) return <AdminBlogError notFound />;

  return (
    <div className="mx-auto max-w-7xl">
      <BackToBlogList />
      <h1 className="mt-3 text-2xl font-bold">{editing ? "Edit Post" : "New Post"}</h1>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {/* The form and the images panel share the left column; the preview stays beside them. */}
        <div className="min-w-0 space-y-6">
          {actionData && "typed" in actionData && actionData.typed ? (
            <TypedCopy typed={actionData.typed} latest={loaderData.values} />
          ) : null}
          <Form method="post" {...getFormProps(form)} noValidate={hydrated} className="card space-y-5 p-5 sm:p-6">
            {form.errors?.length ? <ErrorAlert>{form.errors[0]}</ErrorAlert> : null}
            {loaderData.created ? (
              <Notice>
                <span>
                  Blog post created. Add a cover or images to it{" "}
                  <a href="#images" className="font-semibold underline">
                    below
                  </a>
                  .
                </span>
              </Notice>
            ) : null}
            {actionData && "conflict" in actionData && actionData.conflict ? <LoadLatestButton /> : null}
            {loaderData.restored ? (
              <Notice>
                {loaderData.restored === "same"
                  ? "The post already matches that revision: nothing changed."
                  : "Revision restored. The status and publish time are unchanged."}
              </Notice>
            ) : null}
            {safety.version !== null ? <input type="hidden" name="version" value={safety.version} /> : null}
            <Field label="Title" id={fields.title.id} errorId={fields.title.errorId} errors={fields.title.errors}>
              <input
                {...getInputProps(fields.title, { type: "text" })}
                className="input"
                maxLength={BLOG_LIMITS.title}
                required
              />
            </Field>
            <Field label="Author" id={fields.author.id} errorId={fields.author.errorId} errors={fields.author.errors}>
              <input
                {...getInputProps(fields.author, { type: "text" })}
                className="input"
                maxLength={BLOG_LIMITS.author}
                autoComplete="name"
                required
              />
            </Field>
            <Field
              label="Excerpt"
              id={fields.excerpt.id}
              errorId={fields.excerpt.errorId}
              errors={fields.excerpt.errors}
            >
              <textarea
                {...getTextareaProps(fields.excerpt, { ariaDescribedBy: `${fields.excerpt.id}-length` })}
                className="input"
                rows={3}
                maxLength={BLOG_LIMITS.excerpt}
                required
              />
              <LengthHint id={`${fields.excerpt.id}-length`} forId={fields.excerpt.id} max={BLOG_LIMITS.excerpt} />
            </Field>
            <Field
              label="Content"
              hint="Markdown: ## headings, **bold**, [links](https://…), lists, ``` code blocks ```."
              id={fields.content.id}
              errorId={fields.content.errorId}
              errors={fields.content.errors}
            >
              <textarea
                {...getTextareaProps(fields.content, { ariaDescribedBy: `${fields.content.id}-length` })}
                className="input min-h-80 font-mono text-sm"
                rows={18}
                maxLength={BLOG_LIMITS.content}
                required
                ref={content.ref}
                onChange={content.onChange}
              />
              <LengthHint id={`${fields.content.id}-length`} forId={fields.content.id} max={BLOG_LIMITS.content} />
            </Field>
            <Field
              label="Tags"
              hint="Comma-separated, e.g. Automation, Finance"
              id={fields.tags.id}
              errorId={fields.tags.errorId}
              errors={fields.tags.errors}
            >
              <input {...getInputProps(fields.tags, { type: "text" })} className="input" />
            </Field>
            <Field label="Status" id={fields.status.id} errorId={fields.status.errorId} errors={fields.status.errors}>
              <select {...getSelectProps(fields.status)} className="input">
                <option value="draft">Draft</option>
                {loaderData.mayPublish || loaderData.values.status === "scheduled" ? (
                  <option value="scheduled">Scheduled</option>
                ) : null}
                {loaderData.mayPublish || loaderData.values.status === "published" ? (
                  <option value="published">Published</option>
                ) : null}
              </select>
            </Field>
            <Field
              label="Publish at"
              hint={`For Scheduled: the date and time the post goes out, in ${loaderData.timeZone}.`}
              id={fields.publishAt.id}
              errorId={fields.publishAt.errorId}
              errors={fields.publishAt.errors}
            >
              <input {...getInputProps(fields.publishAt, { type: "datetime-local" })} className="input" />
            </Field>
            <SeoFieldset fields={fields} origin={loaderData.origin} initial={loaderData.values} editing={editing} />
            {hydrated ? (
              <AutosaveStatus
                status={safety.status}
                note={
                  !editing
                    ? "Autosave starts once the post is created."
                    : published
                      ? "Autosave is off for published posts: changes go live only when you press Update Post."
                      : "Drafts are saved automatically a few seconds after you stop typing."
                }
              />
            ) : null}
            <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
              {/* Save comes first in the DOM so that Enter saves; the order classes lay the buttons out. */}
              {/* Not while an autosave is in flight: the Save would still carry the version before it. */}
              <SubmitButton
                intent="save"
                className="btn-primary order-3"
                busy={saving}
                whileBusy="Saving..."
                disabled={safety.status.state === "saving"}
              >
                {editing ? "Update Post" : "Create Post"}
              </SubmitButton>
              {hydrated ? null : (
                <button type="submit" name="intent" value="preview" className="btn-secondary order-2" formNoValidate>
                  <Eye aria-hidden className="size-4" /> Preview
                </button>
              )}
              <Link to={href("/admin/dashboard/blog")} className="btn-secondary order-1">
                Cancel
              </Link>
            </div>
          </Form>

          {loaderData.id && !loaderData.missing ? (
            <ReviewPanel postId={loaderData.id} review={loaderData.review} />
          ) : null}
          {loaderData.id ? (
            <ImagesPanel
              postId={loaderData.id}
              data={loaderData}
              onInsert={
                hydrated
                  ? (markdown) => {
                      const content = document.getElementById(fields.content.id);
                      if (content instanceof HTMLTextAreaElement) insertAtCaret(content, markdown);
                    }
                  : null
              }
            />
          ) : null}
          {loaderData.id && !loaderData.missing && safety.version !== null ? (
            <RevisionsPanel
              postId={loaderData.id}
              version={safety.version}
              revisions={safety.revisions ?? loaderData.revisions}
              timeZone={loaderData.timeZone}
            />
          ) : null}
        </div>

        <section aria-labelledby="live-preview" className="card min-w-0 p-5 sm:p-6 lg:sticky lg:top-20 lg:self-start">
          <h2
            id="live-preview"
            className="flex items-center gap-2 text-sm font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400"
          >
            <Eye aria-hidden className="size-4" /> Preview
          </h2>
          {hydrated && live.failed ? (
            <p className="mt-2 text-sm text-amber-800 dark:text-amber-200">The preview could not be updated.</p>
          ) : null}
          {/* A scrolling box must take keyboard focus, or keyboard users cannot scroll it (WCAG 2.1.1). */}
          <section
            className="mt-4 max-h-[70vh] overflow-y-auto rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            data-testid="live-preview"
            aria-label="Rendered post"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is scrolled with the keyboard once focused
            tabIndex={0}
          >
            {previewHtml ? (
              <PostContent html={previewHtml} />
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">
                {hydrated ? "Start writing to see the rendered post." : "Press Preview to see the rendered post."}
              </p>
            )}
          </section>
        </section>
      </div>
      <LeavePrompt blocker={safety.blocker} />
    </div>
  );
}

/**
 * Puts an image's markdown where the caret is in the content (on a line of its own) and tells the
 * form, the live preview and autosave, as typing would. Focus returns to the text after it.
 */
function insertAtCaret(textarea: HTMLTextAreaElement, markdown: string) {
  const { selectionStart: start, selectionEnd: end, value } = textarea;
  const before = value.slice(0, start);
  const after = value.slice(end);
  const block = `${before && !before.endsWith("\n\n") ? (before.endsWith("\n") ? "\n" : "\n\n") : ""}${markdown}${
    after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : after ? "\n\n" : "\n"
  }`;
  if (value.length - (end - start) + block.length > textarea.maxLength && textarea.maxLength > 0) return;
  textarea.focus();
  textarea.setRangeText(block, start, end, "end");
  textarea.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * Upload with a plain multipart form (works without JavaScript): the image becomes the cover or
 * is appended to the saved content as markdown. The page reloads, so unsaved edits go first.
 * With JavaScript, each uploaded image also has "Insert at cursor", which puts it in the text
 * being edited, where the caret is, without a reload.
 */
function ImagesPanel({
  postId,
  data,
  onInsert,
}: {
  postId: string;
  data: Route.ComponentProps["loaderData"];
  onInsert: ((markdown: string) => void) | null;
}) {
  const { upload, images, cover } = data;
  const size = useUploadSizeCheck();
  const fileError = size.error === undefined ? upload.fileError : size.error;
  return (
    <section id="images" aria-labelledby="images-heading" className="card space-y-4 p-5 sm:p-6">
      <h2 id="images-heading" className="flex items-center gap-2 text-lg font-semibold">
        <ImageUp aria-hidden className="size-5" /> Images
      </h2>
      {upload.notice ? (
        <p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-200">
          {upload.notice}
        </p>
      ) : null}
      {upload.error ? <ErrorAlert>{upload.error}</ErrorAlert> : null}
      {cover ? (
        <figure>
          <img
            src={cover.src}
            alt={cover.alt}
            width={cover.width}
            height={cover.height}
            className="aspect-video w-full rounded-lg object-cover"
            data-testid="editor-cover"
          />
          <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">Cover image</figcaption>
        </figure>
      ) : null}
      <form
        method="post"
        action={`/admin/dashboard/blog/${postId}/images`}
        encType="multipart/form-data"
        className="space-y-4"
        onSubmit={size.onSubmit}
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">
          JPEG, PNG, WebP, AVIF or GIF, up to 5 MB. Save your changes first: uploading reloads the page.
        </p>
        <div>
          <label htmlFor="image-file" className="label">
            Image file
          </label>
          <input
            id="image-file"
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            required
            className="input"
            onChange={size.onFileChange}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? "image-file-error" : undefined}
          />
          <FieldError id="image-file-error" error={fileError ?? undefined} />
        </div>
        <div>
          <label htmlFor="image-alt" className="label">
            Alt text
          </label>
          <input
            id="image-alt"
            name="alt"
            type="text"
            required
            maxLength={MAX_ALT_LENGTH}
            className="input"
            aria-invalid={upload.altError ? true : undefined}
            aria-describedby={upload.altError ? "image-alt-error" : "image-alt-hint"}
          />
          <p id="image-alt-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            What the image shows, for readers who cannot see it.
          </p>
          <FieldError id="image-alt-error" error={upload.altError ?? undefined} />
        </div>
        <fieldset>
          <legend className="label">Use it as</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="purpose" value="cover" defaultChecked={!cover} /> Cover image
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="purpose" value="content" defaultChecked={Boolean(cover)} /> Inline image (added
              to the post)
            </label>
          </div>
        </fieldset>
        <button type="submit" className="btn-secondary">
          <ImageUp aria-hidden className="size-4" /> Upload image
        </button>
      </form>
      {images.length > 0 ? (
        <ul className="space-y-3" data-testid="uploaded-images">
          {images.map((image) => (
            <li key={image.key} className="flex items-center gap-3">
              <img
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                className="h-12 w-16 shrink-0 rounded object-cover"
              />
              <code className="min-w-0 flex-1 text-xs break-all select-all">{image.markdown}</code>
              {onInsert ? (
                <button
                  type="button"
                  className="btn-secondary shrink-0 px-3 py-1.5 text-xs"
                  // Keeps the caret in the content: the button does not take focus on press.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onInsert(image.markdown)}
                  aria-label={`Insert at cursor: ${image.alt}`}
                >
                  Insert at cursor
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Field({
  label,
  hint,
  id,
  errorId,
  errors,
  children,
}: {
  label: string;
  hint?: string;
  id: string;
  errorId: string;
  errors?: string[];
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
      <FieldError id={errorId} error={errors?.[0]} />
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return consoleMeta(`${loaderData?.id ? "Edit" : "New"} blog post`);
}

export function ErrorBoundary() {
  return <AdminBlogError />;
}
