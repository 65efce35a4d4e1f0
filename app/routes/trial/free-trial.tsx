import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Sparkles } from "lucide-react";
import { data, href, redirect, useLocation, useNavigationType } from "react-router";
import { StatusMessage } from "~/components/status-message";
import { requestedPlanLabel } from "~/domain/subscriptions/options";
import type { SignupState } from "~/domain/subscriptions/rules";
import {
  RequestedPlanSchema,
  TrialStep1Schema,
  TrialStep3Schema,
  trialStep2Schema,
} from "~/domain/subscriptions/signup-schemas";
import { startTrialAndSendCode } from "~/domain/subscriptions/subscriptions.server";
import { codeClient } from "~/domain/verification/secret.server";

import { formBotCheck } from "~/http/bot-check.server";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";
import { isAppError } from "~/lib/errors";
import { filledHoneypot } from "~/lib/honeypot";
import { canonicalUrl, seo } from "~/lib/seo";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/free-trial";
import { AlreadySubscribed } from "./already-subscribed";
import { StepIndicator } from "./components";
import { currentDraft, dropDraft, keepDraft, trialCookie } from "./session.server";
import { StepForm } from "./step-form";
import { asStep, carried, FIELDS, type FieldName, merged, type Step, stepOf, stepPath, type Values } from "./steps";

const START_FAILED = "Failed to start trial. Please try again.";
const START_OFFLINE = "Failed to start trial. Please check your connection and try again.";

type ActionData = {
  step: Step;
  values: Values;
  result?: SubmissionResult<string[]>;
  /** Server field errors: "Please fix the highlighted errors and try again." */
  banner?: boolean;
  error?: string;
  existing?: { email: string; currentPlan: string; state: SignupState };
};

/** The first step whose fields are not complete yet (3 once steps 1 and 2 are). */
function firstIncomplete(values: Values): Step {
  const form = new URLSearchParams(values);
  const step1 = parseWithZod(form, { schema: TrialStep1Schema });
  if (step1.status !== "success") return 1;
  return parseWithZod(form, { schema: trialStep2Schema(step1.value.role) }).status === "success" ? 3 : 2;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const settings = config();
  const values = carried(new URLSearchParams((await currentDraft(request)) ?? {}));
  const requestedPlan = RequestedPlanSchema.parse(url.searchParams.get("plan") ?? undefined);
  if (requestedPlan) values.plan = requestedPlan;
  // Back, Forward or a reload show the step of the address, with what was sent from it; a step
  // whose earlier steps are not complete (an old link, an expired draft) shows the first of them.
  const requested = asStep(Number(url.searchParams.get("step"))) ?? 1;
  const step = Math.min(requested, firstIncomplete(values)) as Step;
  if (url.searchParams.has("step") && step !== requested) throw redirect(stepPath(step));
  // A page showing someone's draft is for their browser alone: no cache keeps it (decision 048).
  const personal = Object.keys(values).some((name) => name !== "plan");
  return data(
    {
      plan: RequestedPlanSchema.parse(values.plan) ?? null,
      step,
      values,
      canonical: canonicalUrl(request.url, settings.SITE_URL),
      appUrl: settings.APP_URL.replace(/\/$/, ""),
    },
    { headers: personal ? { "Cache-Control": "private, no-store" } : undefined },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const [kind, number] = intent.split("-");
  // The step the form showed: "step-2" was sent from step 2, "back-1" from step 2 as well.
  const shown = asStep(kind === "back" ? Number(number) + 1 : Number(number));
  const values = merged(await currentDraft(request), form, shown);
  // A filled honeypot is a bot: it gets the same answers, and nothing is kept for it.
  const bot = filledHoneypot(form);
  const keep = async () => (bot ? undefined : { "Set-Cookie": await keepDraft(request, values) });
  const reply = async (body: ActionData, status = 200) => data(body, { status, headers: await keep() });
  // Post/Redirect/Get: the next step is a new history entry, so Back returns to this one.
  const goTo = async (step: Step) => redirect(stepPath(step), { status: 303, headers: await keep() });
  if (intent === "back-1" || intent === "back-2") return goTo(intent === "back-1" ? 1 : 2);

  const submitted: Step = intent === "step-3" ? 3 : intent === "step-2" ? 2 : 1;
  // Earlier steps are checked again on every post: a step sent out of order goes back to the
  // first step that is not complete, with its errors.
  const checked = new URLSearchParams(values);
  for (const [name, value] of form) {
    if (!checked.has(name) && typeof value === "string" && !FIELDS.includes(name as FieldName))
      checked.append(name, value);
  }
  const step1 = parseWithZod(checked, { schema: TrialStep1Schema });
  if (step1.status !== "success") return reply({ step: 1, values, result: step1.reply(), banner: true }, 400);
  if (submitted === 1) return goTo(2);
  const step2 = parseWithZod(checked, { schema: trialStep2Schema(step1.value.role) });
  if (step2.status !== "success") return reply({ step: 2, values, result: step2.reply(), banner: true }, 400);
  if (submitted === 2) return goTo(3);
  const step3 = parseWithZod(checked, { schema: TrialStep3Schema });
  if (step3.status !== "success") return reply({ step: 3, values, result: step3.reply(), banner: true }, 400);
  // A person, not a script (decision 080): the last step stores the signup and emails a code.
  const refused = await formBotCheck(request, form);
  if (refused) return reply({ step: 3, values, error: `Error: ${refused}` }, 403);

  let userId: string;
  let sent: boolean;
  try {
    // The three steps parsed above are the whole signup: the service takes it as is.
    const started = await startTrialAndSendCode(
      { ...step1.value, ...step2.value, ...step3.value, requestedPlan: RequestedPlanSchema.parse(values.plan) },
      codeClient(request),
    );
    // A filled honeypot: the service stored nothing; answer like a success.
    if (!started.stored) throw redirect("/free-trial/welcome");
    userId = started.subscription.userId;
    // A code refused by a limit: the code screen says sending failed and how long to wait.
    sent = started.codeOnItsWay;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!isAppError(error)) {
      console.error(error);
      return reply({ step: 3, values, error: START_FAILED }, 500);
    }
    if (error.code === "trial.already_subscribed") {
      return reply(
        {
          step: 3,
          values,
          existing: {
            email: step1.value.email,
            currentPlan: String(error.extra.currentPlan ?? ""),
            state: (error.extra.state as SignupState | undefined) ?? "active",
          },
        },
        409,
      );
    }
    const details = error.extra.details ?? [];
    if (details.length) {
      // Server field errors go back onto the fields of the step they belong to.
      const target = Math.min(...details.map((d) => stepOf(d.field))) as Step;
      const submission = target === 1 ? step1 : target === 2 ? step2 : step3;
      const fieldErrors = Object.fromEntries(
        details.filter((d) => stepOf(d.field) === target).map((d) => [d.field, [d.message]]),
      );
      return reply({ step: target, values, result: submission.reply({ fieldErrors }), banner: true }, 400);
    }
    return reply({ step: 3, values, error: `Error: ${error.message}` }, error.status);
  }

  const headers = new Headers({ "Set-Cookie": await trialCookie(request, userId) });
  // The signup is stored: its draft has done its work.
  const dropped = await dropDraft(request);
  if (dropped) headers.append("Set-Cookie", dropped);
  throw redirect(`${href("/free-trial/verify")}${sent ? "?sent=1" : ""}`, { headers });
}

