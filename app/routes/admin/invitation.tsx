import { UserPlus } from "lucide-react";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { AuthCard, AuthLink, BrokenLinkNotice, NewPasswordFields } from "~/components/auth-card";
import { Field } from "~/components/field";
import { FormError } from "~/components/field-error";
import { AcceptInvitationFormSchema } from "~/domain/accounts/invitation-schemas";
import { acceptInvitation, invitationLinkState } from "~/domain/accounts/invitations.server";
import { ROLE_LABELS } from "~/domain/accounts/permissions";
import { requestCountry } from "~/domain/accounts/session-list.server";
import { createSession, revokeSession } from "~/domain/accounts/sessions.server";
import { withClientLimit } from "~/domain/limits/client-limits.server";
import { SESSION_COOKIE } from "~/http/cookies.server";
import { getSession } from "~/http/guards.server";
import { BRAND } from "~/lib/brand";
import { isAppError } from "~/lib/errors";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/invitation";

type FieldName = "name" | "password" | "confirmPassword";
type ActionData = { error?: string; fields?: Partial<Record<FieldName, string>>; name?: string };

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
    {
      status: state === "valid" ? 200 : state === "unknown" ? 404 : 410,
      // The token is in the address: it must not leave in a Referer header.
      headers: { "Referrer-Policy": "no-referrer" },
    },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const name = String(form.get("name") ?? "");
  const parsed = AcceptInvitationFormSchema.safeParse({
    token: form.get("token") ?? "",
    name,
    password: form.get("password") ?? "",
    confirmPassword: form.get("confirmPassword") ?? "",
  });
  if (!parsed.success) {
    const fields: ActionData["fields"] = {};
    let error: string | undefined;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "name" || field === "password" || field === "confirmPassword") fields[field] ??= issue.message;
      else error ??= issue.message;
    }
    return data<ActionData>({ error, fields, name }, { status: 400 });
  }
  let member: Awaited<ReturnType<typeof acceptInvitation>>;
  try {
    member = await withClientLimit("auth", request, () => acceptInvitation(parsed.data));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data<ActionData>(
      { error: error.message, name },
      {
        status: error.status,
        headers: error.extra.retryAfter ? { "Retry-After": String(error.extra.retryAfter) } : undefined,
      },
    );
  }
  // The new member is signed in at once; a session this browser had before ends on the server.
  const previous = await getSession(request);
  if (previous) await revokeSession(previous.sessionId);
  const session = await createSession(member.id, "browser", {
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
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
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
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Joining..." : "Accept and join"}
          </button>
        </Form>
      ) : (
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

export function meta() {
  return [{ title: `Accept your invitation | ${BRAND.name} Admin` }, { name: "robots", content: "noindex" }];
}
