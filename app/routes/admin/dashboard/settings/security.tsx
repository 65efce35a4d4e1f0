import {
  CheckCircle2,
  Download,
  FingerprintPattern,
  KeyRound,
  Laptop,
  LogOut,
  ShieldAlert,
  ShieldCheck,
  Smartphone,
} from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useSubmit } from "react-router";
import { formatDateTime, useConsoleTimezone } from "~/components/console/format";
import { Field } from "~/components/field";
import {
  createPasskey,
  type PublicKeyCredentialCreationOptionsJSON,
  passkeyApi,
  passkeyPromptFailure,
  postedCredential,
  useWebAuthn,
} from "~/components/passkey-button";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton, useSubmittingValue } from "~/components/submit-button";
import { PASSKEY_NAME_MAX } from "~/db/schema";
import { actorOf } from "~/domain/accounts/actor";
import { RenamePasskeySchema, VerifyRegistrationSchema } from "~/domain/accounts/passkey-schemas";
import { deletePasskey, listPasskeys, renamePasskey, verifyRegistration } from "~/domain/accounts/passkeys.server";
import { listActiveSessions, revokeOtherSessions, revokeOwnSession } from "~/domain/accounts/session-list.server";
import {
  beginSetup,
  disableTwoFactor,
  enableTwoFactor,
  formatSecret,
  pendingSetup,
  regenerateRecoveryCodes,
  twoFactorStatus,
} from "~/domain/accounts/two-factor.server";
import { ConfirmOwnerSchema, EnableTwoFactorSchema } from "~/domain/accounts/two-factor-schemas";
import { clientAddress } from "~/domain/limits/client-limits.server";
import { requireAdmin, TWO_FACTOR_REQUIRED } from "~/http/guards.server";
import { isAppError } from "~/lib/errors";
import { isLocalHttp } from "~/lib/local-http";
import { submitKeepingInput } from "~/lib/submit-failure";
import { CODE_INPUT_MAX_LENGTH, typedDigits } from "~/lib/typed-code";
import { useFieldValue } from "~/lib/use-field-value";
import { fieldErrorsOf, firstMessagePerField } from "~/lib/zod-issues";
import type { Route } from "./+types/security";
import { SettingsPanel } from "./settings-ui";

const PATH = "/admin/dashboard/settings/security";

const NOTICES = {
  disabled: "Two-factor sign-in is off. You sign in with your password only.",
  revoked: "The session was signed out.",
  others: "Every other session was signed out.",
  "passkey-added": "The passkey was added. You can now sign in with it.",
  "passkey-renamed": "The passkey was renamed.",
  "passkey-deleted": "The passkey was deleted.",
} as const;

/** Where the "Add a passkey" button gets its creation options (the JSON API, decision 066). */
const PASSKEY_OPTIONS = "/api/auth/passkeys/registration/options";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const actor = actorOf(session);
  const url = new URL(request.url);
  const [status, setup, sessions, passkeys] = await Promise.all([
    twoFactorStatus(actor.id),
    pendingSetup(actor, { local: isLocalHttp(request) }),
    listActiveSessions(actor.id, session.sessionId),
    listPasskeys(actor.id),
  ]);
  const notice = url.searchParams.get("notice");
  return {
    status,
    setup: status.enabled || !setup ? null : { ...setup, grouped: formatSecret(setup.secret) },
    sessions,
    passkeys,
    required: url.searchParams.has("required") && !status.enabled ? TWO_FACTOR_REQUIRED : null,
    notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
  };
}

type Intent =
  | "setup"
  | "enable"
  | "regenerate"
  | "disable"
  | "revoke"
  | "revoke-others"
  | "passkey-add"
  | "passkey-rename"
  | "passkey-delete";
