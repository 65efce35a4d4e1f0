import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, ArrowRight, CheckCircle2, Sparkles } from "lucide-react";
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from "react";
import { data, Form, href, Link, redirect, useLocation, useNavigation, useNavigationType } from "react-router";
import type { z } from "zod";
import { describedBy, Field, type FieldControlProps } from "~/components/field";
import { FieldError } from "~/components/field-error";
import { Honeypot } from "~/components/honeypot";
import { StatusMessage } from "~/components/status-message";
import {
  COMPANY_SIZES,
  companySizeLabel,
  HOW_HEARD,
  INDUSTRIES,
  ROLE_OPTIONS,
  requestedPlanLabel,
  TRIAL_MESSAGES,
  TRIAL_TEXT_LIMITS,
} from "~/domain/subscriptions/options";
import type { SignupState } from "~/domain/subscriptions/rules";
import {
  RequestedPlanSchema,
  TrialStep1Schema,
  TrialStep3Schema,
  trialStep2Schema,
} from "~/domain/subscriptions/schemas";
import { startTrialAndSendCode } from "~/domain/subscriptions/subscriptions.server";
import { codeClient } from "~/domain/verification/secret.server";
import { BRAND } from "~/lib/brand";
import { config } from "~/lib/config.server";
import { isAppError } from "~/lib/errors";
import { filledHoneypot } from "~/lib/honeypot";
import { canonicalUrl, seo } from "~/lib/seo";
import { submitKeepingInput } from "~/lib/submit-failure";
import { useAfterHydration } from "~/lib/use-after-hydration";
import { useKeptInput } from "~/lib/use-kept-input";
import type { Route } from "./+types/free-trial";
import { StepIndicator } from "./components";
import { currentDraft, dropDraft, keepDraft, trialCookie } from "./session.server";

type Step = 1 | 2 | 3;
type Values = Record<string, string>;
type FieldName = (typeof FIELDS)[number];
type Shape = Partial<Record<FieldName, string>>;

/** Every field of the signup, carried between steps in hidden inputs (plus the pricing page's plan). */
const FIELDS = [
  "role",
  "firstName",
  "lastName",
  "email",
  "phone",
  "companyName",
  "jobTitle",
  "companySize",
  "industry",
  "country",
  "website",
  "occupation",
  "howDidYouHear",
  "useCase",
  "currentTools",
  "agreeToTerms",
  "subscribeNewsletter",
  "plan",
] as const;

const STEP_FIELDS: Record<Step, readonly string[]> = {
  1: ["role", "firstName", "lastName", "email", "phone"],
  2: ["companyName", "jobTitle", "companySize", "industry", "country", "website", "occupation"],
  3: ["howDidYouHear", "useCase", "currentTools", "agreeToTerms", "subscribeNewsletter"],
};

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

/** The signup's fields among these (a posted form), non-empty, bounded. */
function carried(form: FormData | URLSearchParams): Values {
  const values: Values = {};
  for (const name of FIELDS) {
    const value = form.get(name);
    if (typeof value === "string" && value !== "") values[name] = value.slice(0, 2000);
  }
  return values;
}

/**
 * The signup after a post: the draft, overwritten by what the form sent. The fields of the step
 * the form showed are taken from the form alone, so a field emptied or a box unticked there is
 * emptied in the draft too; other steps' fields come from the form's hidden inputs, else the draft.
 */
function merged(draft: Values | null, form: FormData, shown: Step | null): Values {
  const values: Values = {};
  for (const name of FIELDS) {
    const kept = shown && STEP_FIELDS[shown].includes(name) ? undefined : draft?.[name];
    const value = form.get(name);
    const chosen = typeof value === "string" ? value.slice(0, 2000) : kept;
    if (chosen) values[name] = chosen;
  }
  return values;
}

const stepOf = (field: string): Step => (STEP_FIELDS[1].includes(field) ? 1 : STEP_FIELDS[2].includes(field) ? 2 : 3);

const asStep = (value: unknown): Step | null => (value === 1 || value === 2 || value === 3 ? value : null);

/** Each step is a page of its own (decision 048): the first at /free-trial, the others at ?step=N. */
const stepPath = (step: Step) => `${href("/free-trial")}?step=${step}`;

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

