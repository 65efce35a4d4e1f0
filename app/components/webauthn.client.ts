/*
 * The browser's side of a passkey ceremony (decision 066). A `.client` module: the Worker's
 * build gets an empty stand-in, so @simplewebauthn/browser is never in the Worker (decision
 * 082); its functions are only called from effects and click handlers, which run in the page.
 */
export {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
