import { parseWithZod } from "@conform-to/zod/v4";
import { CalendarClock, CheckCircle2, PhoneCall, Rocket, Video } from "lucide-react";
import { data, href, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { requestCallback } from "~/domain/meetings/callbacks.server";
import { BookingResubmitted, bookMeeting } from "~/domain/meetings/meetings.server";
import { BookingSchema, CallbackSchema } from "~/domain/meetings/schemas";
import { MEETING_TEXTS } from "~/domain/meetings/texts";
import { formBotCheck } from "~/http/bot-check.server";
import { isRawToken, REBOOK_COOKIE } from "~/http/cookies.server";
import { refusal } from "~/http/retry-after.server";
import { visitorOrigin } from "~/http/visitor-origin.server";
import { BRAND } from "~/lib/brand";
import { siteUrl } from "~/lib/config.server";
import { isAppError } from "~/lib/errors";
import { revalidateOnConflict } from "~/lib/revalidate";
import { canonicalUrl, seo } from "~/lib/seo";
import { submitKeepingInput } from "~/lib/submit-failure";
import type { Route } from "./+types/demo";
import { Confirmation, DateStep, DetailsStep, LoadingTimes, StepIndicator, TimeStep } from "./booking-wizard";
import { CallbackForm, CallbackSuccess } from "./callback-form";
import { loadValidation } from "./form-fields";
import { canonicalTimeZone } from "./visitor-time";
import { edgeTimeZone, wizardState } from "./wizard.server";

const CALLBACK_FAILED = "Failed to submit your request. Please try again.";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const canonical = canonicalUrl(request.url, siteUrl());
  if (url.searchParams.get("mode") === "callback") {
    return { mode: "callback" as const, canonical, requested: url.searchParams.has("requested") };
  }
  const again = url.searchParams.get("again");
  if (again !== null) {
    // The "sorry we missed you" link (decision 084): its token rides in a cookie while the visitor
    // picks a time, and leaves the address (and the browser's history) at once.
    const headers = isRawToken(again) ? { "Set-Cookie": await REBOOK_COOKIE.serialize(request, again) } : undefined;
    return redirect(href("/demo"), { headers });
  }
  const rebook = await REBOOK_COOKIE.read(request);
  return {
    mode: "schedule" as const,
    canonical,
    ...(await wizardState(url, new Date(), rebook && isRawToken(rebook) ? rebook : null, edgeTimeZone(request))),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "callback") {
    const submission = parseWithZod(form, { schema: CallbackSchema });
    if (submission.status !== "success") {
      return data({ intent: "callback" as const, result: submission.reply(), slotTaken: null }, { status: 400 });
    }
    const refused = await formBotCheck(request, form);
    if (refused) {
      return data(
        { intent: "callback" as const, result: submission.reply({ formErrors: [refused] }), slotTaken: null },
        { status: 403 },
      );
    }
    try {
      await requestCallback(submission.value, await visitorOrigin(request));
    } catch (error) {
      if (isAppError(error) && error.status === 429) {
        return refusal(
          { intent: "callback" as const, result: submission.reply({ formErrors: [error.message] }), slotTaken: null },
          error,
        );
      }
      console.error(error);
      return data(
        { intent: "callback" as const, result: submission.reply({ formErrors: [CALLBACK_FAILED] }), slotTaken: null },
        { status: 500 },
      );
    }
    return redirect(`${href("/demo")}?mode=callback&requested=1`);
  }

  // The page's own zone field: a name that is not a zone books in the business zone, never an
  // error the visitor cannot fix (the JSON API still refuses it, decision 085).
  const zone = form.get("visitorTimezone");
  if (typeof zone === "string") form.set("visitorTimezone", canonicalTimeZone(zone) ?? "");
  const submission = parseWithZod(form, { schema: BookingSchema });
  if (submission.status !== "success") {
    return data({ intent: "book" as const, result: submission.reply(), slotTaken: null }, { status: 400 });
  }
  // A person, not a script (decision 080): before anything is stored or sent.
  const refused = await formBotCheck(request, form);
  if (refused) {
    return data(
      { intent: "book" as const, result: submission.reply({ formErrors: [refused] }), slotTaken: null },
      { status: 403 },
    );
  }
  try {
    const meeting = await bookMeeting(submission.value, await visitorOrigin(request));
    // The manage link goes to the address by email only: nobody has shown it is theirs (decision 042).
    return redirect(`${href("/demo")}?booked=${meeting.id}`);
  } catch (error) {
    // The same booking sent again: its confirmation, not "slot taken" (decision 052).
    if (error instanceof BookingResubmitted) return redirect(`${href("/demo")}?booked=${error.meetingId}`);
    if (isAppError(error) && (error.status === 400 || error.status === 409 || error.status === 429)) {
      const fieldErrors = Object.fromEntries((error.extra.details ?? []).map((d) => [d.field, [d.message]]));
      return refusal(
        {
          intent: "book" as const,
          result: submission.reply({ formErrors: [error.message], fieldErrors }),
          slotTaken: error.status === 409 ? error.message : null,
        },
        error,
      );
    }
    console.error(error);
    return data(
      {
        intent: "book" as const,
        result: submission.reply({ formErrors: [MEETING_TEXTS.bookingFailed] }),
        slotTaken: null,
      },
      { status: 500 },
    );
  }
}

/**
 * With JavaScript, a failed post shows the form's message in place; the values go back into
 * the form through Conform's reply, exactly as a server-side failure would.
 */