function AlreadySubscribed({
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

/** zod and the step schemas, fetched after hydration (decision 026). Stable, so the effect runs once. */
const loadValidation = () =>
  Promise.all([import("@conform-to/zod/v4"), import("~/domain/subscriptions/schemas")]).then(
    ([{ parseWithZod }, schemas]) => ({ parseWithZod, ...schemas }),
  );
type Validation = Awaited<ReturnType<typeof loadValidation>>;

function schemaFor(validation: Validation, step: Step, role: string | undefined) {
  const schema =
    step === 1
      ? validation.TrialStep1Schema
      : step === 3
        ? validation.TrialStep3Schema
        : role === "individual"
          ? validation.TrialStep2IndividualSchema
          : validation.TrialStep2OrganizationSchema;
  return schema as unknown as z.ZodType<Shape, Shape>;
}

function StepForm({
  step,
  values,
  result,
  banner,
  error,
  focusOnMount,
}: {
  step: Step;
  values: Values;
  result?: SubmissionResult<string[]>;
  banner?: boolean;
  error?: string;
  focusOnMount: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const heading = useRef<HTMLHeadingElement>(null);
  // A field's error clears as soon as it is edited (spec §5); the next submit checks again.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  // Until the schemas arrive, a submit is checked by the server alone, with the same messages.
  const validation = useAfterHydration(loadValidation);
  const [form, fields] = useForm<Shape>({
    id: `trial-step-${step}`,
    lastResult: result,
    defaultValue: values,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate: validation
      ? ({ formData, submitter }) => {
          const back = submitter instanceof HTMLButtonElement && submitter.value.startsWith("back");
          const schema = back ? validation.TrialBackSchema : schemaFor(validation, step, values.role);
          return validation.parseWithZod(formData, { schema: schema as z.ZodType<Shape, Shape> });
        }
      : undefined,
  });

  // What was typed on this step and not sent yet survives Back, Forward and a reload (decision 048).
  useKeptInput(form.id);

  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  const errorOf = (name: FieldName) => (edited.has(name) ? undefined : fields[name].errors?.[0]);
  const onEdit = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name && !edited.has(name)) setEdited(new Set(edited).add(name));
  };
  const field = (name: FieldName) => fields[name];
  /** A field with its label above and its error below (and the length hint of a long text), wired by `Field`. */
  const labeled = (
    name: FieldName,
    label: string,
    control: ReactElement<Partial<FieldControlProps>>,
    { optional = false, maxLength }: { optional?: boolean; maxLength?: number } = {},
  ) => (
    <Field
      id={field(name).id}
      errorId={field(name).errorId}
      error={errorOf(name)}
      label={label}
      note={optional ? "optional" : undefined}
      maxLength={maxLength}
    >
      {control}
    </Field>
  );
  const hidden = Object.entries(values).filter(([name]) => !STEP_FIELDS[step].includes(name));
  const text = (name: FieldName, type: "text" | "email" | "tel" | "url" = "text") => ({
    ...getInputProps(field(name), { type }),
    className: "input",
  });
  const select = (name: FieldName) => ({ ...getSelectProps(field(name)), className: "input" });
  const titles = {
    1: "Tell us about you",
    2: values.role === "individual" ? "Where are you based?" : "About your organization",
    3: "Almost done",
  };

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      onInput={onEdit}
      onChange={onEdit}
      onSubmitCapture={() => setEdited(new Set())}
      className="mt-6 space-y-5"
    >
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none dark:text-white">
        {titles[step]}
      </h2>
      {banner && edited.size === 0 ? (
        <StatusMessage text={TRIAL_MESSAGES.fixHighlighted} tone="error" testId="form-banner" />
      ) : null}
      {error ? <StatusMessage text={error} testId="form-banner" /> : null}
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Honeypot id="trial-faxNumber" className="absolute -left-[9999px] h-px w-px overflow-hidden" />

      {step === 1 ? (
        <>
          <fieldset
            aria-describedby={
              describedBy({ errorId: field("role").errorId, error: errorOf("role") })["aria-describedby"]
            }
          >
            <legend className="label">I am signing up as</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {ROLE_OPTIONS.map((option) => (
                <label
                  key={option.value}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 hover:border-brand-400 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-500 dark:border-slate-700 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950"
                >
                  <input
                    {...getInputProps(field("role"), { type: "radio", value: option.value })}
                    id={`${field("role").id}-${option.value}`}
                    className="mt-1 size-4 accent-brand-600"
                  />
                  <span>
                    <span className="block text-sm font-semibold text-slate-900 dark:text-white">{option.label}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-300">{option.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id={field("role").errorId} error={errorOf("role")} />
          </fieldset>
          <div className="grid gap-5 sm:grid-cols-2">
            {labeled("firstName", "First name", <input {...text("firstName")} autoComplete="given-name" />)}
            {labeled("lastName", "Last name", <input {...text("lastName")} autoComplete="family-name" />)}
          </div>
          {labeled("email", "Work email", <input {...text("email", "email")} autoComplete="email" inputMode="email" />)}
          {labeled("phone", "Phone", <input {...text("phone", "tel")} autoComplete="tel" />, { optional: true })}
        </>
      ) : null}

      {step === 2 && values.role !== "individual" ? (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            {labeled("companyName", "Company name", <input {...text("companyName")} autoComplete="organization" />)}
            {labeled("jobTitle", "Job title", <input {...text("jobTitle")} autoComplete="organization-title" />)}
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            {labeled(
              "companySize",
              "Company size",
              <select {...select("companySize")}>
                <option value="">Select company size</option>
                {COMPANY_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {companySizeLabel(size)}
                  </option>
                ))}
              </select>,
            )}
            {labeled(
              "industry",
              "Industry",
              <select {...select("industry")}>
                <option value="">Select industry</option>
                {INDUSTRIES.map((industry) => (
                  <option key={industry} value={industry}>
                    {industry}
                  </option>
                ))}
              </select>,
            )}
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            {labeled("country", "Country", <input {...text("country")} autoComplete="country-name" />)}
            {labeled(
              "website",
              "Website",
              <input {...text("website", "url")} autoComplete="url" placeholder="https://example.com" />,
              { optional: true },
            )}
          </div>
        </>
      ) : null}

      {step === 2 && values.role === "individual" ? (
        <>
          {labeled("country", "Country", <input {...text("country")} autoComplete="country-name" />)}
          {labeled("occupation", "Occupation", <input {...text("occupation")} autoComplete="organization-title" />, {
            optional: true,
          })}
        </>
      ) : null}

      {step === 3 ? (
        <>
          {labeled(
            "howDidYouHear",
            "How did you hear about us?",
            <select {...select("howDidYouHear")}>
              <option value="">Select an option</option>
              {HOW_HEARD.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>,
            { optional: true },
          )}
          {labeled(
            "useCase",
            "What would you like to automate?",
            <textarea
              {...getTextareaProps(field("useCase"))}
              rows={3}
              maxLength={TRIAL_TEXT_LIMITS.useCase}
              className="input"
            />,
            { optional: true, maxLength: TRIAL_TEXT_LIMITS.useCase },
          )}
          {labeled(
            "currentTools",
            "Tools you use today",
            <input {...text("currentTools")} placeholder="Email, spreadsheets, ERP…" />,
            { optional: true },
          )}
          <div className="space-y-3">
            <label className="flex items-start gap-3 text-sm text-slate-700 dark:text-slate-200">
              <input
                {...getInputProps(field("agreeToTerms"), { type: "checkbox" })}
                {...describedBy({ errorId: field("agreeToTerms").errorId, error: errorOf("agreeToTerms") })}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>I agree to the {BRAND.name} Terms of Service and Privacy Policy</span>
            </label>
            <FieldError id={field("agreeToTerms").errorId} error={errorOf("agreeToTerms")} />
            <label className="flex items-start gap-3 text-sm text-slate-700 dark:text-slate-200">
              <input
                {...getInputProps(field("subscribeNewsletter"), { type: "checkbox" })}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>Send me product news and automation tips (optional)</span>
            </label>
          </div>
        </>
      ) : null}

      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        {step > 1 ? (
          <button type="submit" name="intent" value={`back-${step - 1}`} className="btn-secondary" disabled={busy}>
            <ArrowLeft aria-hidden className="size-4" /> Back
          </button>
        ) : (
          <span />
        )}
        <button type="submit" name="intent" value={`step-${step}`} className="btn-primary" disabled={busy}>
          {step === 3 ? (busy ? "Starting..." : "Start free trial") : "Continue"}
          {step < 3 ? <ArrowRight aria-hidden className="size-4" /> : null}
        </button>
      </div>
    </Form>
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