type ActionResult = {
  intent: Intent;
  /** The passkey a rename or delete was about, so its row shows the error. */
  passkeyId?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  recoveryCodes?: string[];
};

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const actor = actorOf(session);
  // Who makes the proofs below: their failures count for this address and a lock ends this session.
  const ctx = { local: isLocalHttp(request), ip: clientAddress(request) ?? "", sessionId: session.sessionId };
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "") as Intent;
  const fail = (error: unknown, status = 400) => {
    if (isAppError(error)) {
      const fieldErrors = Object.fromEntries((error.extra.details ?? []).map((d) => [d.field, d.message]));
      return data<ActionResult>(
        { intent, error: error.extra.details?.length ? undefined : error.message, fieldErrors },
        { status: error.status },
      );
    }
    return data<ActionResult>({ intent, error: String(error) }, { status });
  };
  // A form the schema refused: its message under each field (and which passkey's row, for a rename).
  const refused = (error: Parameters<typeof fieldErrorsOf>[0], row: { passkeyId?: string } = {}) =>
    data<ActionResult>({ intent, ...row, fieldErrors: firstMessagePerField(fieldErrorsOf(error)) }, 400);
  // A passkey's rename or delete the domain refused: said on that passkey's row.
  const rowRefused = (error: unknown, passkeyId: string) => {
    if (!isAppError(error)) throw error;
    return data<ActionResult>({ intent, passkeyId, error: error.message }, { status: error.status });
  };
  try {
    switch (intent) {
      case "setup":
        await beginSetup(actor, ctx);
        // Post/Redirect/Get: the page now shows the QR code and the key of the pending setup.
        return redirect(PATH, 303);
      case "enable": {
        const parsed = EnableTwoFactorSchema.safeParse(form);
        if (!parsed.success) return refused(parsed.error);
        // Shown in this response only: the codes are stored hashed and cannot be shown again.
        return data<ActionResult>({
          intent,
          recoveryCodes: (await enableTwoFactor(actor, parsed.data, ctx)).recoveryCodes,
        });
      }
      case "regenerate": {
        const parsed = ConfirmOwnerSchema.safeParse(form);
        if (!parsed.success) return refused(parsed.error);
        return data<ActionResult>({
          intent,
          recoveryCodes: (await regenerateRecoveryCodes(actor, parsed.data, ctx)).recoveryCodes,
        });
      }
      case "disable": {
        const parsed = ConfirmOwnerSchema.safeParse(form);
        if (!parsed.success) return refused(parsed.error);
        await disableTwoFactor(actor, parsed.data, ctx);
        return redirect(`${PATH}?notice=disabled`, 303);
      }
      case "revoke":
        await revokeOwnSession(actor, String(form.sessionId ?? ""));
        return redirect(`${PATH}?notice=revoked`, 303);
      case "revoke-others":
        await revokeOtherSessions(actor, session.sessionId);
        return redirect(`${PATH}?notice=others`, 303);
      case "passkey-add": {
        const parsed = VerifyRegistrationSchema.safeParse({
          name: form.name || undefined,
          credential: postedCredential(form.credential),
        });
        if (!parsed.success) {
          const fieldErrors = firstMessagePerField(fieldErrorsOf(parsed.error));
          return data<ActionResult>(
            { intent, fieldErrors, error: fieldErrors.name ? undefined : "The passkey could not be registered." },
            400,
          );
        }
        await verifyRegistration(actor, parsed.data);
        return redirect(`${PATH}?notice=passkey-added`, 303);
      }
      case "passkey-rename": {
        const passkeyId = String(form.passkeyId ?? "");
        const parsed = RenamePasskeySchema.safeParse(form);
        if (!parsed.success) return refused(parsed.error, { passkeyId });
        try {
          await renamePasskey(actor, passkeyId, parsed.data.name);
        } catch (error) {
          return rowRefused(error, passkeyId);
        }
        return redirect(`${PATH}?notice=passkey-renamed`, 303);
      }
      case "passkey-delete": {
        const passkeyId = String(form.passkeyId ?? "");
        try {
          await deletePasskey(actor, passkeyId);
        } catch (error) {
          return rowRefused(error, passkeyId);
        }
        return redirect(`${PATH}?notice=passkey-deleted`, 303);
      }
      default:
        return data<ActionResult>({ intent, error: "Unknown action." }, 400);
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return fail(error);
  }
}

