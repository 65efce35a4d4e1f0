import { BOT_CHECK_FIELD, FORM_TOKEN_FIELD } from "~/lib/bot-check";
import { useFormToken } from "~/lib/form-token";

/**
 * The bot check's two hidden fields (decision 080), in every public form that sends an email or
 * stores a lead: the signed "form issued at" token from the server render (the check without
 * JavaScript) and the solved challenge, which the page's script (app/lib/bot-check.client.ts)
 * fills in before the form leaves. Neither is seen or read aloud.
 */
export function BotCheck() {
  const token = useFormToken();
  return (
    <>
      {/*
       * Neither value is React's to keep: a hidden input's default value is its value, so a
       * re-render with a default would wipe the server's token (the browser renders none) and the
       * script's solution. The server writes the token; the script writes the solution.
       */}
      <input type="hidden" name={FORM_TOKEN_FIELD} defaultValue={token || undefined} suppressHydrationWarning />
      <input type="hidden" name={BOT_CHECK_FIELD} data-bot-check="" />
    </>
  );
}
