import { href } from "react-router";

/*
 * The trial signup's steps (decision 048): which fields each step asks for, how a post's fields
 * are carried between steps and merged into the draft, and where each step lives. Plain values
 * only, no zod: the step form imports this on the client, where the schemas arrive after hydration.
 */

export type Step = 1 | 2 | 3;
export type Values = Record<string, string>;
export type FieldName = (typeof FIELDS)[number];
export type Shape = Partial<Record<FieldName, string>>;

/** Every field of the signup, carried between steps in hidden inputs (plus the pricing page's plan). */
export const FIELDS = [
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

export const STEP_FIELDS: Record<Step, readonly string[]> = {
  1: ["role", "firstName", "lastName", "email", "phone"],
  2: ["companyName", "jobTitle", "companySize", "industry", "country", "website", "occupation"],
  3: ["howDidYouHear", "useCase", "currentTools", "agreeToTerms", "subscribeNewsletter"],
};

/** The signup's fields among these (a posted form), non-empty, bounded. */
export function carried(form: FormData | URLSearchParams): Values {
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
export function merged(draft: Values | null, form: FormData, shown: Step | null): Values {
  const values: Values = {};
  for (const name of FIELDS) {
    const kept = shown && STEP_FIELDS[shown].includes(name) ? undefined : draft?.[name];
    const value = form.get(name);
    const chosen = typeof value === "string" ? value.slice(0, 2000) : kept;
    if (chosen) values[name] = chosen;
  }
  return values;
}

export const stepOf = (field: string): Step =>
  STEP_FIELDS[1].includes(field) ? 1 : STEP_FIELDS[2].includes(field) ? 2 : 3;

export const asStep = (value: unknown): Step | null => (value === 1 || value === 2 || value === 3 ? value : null);

/** Each step is a page of its own (decision 048): the first at /free-trial, the others at ?step=N. */
export const stepPath = (step: Step) => `${href("/free-trial")}?step=${step}`;
