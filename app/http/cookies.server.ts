import { parse } from "cookie-es";
import { type Cookie, createCookie } from "react-router";
import { SESSION_LIMITS } from "~/domain/accounts/sessions.server";
import { CHALLENGE } from "~/domain/accounts/two-factor.server";
import { codeSecret } from "~/domain/verification/secret.server";
import { isLocalHttp } from "~/lib/local-http";

/*
 * Every cookie the site sets, defined once (decision 032): name, prefix, attributes, lifetime
 * and signing. Reading and writing go through React Router's `createCookie`, whose parser is
 * `cookie-es`; the edge cache reads the Cookie header with the same parser.
 */

export function cookieName(request: Request, base: string) {
  return isLocalHttp(request) ? base : `__Host-${base}`;
}

/** The request's cookies by name (the parser `createCookie` uses: first of a name wins, values URI-decoded). */
export function requestCookies(request: Request): Record<string, string | undefined> {
  const header = request.headers.get("Cookie");
  return header ? parse(header) : {};
}

type CookieDefinition = {
  /** The name without its `__Host-` prefix. */
  base: string;
  /** Deployed name is `__Host-<base>` (which needs Path=/ and Secure). */
  hostPrefix: boolean;
  /** Lifetime, in seconds. */
  maxAge: number;
  /** Path on plain-http localhost, where there is no prefix; deployed it is always `/`. */
  localPath?: string;
  /** Signed with the code secret plus this purpose suffix; unsigned when absent. */
  signedFor?: string;
};

export type SiteCookie = ReturnType<typeof defineCookie>;

function defineCookie(definition: CookieDefinition) {
  const name = (request: Request) => (definition.hostPrefix ? cookieName(request, definition.base) : definition.base);

  /** React Router's cookie for this request (name and attributes depend on http localhost). */
  function cookie(request: Request): Cookie {
    const local = isLocalHttp(request);
    return createCookie(name(request), {
      path: local ? (definition.localPath ?? "/") : "/",
      httpOnly: true,
      sameSite: "lax",
      secure: !local,
      maxAge: definition.maxAge,
      secrets: definition.signedFor ? [`${codeSecret(local)}:${definition.signedFor}`] : [],
    });
  }

  return {
    base: definition.base,
    maxAge: definition.maxAge,
    name,
    cookie,
    /** Whether the request carries the cookie at all (no decoding, no signature check). */
    has: (request: Request) => requestCookies(request)[name(request)] !== undefined,
    /** The string value, or null: absent, empty, altered (signed cookies) or not a string. */
    async read(request: Request): Promise<string | null> {
      const value = await cookie(request).parse(request.headers.get("Cookie"));
      return typeof value === "string" && value ? value : null;
    },
    serialize: (request: Request, value: string) => cookie(request).serialize(value),
    /** Tells the browser to drop it (same name and path, empty value, Max-Age=0). */
    clear: (request: Request) => cookie(request).serialize("", { maxAge: 0 }),
  };
}

/**
 * The admin's browser session: a random token, looked up by its hash in D1. Not signed: a
 * forged value finds no row, and sign-in must not depend on the code secret (decision 032).
 */
export const SESSION_COOKIE = defineCookie({
  base: "flowlane_session",
  hostPrefix: true,
  maxAge: SESSION_LIMITS.browser.absolute / 1000,
});

/** An API client's refresh token (rotated on use, looked up by hash); sent only to /api/auth locally. */
export const REFRESH_COOKIE = defineCookie({
  base: "flowlane_refresh",
  hostPrefix: true,
  maxAge: SESSION_LIMITS.refresh / 1000,
  localPath: "/api/auth",
});

/** Carries the sign-in challenge from the password step to the code step (looked up by hash). */
export const CHALLENGE_COOKIE = defineCookie({
  base: "flowlane_2fa",
  hostPrefix: true,
  maxAge: CHALLENGE.ttl / 1000,
});

/**
 * The D1 bookmark of the visitor's last write (decision 015). Not secret and not signed: the
 * D1 client checks its form before handing it to D1.
 */
export const BOOKMARK_COOKIE = defineCookie({
  base: "flowlane_bookmark",
  hostPrefix: true,
  maxAge: 300, // seconds: replication lag is seconds; an older bookmark says nothing useful
});

/** Which signup the trial code screen belongs to: the userId, signed (decision 024). */
export const TRIAL_COOKIE = defineCookie({
  base: "flowlane_trial",
  hostPrefix: true,
  maxAge: 24 * 60 * 60, // 1 day, in seconds
  signedFor: "trial-cookie",
});

/**
 * The trial signup's draft (decision 048): a random token whose SHA-256 finds the draft in D1.
 * Not signed: a forged value finds no row. Only /free-trial reads it, so the edge cache lets it
 * through (a cached marketing page does not depend on it).
 */
export const SIGNUP_DRAFT_COOKIE = defineCookie({
  base: "flowlane_signup",
  hostPrefix: true,
  maxAge: 24 * 60 * 60, // 1 day, in seconds: as long as the draft
});

/** Whether a cookie value has the form of `randomToken()` (32 bytes, base64url). */
export const isRawToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);

/**
 * remix-themes' session cookie (`{ theme }`). Signed so React Router does not warn about an
 * unsigned session cookie (production cannot start without `CODE_HMAC_SECRET`: the
 * configuration check). No prefix: the edge cache lets it through by this name.
 */
export const THEME_COOKIE = defineCookie({
  base: "flowlane_theme",
  hostPrefix: false,
  maxAge: 365 * 24 * 60 * 60, // 1 year, in seconds
  signedFor: "theme-cookie",
});

/**
 * Where the visitor came from (issue 26, decision 071): first and last touch as JSON, signed so a
 * forged or altered value is ignored. Set only on a landing that carries attribution (campaign
 * parameters, a click id, another site's referrer); a plain visit gets no cookie. Only lead
 * forms read it, so the edge cache lets it through (a cached page does not depend on it).
 */
export const ATTRIBUTION_COOKIE = defineCookie({
  base: "flowlane_attribution",
  hostPrefix: true,
  maxAge: 90 * 24 * 60 * 60, // 90 days, in seconds: the retention decision 071 gives a touch
  signedFor: "attribution-cookie",
});

/**
 * The way back after a missed demo (issue 27 item 7, decision 084): the token of the "sorry we
 * missed you" email's link, kept while the visitor picks a new time so the details step shows
 * their details. Not signed: a forged value finds no meeting. The edge cache does not let it
 * through, so /demo renders for its holder (the details it shows are theirs alone).
 */
export const REBOOK_COOKIE = defineCookie({
  base: "flowlane_rebook",
  hostPrefix: true,
  maxAge: 24 * 60 * 60, // 1 day, in seconds: time enough to choose another slot
});
