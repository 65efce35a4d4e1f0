/*
 * The bot check's names shared by the server and the page's script (decision 080); the check
 * itself is app/domain/verification/bot-check.server.ts.
 */

/** The form field carrying the solved challenge (the ALTCHA widget's name), set by the page's script. */
export const BOT_CHECK_FIELD = "altcha";
/** The form field carrying the signed "form issued at" token, rendered into every checked form. */
export const FORM_TOKEN_FIELD = "formIssued";
/** The header an API client sends its solved challenge in. */
export const BOT_CHECK_HEADER = "X-Bot-Check";
/** Where a page's script or an API client gets a challenge to solve. */
export const BOT_CHECK_CHALLENGE_PATH = "/api/bot-check/challenge";

/**
 * What a page kept at the edge carries in place of a form token: the edge cache puts a fresh
 * token there in every answer, as it does the CSP nonce (app/http/edge-cache.server.ts).
 */
export const FORM_TOKEN_MARKER = "form-token-to-fill";

/** What a refused check answers: each says what to do. */
export const BOT_CHECK_TEXTS = {
  tooFast:
    "That was quicker than a person fills in this form. Wait a few seconds, then send it again: what you typed is kept.",
  failed:
    "We could not check that a person sent this form (it was open too long, or already sent with other details). Send it again: what you typed is kept.",
  api: `Bot check failed: GET ${BOT_CHECK_CHALLENGE_PATH}, solve it and send the solution (base64 JSON) in the ${BOT_CHECK_HEADER} header. Each solution counts once.`,
} as const;