export async function clientAction(args: Route.ClientActionArgs) {
  // Already loaded by the form's own effect; imported here so zod stays out of the page's first scripts.
  const validation = await loadValidation();
  return submitKeepingInput(args, (form) =>
    form.get("intent") === "callback"
      ? {
          intent: "callback" as const,
          result: validation
            .parseWithZod(form, { schema: validation.CallbackSchema })
            .reply({ formErrors: [CALLBACK_FAILED] }),
          slotTaken: null,
        }
      : {
          intent: "book" as const,
          result: validation
            .parseWithZod(form, { schema: validation.BookingSchema })
            .reply({ formErrors: [MEETING_TEXTS.bookingFailed] }),
          slotTaken: null,
        },
  );
}

/** React Router skips revalidation after a 4xx action; a 409 means the slots changed, so reload them. */
export const shouldRevalidate = revalidateOnConflict;

export default function DemoPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "loading" && !navigation.formMethod && navigation.location.pathname === "/demo"
      ? new URLSearchParams(navigation.location.search)
      : null;
  const loadingTimes = Boolean(pending?.get("date") && !pending.get("time") && !pending.get("mode"));

  return (
    <main className="bg-gradient-to-b from-brand-50 to-white pb-20 dark:from-brand-950/40 dark:to-slate-950">
      <div className="mx-auto max-w-6xl px-4 pt-12 sm:px-6 sm:pt-16 lg:px-8">
        <header className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">
            Demo booking
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">See {BRAND.name} in action</h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
            Book a 30-minute video demo with a product specialist, or ask us to call you back.
          </p>
        </header>

        <div className="mt-10 grid gap-8 lg:grid-cols-3">
          <div className="card p-5 sm:p-8 lg:col-span-2">
            <ModeToggle mode={loaderData.mode} />
            {loaderData.mode === "callback" ? (
              loaderData.requested ? (
                <CallbackSuccess />
              ) : (
                <CallbackForm lastResult={actionData?.intent === "callback" ? actionData.result : undefined} />
              )
            ) : (
              <>
                <StepIndicator step={loadingTimes ? "time" : loaderData.wizard.step} />
                {loadingTimes ? (
                  <LoadingTimes />
                ) : loaderData.wizard.step === "date" ? (
                  <DateStep
                    calendar={loaderData.wizard.calendar}
                    notice={loaderData.wizard.notice}
                    keptTimeZone={loaderData.keptTimeZone}
                  />
                ) : loaderData.wizard.step === "time" ? (
                  <TimeStep
                    wizard={loaderData.wizard}
                    businessTimeZone={loaderData.businessTimeZone}
                    knownTimeZone={loaderData.visitorTimeZone}
                    keptTimeZone={loaderData.keptTimeZone}
                    zonePicker
                    notice={actionData?.slotTaken ?? loaderData.wizard.notice}
                  />
                ) : loaderData.wizard.step === "details" ? (
                  <DetailsStep
                    key={`${loaderData.wizard.date}T${loaderData.wizard.time}`}
                    wizard={loaderData.wizard}
                    businessTimeZone={loaderData.businessTimeZone}
                    knownTimeZone={loaderData.visitorTimeZone}
                    keptTimeZone={loaderData.keptTimeZone}
                    lastResult={actionData?.intent === "book" ? actionData.result : undefined}
                  />
                ) : (
                  <Confirmation meeting={loaderData.wizard.meeting} businessTimeZone={loaderData.businessTimeZone} />
                )}
              </>
            )}
          </div>
          <SidePanel />
        </div>
      </div>
    </main>
  );
}

function ModeToggle({ mode }: { mode: "schedule" | "callback" }) {
  const tab = (active: boolean) =>
    `flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
      active
        ? "bg-white text-brand-800 shadow-sm dark:bg-slate-950 dark:text-brand-100"
        : "text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
    }`;
  return (
    <nav aria-label="Booking options" className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
      <Link
        to={href("/demo")}
        aria-current={mode === "schedule" ? "page" : undefined}
        className={tab(mode === "schedule")}
      >
        <CalendarClock aria-hidden className="size-4" />
        Schedule Now
      </Link>
      <Link
        to={`${href("/demo")}?mode=callback`}
        aria-current={mode === "callback" ? "page" : undefined}
        className={tab(mode === "callback")}
      >
        <PhoneCall aria-hidden className="size-4" />
        Request Callback
      </Link>
    </nav>
  );
}

const EXPECT = [
  "A walkthrough of the workflow builder, approvals and forms",
  "Your own use case, mapped live by a product specialist",
  "Answers on integrations, security and pricing",
  "No commitment and no credit card",
];

function SidePanel() {
  return (
    <aside className="space-y-6">
      <div className="card p-6">
        <h2 className="flex items-center gap-2 font-semibold">
          <Video aria-hidden className="size-5 text-brand-600 dark:text-brand-300" />
          What to expect
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">30 minutes on a video call.</p>
        <ul className="mt-4 space-y-3 text-sm">
          {EXPECT.map((item) => (
            <li key={item} className="flex gap-2">
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="card p-6">
        <h2 className="flex items-center gap-2 font-semibold">
          <Rocket aria-hidden className="size-5 text-brand-600 dark:text-brand-300" />
          Rather try it yourself?
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Start a 7-day free trial, or talk to our sales team about a larger rollout.
        </p>
        <div className="mt-4 grid gap-2">
          <Link to={href("/free-trial")} className="btn-primary">
            Start Free Trial
          </Link>
          <Link to={`${href("/demo")}?mode=callback`} className="btn-secondary">
            Contact Sales
          </Link>
        </div>
      </div>
    </aside>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seo({
    title: "Book a demo",
    description: `Book a 30-minute video demo of ${BRAND.name} with a product specialist, or request a callback.`,
    url: loaderData?.canonical ?? "/demo",
  });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <ErrorPage
      status={isRouteErrorResponse(error) ? error.status : 500}
      title="The booking page is unavailable"
      message="Something went wrong while loading the calendar. Please try again in a moment."
    />
  );
}