/** With JavaScript, a failed post keeps the visitor on the step they sent, with everything typed. */
export async function clientAction(args: Route.ClientActionArgs) {
  return submitKeepingInput(args, (form): ActionData => {
    const [kind, number] = String(form.get("intent") ?? "step-1").split("-");
    const sent = Number(number) || 1;
    return { step: (kind === "back" ? sent + 1 : sent) as Step, values: carried(form), error: START_OFFLINE };
  });
}

export default function FreeTrial({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const arrived = useNavigationType();
  const plan = loaderData.plan ?? actionData?.values.plan ?? null;
  const step = actionData?.step ?? loaderData.step;
  const values: Values = actionData?.values ?? loaderData.values;
  return (
    <main className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-5 lg:gap-16 lg:px-8 lg:py-20">
        <Intro plan={plan} />
        <div className="lg:col-span-3">
          <div className="card relative p-5 sm:p-8">
            {actionData?.existing ? (
              <AlreadySubscribed {...actionData.existing} appUrl={loaderData.appUrl} />
            ) : (
              <>
                <StepIndicator step={step} />
                {/* A new key per page and per answer: each step's form starts from the server's values. */}
                <StepForm
                  key={`${step}-${location.key}-${actionData ? JSON.stringify(actionData.result ?? null) : "page"}`}
                  step={step}
                  values={values}
                  result={actionData?.result}
                  banner={actionData?.banner}
                  error={actionData?.error}
                  // After an answer or a step's redirect, the new step's heading takes the focus (not on arrival).
                  focusOnMount={Boolean(actionData) || (arrived === "PUSH" && location.search.includes("step="))}
                />
              </>
            )}
          </div>
        </div>
      </div>
    </main>
  );
}

function Intro({ plan }: { plan: string | null }) {
  return (
    <div className="lg:col-span-2">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">Free trial</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Start your 7-day free trial
      </h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        Build approval workflows, forms and integrations with {BRAND.name}. No credit card required.
      </p>
      {plan ? (
        <p
          className="mt-6 inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1.5 text-sm font-medium text-brand-800 dark:border-brand-800 dark:bg-slate-900 dark:text-brand-200"
          data-testid="selected-plan"
        >
          <Sparkles aria-hidden className="size-4" />
          Selected plan: {requestedPlanLabel(plan)}
        </p>
      ) : null}
      <ul className="mt-8 space-y-3 text-sm text-slate-700 dark:text-slate-200">
        {[
          "Full access to every feature for 7 days",
          "Unlimited workflow steps and team members",
          "Our team reviews each request and emails you when it is approved",
        ].map((item) => (
          <li key={item} className="flex gap-2">
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-600 dark:text-accent-400" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seo({
    title: "Start your 7-day free trial",
    description: `Try ${BRAND.name} free for 7 days: no-code approval workflows, forms and integrations. No credit card required.`,
    url: loaderData?.canonical ?? "/free-trial",
  });
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Start your 7-day free trial</h1>
      <div className="mt-6 text-left">
        <StatusMessage text={START_OFFLINE} />
      </div>
      <a href="/free-trial" className="btn-primary mt-6">
        Try again
      </a>
    </main>
  );
}
