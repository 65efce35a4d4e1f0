import { LeadPatchSchema } from "~/domain/leads/schemas";

/**
 * The change a lead form posts, checked: Assign posts an owner (none chosen: unassigned), Change
 * status a status and its reason. The list's bulk form and a lead's page post the same fields.
 */
export function postedLeadPatch(form: FormData, intent: FormDataEntryValue | null) {
  return LeadPatchSchema.safeParse(
    intent === "assign"
      ? { ownerId: String(form.get("ownerId") ?? "") || undefined }
      : { status: String(form.get("status") ?? "") || undefined, reason: String(form.get("reason") ?? "") },
  );
}
