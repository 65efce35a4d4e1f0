import { CircleAlert, CloudCheck, LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import type { RevisionRow } from "./revisions";

/** Autosave waits this long after the last keystroke (decision 030). */
export const AUTOSAVE_DELAY = 5_000; // ms

/** What the autosave endpoint answers (app/routes/admin/dashboard/blog/autosave.ts). */
export type AutosaveAnswer =
  | { ok: true; version: number; savedAt: string; revisions: RevisionRow[] }
  | { ok: false; message: string };

export type AutosaveState =
  | { state: "idle" }
  | { state: "saving" }
  | { state: "saved"; at: string }
  | { state: "failed"; message: string };

type Fields = Record<string, string>;

/** Fields autosave never sends as changes: publishing and scheduling wait for the Save button. */
const NOT_AUTOSAVED = new Set(["status", "publishAt"]);
/** Form fields that are not the post: the version token and the button pressed. */
const NOT_FIELDS = new Set(["version", "intent"]);

function readFields(form: HTMLFormElement): Fields {
  const fields: Fields = {};
  for (const [name, value] of new FormData(form)) {
    if (NOT_FIELDS.has(name) || typeof value !== "string") continue;
    fields[name] = name in fields ? `${fields[name]}\n${value}` : value;
  }
  return fields;
}

/**
 * The fields as the page was served (the elements' default values), so text typed before the
 * page hydrated still counts as a change to save.
 */
function defaultFields(form: HTMLFormElement): Fields {
  const fields: Fields = {};
  const add = (name: string, value: string) => {
    if (!name || NOT_FIELDS.has(name)) return;
    fields[name] = name in fields ? `${fields[name]}\n${value}` : value;
  };
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLTextAreaElement) add(element.name, element.defaultValue);
    else if (element instanceof HTMLSelectElement) {
      const options = Array.from(element.options);
      const chosen = options.find((option) => option.defaultSelected) ?? options[0];
      if (chosen) add(element.name, chosen.value);
    } else if (element instanceof HTMLInputElement) {
      if (element.type === "checkbox" || element.type === "radio") {
        if (element.defaultChecked) add(element.name, element.value);
      } else if (element.type !== "submit" && element.type !== "button" && element.type !== "file") {
        add(element.name, element.defaultValue);
      }
    }
  }
  return fields;
}

function differs(a: Fields, b: Fields, skip?: Set<string>) {
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!skip?.has(key) && (a[key] ?? "") !== (b[key] ?? "")) return true;
  }
  return false;
}

/**
 * The editor's safety net with JavaScript (decision 030):
 * - autosave of a draft, AUTOSAVE_DELAY after the last keystroke, never while a save or another
 *   autosave is in flight, to `autosaveUrl` (null = off: a new post or a published one);
 * - the version token, which moves forward with each autosave so the form's own Save and a
 *   Restore are not refused as someone else's edit;
 * - "unsaved changes": in-app links ask first (useBlocker), closing or reloading the tab too
 *   (beforeunload), until a save or an autosave has caught up.
 * A failed autosave keeps everything as typed and tries again after the next keystroke.
 */
