import { Send } from "lucide-react";
import { useId } from "react";
import { Form, useActionData } from "react-router";
import { Field, type FieldControlProps } from "~/components/field";
import { PendingIcon } from "~/components/pending-icon";
import { useSubmittingValue } from "~/components/submit-button";
import { isLinkResult } from "./link-texts";
import type { MeetingView } from "./meeting-ui";

/**
 * The video link of a confirmed meeting (decision 053): a plain POST form (`intent=link`), so it
 * works without JavaScript. Saving emails the visitor the link; without one yet, the form says
 * that the visitor was promised it.
 */
/** `defaultLink`: the meeting's link, else the suggestion from MEETING_LINK_TEMPLATE (`suggestedLink`). */
export function MeetingLinkForm({ meeting, defaultLink }: { meeting: MeetingView; defaultLink: string }) {
  const submittingIntent = useSubmittingValue("intent");
  const submittingMeeting = useSubmittingValue("meetingId");
  const result = useActionData();
  // The list shows a meeting twice (card and dialog): each copy needs its own ids.
  const inputId = useId();
  if (meeting.status !== "confirmed") return null;
  const pending = submittingIntent === "link" && submittingMeeting === meeting.id;
  const error = isLinkResult(result) && result.meetingId === meeting.id ? result.linkError : null;
  return (
    <Form method="post" className="flex w-full flex-wrap items-end gap-2" data-testid="meeting-link-form">
      <input type="hidden" name="meetingId" value={meeting.id} />
      <Field
        id={inputId}
        label="Video link"
        hint={
          meeting.meetingLink
            ? "Changing it emails the new link to the visitor."
            : "No link sent yet: the visitor was told it comes before the meeting. Saving emails it to them."
        }
        hintAbove
        hintClassName={`mb-1.5 text-xs ${meeting.meetingLink ? "text-slate-600 dark:text-slate-400" : "font-medium text-amber-800 dark:text-amber-200"}`}
        error={error ?? undefined}
        className="min-w-0 flex-1 basis-56"
      >
        <MeetingLinkInput defaultValue={defaultLink} required />
      </Field>
      <button
        type="submit"
        name="intent"
        value="link"
        className={meeting.meetingLink ? "btn-secondary" : "btn-primary"}
        disabled={pending}
      >
        <PendingIcon pending={pending} icon={Send} />
        {meeting.meetingLink ? "Change link" : "Send link"}
        <span className="sr-only"> to {meeting.name}</span>
      </button>
    </Form>
  );
}

/** The meeting's video-link field, as Approve and the link form both ask for it. */
export function MeetingLinkInput({
  defaultValue,
  required,
  ...control
}: Partial<FieldControlProps> & { defaultValue: string; required?: boolean }) {
  return (
    <input
      {...control}
      name="meetingLink"
      type="url"
      inputMode="url"
      placeholder="https://"
      defaultValue={defaultValue}
      maxLength={500}
      required={required}
      className="input"
    />
  );
}