/** What a request that got no answer failed to do, said where that form shows its errors (decision 050). */
const OFFLINE: Record<Intent, string> = {
  setup: "Failed to start the set-up.",
  enable: "Failed to turn on two-factor sign-in.",
  regenerate: "Failed to create new recovery codes.",
  disable: "Failed to turn off two-factor sign-in.",
  revoke: "Failed to sign out the session.",
  "revoke-others": "Failed to sign out the other sessions.",
  "passkey-add": "Failed to add the passkey.",
  "passkey-rename": "Failed to rename the passkey.",
  "passkey-delete": "Failed to delete the passkey.",
};

/** With JavaScript, a request that gets no answer says so beside its form; what was typed stays. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form): ActionResult => {
    const intent = String(form.get("intent") ?? "") as Intent;
    const failed = OFFLINE[intent] ?? "The request failed.";
    const passkeyId = form.get("passkeyId");
    return {
      intent,
      ...(typeof passkeyId === "string" ? { passkeyId } : {}),
      error: `${failed} Please check your connection and try again.`,
    };
  });
}

export default function SecuritySettings({ loaderData, actionData }: Route.ComponentProps) {
  const { status, setup, sessions, passkeys, required, notice } = loaderData;
  const result = actionData as ActionResult | undefined;
  const timezone = useConsoleTimezone();
  const busyIntent = useSubmittingValue("intent");
  const errorsFor = (intent: Intent) => (result?.intent === intent ? result : undefined);

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <SettingsPanel
        id="two-factor"
        title="Two-factor sign-in"
        icon={ShieldCheck}
        description="After your password, sign-in asks for a 6-digit code from an authenticator app (such as 1Password, Google Authenticator or Authy) on your phone."
        data-testid="two-factor"
      >
        {required ? (
          <p
            role="alert"
            className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" /> {required}
          </p>
        ) : null}
        {notice && !passkeyNotice(notice) && !result?.recoveryCodes ? <Notice>{notice}</Notice> : null}

        {result?.recoveryCodes ? (
          <RecoveryCodes codes={result.recoveryCodes} fresh={result.intent === "enable"} />
        ) : status.enabled ? (
          <EnabledPanel
            enabledAt={formatDateTime(status.enabledAt, timezone)}
            left={status.recoveryCodesLeft}
            regenerate={errorsFor("regenerate")}
            disable={errorsFor("disable")}
            busyIntent={busyIntent}
          />
        ) : setup ? (
          <div className="mt-5 space-y-5">
            <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
              <li>Scan this QR code with your authenticator app, or type the key below.</li>
              <li>Enter the 6-digit code the app shows.</li>
            </ol>
            <div className="flex flex-col items-start gap-4 sm:flex-row">
              <div
                role="img"
                aria-label="QR code with your two-factor key"
                className="size-44 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-white p-1 dark:border-slate-700"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG drawn on the server by uqr from our own otpauth URL
                dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
              />
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Key (if you cannot scan):</p>
                <code
                  data-testid="totp-secret"
                  data-secret={setup.secret}
                  className="mt-1 block rounded-md bg-slate-100 px-2 py-1.5 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
                >
                  {setup.grouped}
                </code>
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  Time-based, 6 digits, every 30 seconds.
                </p>
              </div>
            </div>
            <Form method="post" action={PATH} className="space-y-3" data-testid="enable-form">
              <input type="hidden" name="intent" value="enable" />
              <CodeField id="enable-code" error={errorsFor("enable")?.fieldErrors?.code} />
              <FormError result={errorsFor("enable")} />
              <div className="flex flex-wrap gap-3">
                <SubmitButton className="btn-primary" busy={busyIntent === "enable"} whileBusy="Checking...">
                  Turn on two-factor sign-in
                </SubmitButton>
              </div>
            </Form>
            <Form method="post" action={PATH}>
              <input type="hidden" name="intent" value="setup" />
              <FormError result={errorsFor("setup")} />
              <button type="submit" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
                Start again with a new key
              </button>
            </Form>
          </div>
        ) : (
          <Form method="post" action={PATH} className="mt-5">
            <input type="hidden" name="intent" value="setup" />
            <p className="mb-4 text-sm font-medium text-slate-800 dark:text-slate-100">
              Status: <span className="text-amber-800 dark:text-amber-200">off</span>
            </p>
            <FormError result={errorsFor("setup")} />
            <button type="submit" className="btn-primary" disabled={busyIntent === "setup"}>
              <KeyRound aria-hidden className="size-4" /> Set up two-factor sign-in
            </button>
          </Form>
        )}
      </SettingsPanel>

      <SettingsPanel
        id="passkeys"
        title="Passkeys"
        icon={FingerprintPattern}
        description="Sign in with your fingerprint, face or screen lock instead of a password and code. A passkey counts as both steps of sign-in and only works on this site, so it cannot be phished."
        data-testid="passkeys"
      >
        {notice && passkeyNotice(notice) ? <Notice>{notice}</Notice> : null}
        {passkeys.length === 0 ? (
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-200" data-testid="no-passkeys">
            No passkeys yet.
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
            {passkeys.map((p) => {
              const rowResult = result?.passkeyId === p.id ? result : undefined;
              return (
                <li key={p.id} className="space-y-3 py-4" data-testid="passkey">
                  <div className="text-sm">
                    <p className="font-medium break-words" data-testid="passkey-name">
                      {p.name}
                      <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                        {p.backedUp ? "Synced" : "This device only"}
                      </span>
                    </p>
                    <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">
                      Added {formatDateTime(p.createdAt, timezone)} ·{" "}
                      {p.lastUsedAt ? `Last used ${formatDateTime(p.lastUsedAt, timezone)}` : "Not used yet"}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-end gap-3">
                    <Form method="post" action={PATH} className="flex min-w-56 flex-1 items-end gap-2">
                      <input type="hidden" name="intent" value="passkey-rename" />
                      <input type="hidden" name="passkeyId" value={p.id} />
                      <div className="min-w-0 flex-1">
                        <label htmlFor={`passkey-name-${p.id}`} className="sr-only">
                          Name of {p.name}
                        </label>
                        <input
                          id={`passkey-name-${p.id}`}
                          name="name"
                          className="input"
                          defaultValue={p.name}
                          maxLength={PASSKEY_NAME_MAX}
                          required
                          aria-invalid={
                            rowResult?.intent === "passkey-rename" && rowResult.fieldErrors?.name ? true : undefined
                          }
                        />
                      </div>
                      <button type="submit" className="btn-secondary px-3 py-1.5 text-sm">
                        Rename
                      </button>
                    </Form>
                    <Form method="post" action={PATH}>
                      <input type="hidden" name="intent" value="passkey-delete" />
                      <input type="hidden" name="passkeyId" value={p.id} />
                      <button
                        type="submit"
                        className="btn-danger px-3 py-1.5 text-sm"
                        aria-label={`Delete passkey ${p.name}`}
                      >
                        Delete
                      </button>
                    </Form>
                  </div>
                  {rowResult?.fieldErrors?.name ? (
                    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                      {rowResult.fieldErrors.name}
                    </p>
                  ) : null}
                  <FormError result={rowResult} />
                </li>
              );
            })}
          </ul>
        )}
        {/* Keyed by the count: once a passkey is added, the form starts empty again. */}
        <AddPasskey key={passkeys.length} result={errorsFor("passkey-add")} />
      </SettingsPanel>

      <SettingsPanel
        id="sessions"
        title="Where you are signed in"
        icon={Laptop}
        description="Browsers and API clients with an active session. Sign out any you do not recognise, then change your password."
        data-testid="sessions"
      >
        <FormError result={errorsFor("revoke") ?? errorsFor("revoke-others")} />
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-start gap-3 py-3" data-testid="session">
              {s.system === "iOS" || s.system === "Android" ? (
                <Smartphone aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" />
              ) : (
                <Laptop aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500 dark:text-slate-400" />
              )}
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">
                  {s.browser} on {s.system}
                  {s.kind === "api" ? <span className="text-slate-600 dark:text-slate-300"> · API</span> : null}
                  {s.current ? (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">
                  {s.country ? `${countryName(s.country)} · ` : ""}Signed in {formatDateTime(s.createdAt, timezone)} ·
                  Last seen {formatDateTime(s.lastSeenAt, timezone)}
                </p>
              </div>
              {s.current ? null : (
                <Form method="post" action={PATH}>
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="sessionId" value={s.id} />
                  <button
                    type="submit"
                    className="btn-secondary px-3 py-1.5 text-sm"
                    aria-label={`Revoke ${s.browser} on ${s.system}, last seen ${formatDateTime(s.lastSeenAt, timezone)}`}
                  >
                    Revoke
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {sessions.some((s) => !s.current) ? (
          <Form method="post" action={PATH} className="mt-4">
            <input type="hidden" name="intent" value="revoke-others" />
            <button type="submit" className="btn-secondary" disabled={busyIntent === "revoke-others"}>
              <LogOut aria-hidden className="size-4" /> Sign out everywhere else
            </button>
          </Form>
        ) : null}
      </SettingsPanel>
    </div>
  );
}

const passkeyNotice = (notice: string) =>
  notice === NOTICES["passkey-added"] || notice === NOTICES["passkey-renamed"] || notice === NOTICES["passkey-deleted"];

/**
 * Adding a passkey needs JavaScript (the browser's WebAuthn call) and a browser that has it:
 * until both are known the section says so instead of showing a button that cannot work.
 */
function AddPasskey({ result }: { result?: ActionResult }) {
  const supported = useWebAuthn();
  const submit = useSubmit();
  const [busy, setBusy] = useState(false);
  const [promptError, setPromptError] = useState<string | null>(null);
  const nameError = result?.fieldErrors?.name;

  async function add(form: HTMLFormElement) {
    setBusy(true);
    setPromptError(null);
    try {
      const options = await passkeyApi<PublicKeyCredentialCreationOptionsJSON>(PASSKEY_OPTIONS);
      const credential = await createPasskey(options);
      const name = String(new FormData(form).get("name") ?? "");
      await submit(
        { intent: "passkey-add", name, credential: JSON.stringify(credential) },
        { method: "post", action: PATH },
      );
    } catch (failure) {
      setPromptError(
        failure instanceof Error && !("code" in failure) ? failure.message : passkeyPromptFailure(failure),
      );
    } finally {
      setBusy(false);
    }
  }

  if (!supported) {
    return (
      <p className="mt-5 border-t border-slate-200 pt-5 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
        Adding a passkey needs JavaScript and a browser that supports passkeys.
      </p>
    );
  }
  return (
    <form
      className="mt-5 space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800"
      data-testid="add-passkey"
      onSubmit={(event) => {
        event.preventDefault();
        void add(event.currentTarget);
      }}
    >
      <Field id="new-passkey-name" label="Name (optional)" error={nameError}>
        <input
          name="name"
          className="input"
          maxLength={PASSKEY_NAME_MAX}
          placeholder="e.g. MacBook Touch ID"
          autoComplete="off"
        />
      </Field>
      {promptError || result?.error ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {promptError ?? result?.error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary" disabled={busy}>
        <FingerprintPattern aria-hidden className="size-4" /> {busy ? "Waiting for your passkey..." : "Add a passkey"}
      </button>
    </form>
  );
}

function EnabledPanel({
  enabledAt,
  left,
  regenerate,
  disable,
  busyIntent,
}: {
  enabledAt: string;
  left: number;
  regenerate?: ActionResult;
  disable?: ActionResult;
  busyIntent: FormDataEntryValue | null | undefined;
}) {
  return (
    <div className="mt-5 space-y-6">
      <p className="flex items-center gap-2 text-sm font-medium" data-testid="two-factor-status">
        <CheckCircle2 aria-hidden className="size-4 text-emerald-700 dark:text-emerald-300" />
        On since {enabledAt}. {left} of 10 recovery codes left.
      </p>
      <ConfirmForm
        intent="regenerate"
        title="New recovery codes"
        hint="The old codes stop working."
        button="Create new recovery codes"
        result={regenerate}
        busy={busyIntent === "regenerate"}
      />
      <ConfirmForm
        intent="disable"
        title="Turn off two-factor sign-in"
        hint="Sign-in will ask for your password only."
        button="Turn off"
        danger
        result={disable}
        busy={busyIntent === "disable"}
      />
    </div>
  );
}

function ConfirmForm(props: {
  intent: "regenerate" | "disable";
  title: string;
  hint: string;
  button: string;
  danger?: boolean;
  result?: ActionResult;
  busy: boolean;
}) {
  const { intent, result } = props;
  return (
    <Form
      method="post"
      className="space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800"
      data-testid={`${intent}-form`}
    >
      <input type="hidden" name="intent" value={intent} />
      <h3 className="text-base font-semibold">{props.title}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {props.hint} Confirm with your password and a current code.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${intent}-password`} label="Current password" error={result?.fieldErrors?.password}>
          <input
            name="password"
            type="password"
            className="input"
            autoComplete="current-password"
            required
            maxLength={128}
          />
        </Field>
        <CodeField id={`${intent}-code`} error={result?.fieldErrors?.code} />
      </div>
      <FormError result={result} />
      <SubmitButton
        className={props.danger ? "btn-danger" : "btn-secondary"}
        busy={props.busy}
        whileBusy="Processing..."
      >
        {props.button}
      </SubmitButton>
    </Form>
  );
}

function CodeField({ id, error }: { id: string; error?: string }) {
  // With JavaScript the field tidies a pasted "123 456", "123-456" or "１２３４５６" as it arrives;
  // without it the server does (issue 30). Uncontrolled, so nothing typed before hydration is lost.
  const code = useFieldValue("", (value) => typedDigits(value, 6));
  return (
    <Field id={id} label="Code from the app" error={error}>
      <input
        name="code"
        className="input font-mono tracking-widest"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_INPUT_MAX_LENGTH}
        defaultValue=""
        ref={code.ref}
        onChange={code.onChange}
        required
      />
    </Field>
  );
}

function RecoveryCodes({ codes, fresh }: { codes: string[]; fresh: boolean }) {
  return (
    <div className="mt-5 space-y-4" data-testid="recovery-codes">
      <Notice>
        {fresh ? "Two-factor sign-in is on. " : "New recovery codes were created. "}
        Save these recovery codes now: they are shown only once.
      </Notice>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Each code signs you in once if you lose your phone. Keep them somewhere safe, like a password manager.
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm dark:bg-slate-800">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <Form method="post" action={`${PATH}/recovery-codes.txt`} reloadDocument>
          {codes.map((code) => (
            <input key={code} type="hidden" name="code" value={code} />
          ))}
          <button type="submit" className="btn-secondary">
            <Download aria-hidden className="size-4" /> Download as a text file
          </button>
        </Form>
        <Link to={PATH} className="btn-primary">
          I have saved them
        </Link>
      </div>
    </div>
  );
}

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p
      role="status"
      className="mt-4 flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
    >
      <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" /> <span>{children}</span>
    </p>
  );
}

function FormError({ result }: { result?: ActionResult }) {
  if (!result?.error) return null;
  return (
    <p
      role="alert"
      className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {result.error}
    </p>
  );
}

/** Made once per isolate (a plain formatter, decision 037), not once per listed session. */
let regionNames: Intl.DisplayNames | undefined;

function countryName(code: string) {
  try {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export function meta() {
  return consoleMeta("Security");
}
