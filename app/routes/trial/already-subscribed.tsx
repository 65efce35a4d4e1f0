import { href, Link } from "react-router";
import { StatusMessage } from "~/components/status-message";
import type { SignupState } from "~/domain/subscriptions/rules";
import { BRAND } from "~/lib/brand";

/** What the greeting says for each state of the existing signup (decision 020). */
function greetingFor(email: string, state: SignupState) {
  switch (state) {
    case "awaiting-approval":
      return `${email} already has a free trial signup with ${BRAND.name} that is waiting for approval by our team. We will email you as soon as it is approved.`;
    case "expired":
      return `${email} already has a ${BRAND.name} free trial, and it has ended. Choose a plan to keep your workflows, or talk to our team.`;
    case "closed":
      return `${email} already has a ${BRAND.name} signup that is not active. Please contact our team to continue.`;
    default:
      return `${email} already has an active subscription with ${BRAND.name}.`;
  }
}

export function AlreadySubscribed({
  email,
  currentPlan,
  state,
  appUrl,
}: {
  email: string;
  currentPlan: string;
  state: SignupState;
  appUrl: string;
}) {
  const planName = currentPlan ? currentPlan[0]?.toUpperCase() + currentPlan.slice(1) : "";
  return (
    <div data-testid="existing-subscription" data-state={state} className="text-center">
      <h2 className="text-2xl font-bold text-slate-900 dark:text-white">Welcome back!</h2>
      <div className="mt-4 text-left">
        <StatusMessage text={greetingFor(email, state)} />
      </div>
      <p className="mt-4 text-slate-700 dark:text-slate-200">
        Current plan: <strong data-testid="current-plan">{planName}</strong>
        {state === "expired" ? " (ended)" : null}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {state === "active" ? (
          <a href={`${appUrl}/login`} className="btn-primary">
            Go to login
          </a>
        ) : state === "expired" ? (
          <Link to={href("/pricing")} className="btn-primary">
            See plans
          </Link>
        ) : state === "closed" ? (
          <Link to={href("/demo")} className="btn-primary">
            Contact our team
          </Link>
        ) : null}
        <Link to={href("/")} className="btn-secondary">
          Back to home
        </Link>
      </div>
    </div>
  );
}
