import { createHash, createHmac, randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { BOT_CHECK_HEADER, FORM_TOKEN_FIELD } from "../../app/lib/bot-check";
import { localVars } from "../../scripts/local-vars";

/*
 * The bot check's proofs for the e2e suite (decision 080), made as a visitor's browser or a
 * script calling the API makes them, with the e2e server's key (its CODE_HMAC_SECRET, from
 * scripts/local-vars.ts). Nothing turns the check off: a form sent without JavaScript carries
 * its page's own token, re-signed here as issued a few seconds earlier — the test's clock saying
 * "the visitor opened this form 4 seconds ago" — and keeps its nonce, so a replay is still one.
 */

/** Same as MIN_FORM_MS (app/domain/verification/bot-check.server.ts), plus a second. */
export const PERSON_AGE_MS = 4_000;

const key = () => `${localVars("http://localhost").CODE_HMAC_SECRET}:bot-check`;
const hmacHex = (message: string) => createHmac("sha256", key()).update(message).digest("hex");

/** A form token issued `ageMs` ago, with this nonce (a fresh one if none). */
export function formTokenAged(ageMs = PERSON_AGE_MS, nonce = randomBytes(12).toString("base64url")) {
  const value = `${Date.now() - ageMs}.${nonce}`;
  return `${value}.${hmacHex(`form-issued:${value}`)}`;
}

/** The page's own token, as issued `ageMs` before now (its nonce kept); other values unchanged. */
export function agedFormToken(token: string, ageMs = PERSON_AGE_MS) {
  const [issued, nonce, signature, ...rest] = token.split(".");
  if (!issued || !nonce || !signature || rest.length) return token;
  return formTokenAged(ageMs, nonce);
}

/** A solved challenge for `X-Bot-Check`: the number is ours, the challenge signed with the server's key. */
export function solvedChallenge() {
  const number = 4242;
  const salt = `${randomBytes(12).toString("base64url")}?expires=${Math.floor(Date.now() / 1000) + 600}`;
  const challenge = createHash("sha256").update(`${salt}${number}`).digest("hex");
  return Buffer.from(
    JSON.stringify({ algorithm: "SHA-256", challenge, number, salt, signature: hmacHex(challenge) }),
  ).toString("base64");
}

/** The public forms the check guards (decision 080), by path. */
const CHECKED_FORMS = new Set([
  "/demo",
  "/pricing/contact-sales",
  "/free-trial",
  "/free-trial/verify",
  "/newsletter",
  "/admin",
  "/admin/login",
  "/admin/forgot-password",
  "/privacy/requests",
  "/privacy/withdraw",
]);

/**
 * A test's `request` as a script and a person make their posts: every /api POST with a solved
 * challenge, every form post to a checked form with a token issued a few seconds ago (unless the
 * test sends its own).
 */
export function withBotCheck(request: APIRequestContext) {
  const post = request.post.bind(request);
  request.post = (url, options = {}) => {
    const path = new URL(url, "http://localhost").pathname;
    if (path.startsWith("/api/")) {
      const headers = { ...options.headers };
      if (!Object.keys(headers).some((name) => name.toLowerCase() === BOT_CHECK_HEADER.toLowerCase())) {
        headers[BOT_CHECK_HEADER] = solvedChallenge();
      }
      return post(url, { ...options, headers });
    }
    const form = options.form;
    if (CHECKED_FORMS.has(path) && form && !(form instanceof FormData) && !(FORM_TOKEN_FIELD in form)) {
      return post(url, { ...options, form: { ...form, [FORM_TOKEN_FIELD]: formTokenAged() } });
    }
    return post(url, options);
  };
  return request;
}

/**
 * Without JavaScript, a person takes more than 3 seconds over a form; a test takes less. Each
 * form post of the page to a checked form leaves with its token re-signed as issued `ageMs`
 * earlier (the test's clock). `ageMs` 0 leaves the posts as they are (the too-fast journey).
 */
export async function formsOpenedEarlier(page: Page, ageMs = PERSON_AGE_MS) {
  if (ageMs <= 0) return;
  await page.route(
    (url) => CHECKED_FORMS.has(url.pathname),
    async (route) => {
      const request = route.request();
      const type = request.headers()["content-type"] ?? "";
      if (request.method() !== "POST" || !type.startsWith("application/x-www-form-urlencoded")) {
        return route.fallback();
      }
      const fields = new URLSearchParams(request.postData() ?? "");
      const token = fields.get(FORM_TOKEN_FIELD);
      if (!token) return route.fallback();
      fields.set(FORM_TOKEN_FIELD, agedFormToken(token, ageMs));
      return route.fallback({ postData: fields.toString() });
    },
  );
}