export function useEditorSafety({
  formId,
  autosaveUrl,
  initialVersion,
  saving,
}: {
  formId: string;
  autosaveUrl: string | null;
  initialVersion: number | null;
  saving: boolean;
}) {
  const [version, setVersion] = useState(initialVersion);
  const [status, setStatus] = useState<AutosaveState>({ state: "idle" });
  const [revisions, setRevisions] = useState<RevisionRow[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const saved = useRef<Fields>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef(false);
  // The editor's own form is being sent (a native submit before hydration unloads the page).
  const submitting = useRef(false);
  const state = useRef({ version, saving, autosaveUrl });
  state.current = { version, saving, autosaveUrl };

  const form = useCallback(() => document.getElementById(formId) as HTMLFormElement | null, [formId]);

  const autosave = useCallback(async () => {
    const element = form();
    const url = state.current.autosaveUrl;
    if (!element || !url) return;
    const fields = readFields(element);
    if (!differs(fields, saved.current, NOT_AUTOSAVED)) return;
    if (inFlight.current || state.current.saving) {
      // Busy: look again once the current save had time to finish.
      timer.current = setTimeout(autosave, AUTOSAVE_DELAY);
      return;
    }
    inFlight.current = true;
    setStatus({ state: "saving" });
    const body = new FormData(element);
    body.delete("intent");
    if (state.current.version !== null) body.set("version", String(state.current.version));
    try {
      const response = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await response.json()) as AutosaveAnswer;
      if (answer.ok) {
        setVersion(answer.version);
        setRevisions(answer.revisions);
        // What was sent is saved now, except the status and publish time, which autosave leaves.
        const next = { ...fields };
        for (const key of NOT_AUTOSAVED) {
          if (key in saved.current) next[key] = saved.current[key] as string;
          else delete next[key];
        }
        saved.current = next;
        setStatus({ state: "saved", at: answer.savedAt });
        const now = form();
        setDirty(now ? differs(readFields(now), saved.current) : false);
      } else {
        setStatus({ state: "failed", message: answer.message });
      }
    } catch (error) {
      console.warn("Autosave failed", error);
      setStatus({ state: "failed", message: "Couldn't save — your text is kept. It is tried again as you type." });
    } finally {
      inFlight.current = false;
    }
  }, [form]);

  useEffect(() => {
    const element = form();
    if (!element) return;
    saved.current = defaultFields(element);
    const onEdit = () => {
      submitting.current = false;
      setDirty(differs(readFields(element), saved.current));
      clearTimeout(timer.current);
      if (state.current.autosaveUrl) timer.current = setTimeout(autosave, AUTOSAVE_DELAY);
    };
    const onSubmit = (event: SubmitEvent) => {
      // Conform validates on blur by a submit of its own (submitter "__intent__"): not a save.
      if (event.submitter?.getAttribute("name") !== "__intent__") submitting.current = true;
    };
    // Typed before hydration: counts as an edit now.
    if (differs(readFields(element), saved.current)) onEdit();
    element.addEventListener("input", onEdit);
    element.addEventListener("change", onEdit);
    element.addEventListener("submit", onSubmit);
    return () => {
      element.removeEventListener("input", onEdit);
      element.removeEventListener("change", onEdit);
      element.removeEventListener("submit", onSubmit);
      clearTimeout(timer.current);
    };
  }, [form, autosave]);

  // A save handled in the page that came back (refused, failed): leaving asks again.
  useEffect(() => {
    if (!saving) submitting.current = false;
  }, [saving]);

  // Closing or reloading the tab with unsaved changes: the browser's own "Leave site?" question.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // Sending the form is saving, not leaving: a submit the page itself sends (before
      // hydration, natively) must not be stopped by this question.
      if (submitting.current) return;
      event.preventDefault();
      // Older browsers need a return value to ask.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  // A link inside the app; submitting the editor itself (same address) is not leaving.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  return { version, status, revisions, dirty, blocker };
}

/** The autosave state, announced politely to screen readers. */
export function AutosaveStatus({ status, note }: { status: AutosaveState; note: string | null }) {
  return (
    <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400" data-testid="autosave-status">
      {status.state === "saving" ? (
        <span className="inline-flex items-center gap-1.5">
          <LoaderCircle aria-hidden className="size-4 animate-spin" /> Saving…
        </span>
      ) : status.state === "saved" ? (
        <span className="inline-flex items-center gap-1.5 text-emerald-800 dark:text-emerald-200">
          <CloudCheck aria-hidden className="size-4" /> Saved at {status.at}
        </span>
      ) : status.state === "failed" ? (
        <span className="inline-flex items-center gap-1.5 text-red-700 dark:text-red-300">
          <CircleAlert aria-hidden className="size-4 shrink-0" /> {status.message}
        </span>
      ) : (
        note
      )}
    </p>
  );
}

/** Asked when an in-app link would leave unsaved changes behind. */
export function LeavePrompt({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const stay = useRef<HTMLButtonElement>(null);
  const blocked = blocker.state === "blocked";
  useEffect(() => {
    if (blocked) stay.current?.focus();
  }, [blocked]);
  if (!blocked) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/50 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="leave-title"
        aria-describedby="leave-text"
        className="card w-full max-w-md p-6"
        onKeyDown={(event) => {
          if (event.key === "Escape") blocker.reset?.();
        }}
      >
        <h2 id="leave-title" className="text-lg font-semibold">
          Leave without saving?
        </h2>
        <p id="leave-text" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Your latest changes to this post are not saved yet. If you leave now, they are lost.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-danger" onClick={() => blocker.proceed?.()}>
            Leave
          </button>
          <button ref={stay} type="button" className="btn-secondary" onClick={() => blocker.reset?.()}>
            Stay and keep editing
          </button>
        </div>
      </div>
    </div>
  );
}
