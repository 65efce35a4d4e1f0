import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { FieldError } from "~/components/field-error";
import { BLOG_LIMITS, SLUG_PATTERN } from "~/domain/blog/schemas";
import { useFieldValue } from "~/lib/use-field-value";

type Field<Schema extends Record<string, unknown>> = FieldMetadata<string | null | undefined, Schema, string[]>;
type SeoFields<Schema extends Record<string, unknown>> = {
  slug: Field<Schema>;
  metaTitle: Field<Schema>;
  metaDescription: Field<Schema>;
  canonicalUrl: Field<Schema>;
};

/**
 * The editor's SEO fields (decision 029): slug, meta title, meta description, canonical URL.
 * Plain inputs, so they work without JavaScript; with it, the address and the character counts
 * follow the typing.
 */
export function SeoFieldset<Schema extends Record<string, unknown>>({
  fields,
  origin,
  initial,
  editing,
}: {
  fields: SeoFields<Schema>;
  /** The site's public origin, to show the post's full address. */
  origin: string;
  initial: { slug: string; metaTitle: string; metaDescription: string };
  /** An empty slug keeps a saved post's address; a new post gets one from its title. */
  editing: boolean;
}) {
  // Read from the fields once hydrated too: what was typed before the scripts started counts (decision 047).
  const slugField = useFieldValue(initial.slug);
  const titleField = useFieldValue(initial.metaTitle);
  const descriptionField = useFieldValue<HTMLTextAreaElement>(initial.metaDescription);
  const slug = slugField.value.trim().toLowerCase();
  const titleLength = titleField.value.length;
  const descriptionLength = descriptionField.value.length;
  const describedBy = (field: Field<Schema>, hint: string) =>
    field.errors?.length ? `${hint} ${field.errorId}` : hint;
  return (
    <fieldset
      className="space-y-5 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      data-testid="seo-fields"
    >
      <legend className="px-1 text-sm font-semibold">SEO</legend>
      <div>
        <label htmlFor={fields.slug.id} className="label">
          Slug
        </label>
        <input
          {...getInputProps(fields.slug, { type: "text" })}
          aria-describedby={describedBy(fields.slug, `${fields.slug.id}-hint`)}
          className="input font-mono text-sm"
          maxLength={BLOG_LIMITS.slug}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          ref={slugField.ref}
          onChange={slugField.onChange}
        />
        <p id={`${fields.slug.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {SLUG_PATTERN.test(slug) ? (
            <>
              Address: <span className="break-all" data-testid="seo-url">{`${origin}/blog/${slug}`}</span>. Earlier
              addresses keep leading here.
            </>
          ) : initial.slug && slug ? (
            // What was typed is no slug (its error says why): the post keeps its saved address.
            <>
              Current address: <span className="break-all">{`${origin}/blog/${initial.slug}`}</span>.
            </>
          ) : (
            `Leave empty to ${editing ? "keep the current address" : "make one from the title"}.`
          )}
        </p>
        <FieldError id={fields.slug.errorId} error={fields.slug.errors?.[0]} />
      </div>
      <div>
        <label htmlFor={fields.metaTitle.id} className="label">
          Meta title <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </label>
        <input
          {...getInputProps(fields.metaTitle, { type: "text" })}
          aria-describedby={describedBy(fields.metaTitle, `${fields.metaTitle.id}-hint`)}
          className="input"
          maxLength={BLOG_LIMITS.metaTitle}
          ref={titleField.ref}
          onChange={titleField.onChange}
        />
        <p id={`${fields.metaTitle.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          The page title in search results and shares, used as written; empty uses the post title.{" "}
          <span data-testid="meta-title-count">{`${titleLength} of ${BLOG_LIMITS.metaTitle} characters`}</span>
        </p>
        <FieldError id={fields.metaTitle.errorId} error={fields.metaTitle.errors?.[0]} />
      </div>
      <div>
        <label htmlFor={fields.metaDescription.id} className="label">
          Meta description <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </label>
        <textarea
          {...getTextareaProps(fields.metaDescription)}
          aria-describedby={describedBy(fields.metaDescription, `${fields.metaDescription.id}-hint`)}
          className="input"
          rows={4}
          maxLength={BLOG_LIMITS.metaDescription}
          ref={descriptionField.ref}
          onChange={descriptionField.onChange}
        />
        <p id={`${fields.metaDescription.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          The summary under the title in search results; empty uses the excerpt.{" "}
          <span data-testid="meta-description-count">{`${descriptionLength} of ${BLOG_LIMITS.metaDescription} characters`}</span>
        </p>
        <FieldError id={fields.metaDescription.errorId} error={fields.metaDescription.errors?.[0]} />
      </div>
      <div>
        <label htmlFor={fields.canonicalUrl.id} className="label">
          Canonical URL <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </label>
        <input
          {...getInputProps(fields.canonicalUrl, { type: "url" })}
          aria-describedby={describedBy(fields.canonicalUrl, `${fields.canonicalUrl.id}-hint`)}
          className="input"
          maxLength={BLOG_LIMITS.canonicalUrl}
          placeholder="https://"
        />
        <p id={`${fields.canonicalUrl.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Only when the original of this post is published elsewhere; empty points to this post.
        </p>
        <FieldError id={fields.canonicalUrl.errorId} error={fields.canonicalUrl.errors?.[0]} />
      </div>
    </fieldset>
  );
}
