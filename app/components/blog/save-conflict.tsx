import { Copy, RefreshCw } from "lucide-react";
import { useState } from "react";
import { BLOG_LIMITS } from "~/domain/blog/schemas";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A save refused because the post was saved elsewhere meanwhile (decision 051): saving again
 * cannot work, so the editor offers the latest version, and shows what was typed beside it.
 */

const TYPED_FIELDS = {
  title: { label: "Title", max: BLOG_LIMITS.title },
  author: { label: "Author", max: BLOG_LIMITS.author },
  excerpt: { label: "Excerpt", max: BLOG_LIMITS.excerpt },
  content: { label: "Content", max: BLOG_LIMITS.content },
  // Tags are one comma-separated field: room for the tag limit, with separators.
  tags: { label: "Tags", max: BLOG_LIMITS.tags * (BLOG_LIMITS.tag + 2) },
  slug: { label: "Slug", max: BLOG_LIMITS.slug },
  metaTitle: { label: "Meta title", max: BLOG_LIMITS.metaTitle },
  metaDescription: { label: "Meta description", max: BLOG_LIMITS.metaDescription },
  canonicalUrl: { label: "Canonical URL", max: BLOG_LIMITS.canonicalUrl },
} as const;
type TypedField = keyof typeof TYPED_FIELDS;
export type Typed = Partial<Record<TypedField, string>>;

/** What the editor's form held when "Load the latest version" was pressed, each field capped. */
export function typedFields(form: FormData): Typed {
  const typed: Typed = {};
  for (const [name, { max }] of Object.entries(TYPED_FIELDS)) {
    const value = form.get(name);
    if (typeof value === "string") typed[name as TypedField] = value.slice(0, max);
  }
  return typed;
}

/** Inside the editor's form, under the conflict message: sends the typed fields along, unchecked. */
export function LoadLatestButton() {
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="save-conflict">
      <button type="submit" name="intent" value="latest" formNoValidate className="btn-secondary">
        <RefreshCw aria-hidden className="size-4" /> Load the latest version
      </button>
    </div>
  );
}

/**
 * The fields where what was typed differs from the latest version, read-only, to copy back into
 * the form (with JavaScript, a Copy button per field).
 */
export function TypedCopy({ typed, latest }: { typed: Typed; latest: Partial<Record<TypedField, string>> }) {
  const changed = (Object.keys(TYPED_FIELDS) as TypedField[]).filter(
    (name) => typed[name] !== undefined && (typed[name] ?? "") !== (latest[name] ?? ""),
  );
  return (
    <section
      aria-labelledby="typed-copy-title"
      className="card space-y-4 border-amber-300 p-5 sm:p-6 dark:border-amber-800"
      data-testid="typed-copy"
    >
      <h2 id="typed-copy-title" className="text-lg font-semibold">
        Your unsaved text
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {changed.length
          ? "The form below now shows the latest version. Here is what you had typed where it differs: copy what you still want into the form, then save."
          : "The form below now shows the latest version. What you had typed is the same as it, so nothing is lost."}
      </p>
      {changed.map((name) => (
        <CopyField key={name} name={name} value={typed[name] ?? ""} />
      ))}
    </section>
  );
}

function CopyField({ name, value }: { name: TypedField; value: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const id = `typed-${name}`;
  const long = name === "content" || name === "excerpt" || name === "metaDescription";
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="label">
          Your {TYPED_FIELDS[name].label.toLowerCase()}
        </label>
        {hydrated ? (
          <button
            type="button"
            className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(value);
                setCopied(true);
              } catch {
                // No clipboard access (permissions, an old browser): the text stays selectable.
                document.getElementById(id)?.focus();
              }
            }}
          >
            <Copy aria-hidden className="mr-1 inline size-4" />
            {copied ? "Copied" : "Copy"}
            <span className="sr-only"> your {TYPED_FIELDS[name].label.toLowerCase()}</span>
          </button>
        ) : null}
      </div>
      <textarea
        id={id}
        readOnly
        value={value}
        rows={long ? 8 : 2}
        className={`input ${name === "content" ? "font-mono text-sm" : ""}`}
        onFocus={(event) => event.currentTarget.select()}
      />
    </div>
  );
}
