import type { DecisionResult } from "./status-action.server";

/** The outcome of the video-link form: a decision-like message, and an error at the field. */
export type LinkResult = Omit<DecisionResult, "intent"> & { intent: "link"; linkError: string | null };

export const isLinkResult = (result: unknown): result is LinkResult =>
  typeof result === "object" && result !== null && (result as { intent?: unknown }).intent === "link";
