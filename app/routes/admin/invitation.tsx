import { UserPlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, href, Link, redirect, useFetcher } from "react-router";
import { AuthCard, AuthLink, BrokenLinkNotice, NewPasswordFields } from "~/components/auth-card";
import { Field } from "~/components/field";
import { FormError } from "~/components/field-error";
import {
  createPasskey,
  PasskeyButton,
  type PublicKeyCredentialCreationOptionsJSON,
  passkeyPromptFailure,
  postedCredential,
  useWebAuthn,
} from "~/components/passkey-button";
import { consoleMeta } from "~/components/site/noindex-meta";
import { SubmitButton, usePostPending } from "~/components/submit-button";
import {
  AcceptInvitationFormSchema,
  InvitationPasskeyAcceptSchema,
  InvitationPasskeyStartSchema,
} from "~/domain/accounts/invitation-schemas";
import {
  acceptInvitation,
  acceptInvitationWithPasskey,
  invitationLinkState,
  invitationPasskeyOptions,
} from "~/domain/accounts/invitations.server";
import { PASSKEY_MESSAGES } from "~/domain/accounts/passkeys.server";
import { ROLE_LABELS } from "~/domain/accounts/permissions";
import { requestCountry } from "~/domain/accounts/session-list.server";
import { createSession, revokeSession } from "~/domain/accounts/sessions.server";
import { withClientLimit } from "~/domain/limits/client-limits.server";
import { SESSION_COOKIE } from "~/http/cookies.server";
import { emailedLinkInit } from "~/http/emailed-link.server";
import { formIssues } from "~/http/form-issues";
import { getSession } from "~/http/guards.server";
import { refusal } from "~/http/retry-after.server";
import { BRAND } from "~/lib/brand";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/invitation";

type FieldName = "name" | "password" | "confirmPassword";
type ActionData = {
  error?: string;
  fields?: Partial<Record<FieldName, string>>;
  name?: string;
  /** The options for creating the account's passkey (the `passkey-options` step). */
  options?: PublicKeyCredentialCreationOptionsJSON;
};

const ACCEPT_OFFLINE = "Failed to accept the invitation. Please check your connection and try again.";

/**
 * The page behind the emailed link (decision 065). Opening it spends nothing — mail scanners
 * open links — it shows who invited and the role, and the form whose POST accepts.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { state, message, invitation } = await invitationLinkState(token);
  return data(
    {
      token: state === "valid" ? token : "",
      state,
      message,
      invitation: invitation && {
        email: invitation.email,
        role: ROLE_LABELS[invitation.role],
        inviter: invitation.inviter,
      },
    },
    emailedLinkInit(state),
  );
}

/** The token and name of a passkey acceptance (the name is chosen the same way as with a password); the API's too. */
const PasskeyStartSchema = InvitationPasskeyStartSchema;
const PasskeyJoinSchema = InvitationPasskeyAcceptSchema;

/** A refused acceptance (either way of joining): why, the name as typed, and when to try again after too many tries. */
function refused(error: unknown, name: string) {
  if (!isAppError(error)) throw error;
  return refusal<ActionData>({ error: error.message, name }, error);
}

/**
 * With JavaScript and WebAuthn (issue 25 item 2): `passkey-options` answers the options for the
 * new account's passkey; `passkey` accepts with the passkey's answer instead of a password.
 */
async function passkeyAction(request: Request, form: FormData, intent: "passkey-options" | "passkey") {
  const name = String(form.get("name") ?? "");
  const credential = postedCredential(form.get("credential"));
  const schema = intent === "passkey" ? PasskeyJoinSchema : PasskeyStartSchema;
  const parsed = schema.safeParse({ token: form.get("token") ?? "", name, credential });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === "name" ? { name: issue.message } : undefined;
    const error = field
      ? undefined
      : issue?.path[0] === "credential"
        ? PASSKEY_MESSAGES.registrationFailed
        : issue?.message;
    return data<ActionData>({ error, fields: field, name }, { status: 400 });
  }
  try {
    if (intent === "passkey-options") {
      const options = await withClientLimit("auth", request, () => invitationPasskeyOptions(parsed.data));
      return data<ActionData>({ options, name });
    }
    const member = await withClientLimit("auth", request, () =>
      acceptInvitationWithPasskey({ ...parsed.data, credential }),
    );
    return signInMember(request, member.id);
  } catch (error) {
    return refused(error, name);
  }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "passkey-options" || intent === "passkey") return passkeyAction(request, form, intent);
  const name = String(form.get("name") ?? "");
  const parsed = AcceptInvitationFormSchema.safeParse({
    token: form.get("token") ?? "",
    name,
    password: form.get("password") ?? "",
    confirmPassword: form.get("confirmPassword") ?? "",
  });
  if (!parsed.success) {
    const { fields, error } = formIssues(parsed.error, ["name", "password", "confirmPassword"]);
    return data<ActionData>({ error, fields, name }, { status: 400 });
  }
  let member: Awaited<ReturnType<typeof acceptInvitation>>;
  try {
    member = await withClientLimit("auth", request, () => acceptInvitation(parsed.data));
  } catch (error) {
    return refused(error, name);
  }
  return signInMember(request, member.id);
}

