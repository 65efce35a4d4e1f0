import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { FingerprintPattern } from "lucide-react";
import { useEffect, useState } from "react";
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
} from "./webauthn.client";

/**
 * Passkeys need JavaScript and a browser with WebAuthn: until both are known to be there this
 * is false, so no passkey button is ever shown that cannot work (no dead buttons without JS).
 */
export function useWebAuthn() {
  const [supported, setSupported] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  return supported;
}

/** The message for a ceremony the browser ended, or null when there is nothing to say. */
export function passkeyPromptFailure(error: unknown): string | null {
  const code = (error as { code?: string } | null)?.code;
  // Another request replaced this one (a button press ends the autofill request): not a failure.
  if (code === "ERROR_CEREMONY_ABORTED") return null;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "This passkey is already registered.";
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "AbortError")
    return "The passkey prompt was closed or timed out. Please try again.";
  return "Your browser could not use a passkey here. Please try again.";
}

/** POSTs JSON to one of the /api/auth/passkeys endpoints (same origin, the session cookie). */
export async function passkeyApi<T>(path: string, body: object = {}): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const json = (await response.json().catch(() => null)) as { success?: boolean; data?: T; error?: string } | null;
  if (!response.ok || !json?.success || json.data === undefined) {
    throw new Error(json?.error ?? "The request failed. Please check your connection and try again.");
  }
  return json.data;
}

/**
 * The passkey answer a form posted: the page's script puts the browser's answer in one field as
 * JSON. Anything that is not JSON is null, which the schemas refuse as they refuse no answer.
 */
export function postedCredential(value: FormDataEntryValue | null | undefined): unknown {
  try {
    return JSON.parse(String(value ?? ""));
  } catch {
    return null;
  }
}

export const createPasskey = (optionsJSON: PublicKeyCredentialCreationOptionsJSON) =>
  startRegistration({ optionsJSON });
export const answerWithPasskey = (optionsJSON: PublicKeyCredentialRequestOptionsJSON, autofill = false) =>
  startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
export type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON };
export { browserSupportsWebAuthnAutofill };

export function PasskeyButton({
  onClick,
  busy,
  children,
  testId,
}: {
  onClick: () => void;
  busy: boolean;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <button type="button" className="btn-secondary w-full" onClick={onClick} disabled={busy} data-testid={testId}>
      <FingerprintPattern aria-hidden className="size-4" />
      {busy ? "Waiting for your passkey..." : children}
    </button>
  );
}
