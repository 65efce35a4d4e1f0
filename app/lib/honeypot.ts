/**
 * The honeypot every public form carries (demo booking, callback, contact sales, free trial,
 * newsletter): a field people never see. A filled one means a bot; the service then answers
 * as if all went well and stores and sends nothing. One name for every form, in a module
 * without zod: the newsletter box in every page's footer renders it (decision 026).
 */
export const HONEYPOT_FIELD = "faxNumber";

/** Whether a bot filled the honeypot: of a posted form, or of its parsed fields / an API body. */
export function filledHoneypot(input: FormData | { readonly [HONEYPOT_FIELD]?: unknown }): boolean {
  return Boolean(input instanceof FormData ? input.get(HONEYPOT_FIELD) : input[HONEYPOT_FIELD]);
}