/** The new member is signed in at once; a session this browser had before ends on the server. */
async function signInMember(request: Request, memberId: string): Promise<never> {
  const previous = await getSession(request);
  if (previous) await revokeSession(previous.sessionId);
  const session = await createSession(memberId, "browser", {
    userAgent: request.headers.get("User-Agent"),
    country: requestCountry(request),
  });
  throw redirect(href("/admin/dashboard"), {
    status: 303,
    headers: { "Set-Cookie": await SESSION_COOKIE.serialize(request, session.token) },
  });
}

/** With JavaScript, a request that gets no answer says so; what was typed stays (decision 050). */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (): ActionData => ({ error: ACCEPT_OFFLINE }));
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = usePostPending();
  const { invitation } = loaderData;
  return (
    <AuthCard
      icon={<UserPlus aria-hidden className="size-10 text-brand-600 dark:text-brand-300" />}
      title={invitation ? `Join the ${BRAND.name} team` : "This invitation does not work"}
      intro={
        invitation ? (
          <>
            {invitation.inviter ? (
              <>
                <strong className="font-semibold text-slate-900 dark:text-white">{invitation.inviter.name}</strong> (
                <span className="break-all">{invitation.inviter.email}</span>) invited you
              </>
            ) : (
              "You were invited"
            )}{" "}
            to the admin console as{" "}
            <strong className="font-semibold text-slate-900 dark:text-white">{invitation.role}</strong>.
          </>
        ) : undefined
      }
      footer={<AuthLink to={href("/admin")}>Go to sign in</AuthLink>}
    >
      {invitation ? (
        <Form method="post" className="space-y-5" data-testid="accept-invitation">
          <input type="hidden" name="token" value={loaderData.token} />
          <Field id="invitation-email" label="Email" hint="Your sign-in email: the address the invitation was sent to.">
            <input
              type="email"
              name="email"
              autoComplete="username"
              value={invitation.email}
              readOnly
              className="input bg-slate-100 dark:bg-slate-800"
            />
          </Field>
          <Field id="invitation-name" label="Your name" error={actionData?.fields?.name}>
            <input
              name="name"
              type="text"
              autoComplete="name"
              required
              maxLength={100}
              defaultValue={actionData?.name}
              className="input"
            />
          </Field>
          <NewPasswordFields
            ids={{ password: "invitation-password", confirm: "invitation-confirm" }}
            labels={{ password: "Password", confirm: "Repeat the password" }}
            errors={actionData?.fields}
          />
          <FormError error={actionData?.error} testId="invitation-error" />
          <SubmitButton className="btn-primary w-full" busy={busy} whileBusy="Joining...">
            Accept and join
          </SubmitButton>
        </Form>
      ) : null}
      {invitation ? <PasskeyJoin token={loaderData.token} /> : null}
      {invitation ? null : (
        <BrokenLinkNotice testId="invitation-broken" state={loaderData.state} message={loaderData.message}>
          {loaderData.state === "used" ? (
            <Link to={href("/admin")} className="btn-primary w-full">
              Sign in
            </Link>
          ) : null}
        </BrokenLinkNotice>
      )}
    </AuthCard>
  );
}

/**
 * "Join with a passkey instead" (issue 25 item 2): only with JavaScript and WebAuthn, so no dead
 * button without them; the password fields above stay the way without. The name typed above is
 * the account's name; the account then has no password, its passkey is its way to sign in.
 */
function PasskeyJoin({ token }: { token: string }) {
  const supported = useWebAuthn();
  const start = useFetcher<ActionData>();
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const options = start.data?.options;
  const answer = useRef<HTMLFormElement>(null);
  // One ceremony per options answer; the answer goes as a plain document POST, whose redirect
  // (with the new session's cookie) the browser follows as for the password form.
  const answered = useRef<object | null>(null);
  useEffect(() => {
    if (!options || answered.current === options) return;
    answered.current = options;
    setAsking(true);
    createPasskey(options).then(
      (credential) => {
        const form = answer.current;
        if (!form) return;
        (form.elements.namedItem("name") as HTMLInputElement).value = start.data?.name ?? "";
        (form.elements.namedItem("credential") as HTMLInputElement).value = JSON.stringify(credential);
        form.submit();
      },
      (error) => {
        setAsking(false);
        setFailure(passkeyPromptFailure(error));
      },
    );
  }, [options, start.data?.name]);
  if (!supported) return null;
  const error =
    failure ?? (start.data && !start.data.options ? (start.data.fields?.name ?? start.data.error) : undefined);
  return (
    <div className="mt-5 space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800">
      <p className="text-center text-sm text-slate-600 dark:text-slate-300">or, instead of a password</p>
      <PasskeyButton
        busy={start.state !== "idle" || asking}
        testId="join-with-passkey"
        onClick={() => {
          setFailure(null);
          const name = (document.getElementById("invitation-name") as HTMLInputElement | null)?.value ?? "";
          start.submit({ intent: "passkey-options", token, name }, { method: "post" });
        }}
      >
        Join with a passkey
      </PasskeyButton>
      <form ref={answer} method="post" hidden>
        <input type="hidden" name="intent" value="passkey" />
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="name" />
        <input type="hidden" name="credential" />
      </form>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="passkey-join-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function meta() {
  return consoleMeta("Accept your invitation");
}
