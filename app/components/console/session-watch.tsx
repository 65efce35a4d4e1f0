import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

/** Spec §9: re-check every 10 minutes, and 1 second after the tab becomes visible again. */
export const SESSION_RECHECK_MS = 10 * 60 * 1000; // 10 minutes
export const VISIBLE_RECHECK_DELAY_MS = 1000; // 1 second

const CHANNEL = "flowlane-admin-session";
const STORAGE_KEY = "flowlane-admin-logout";
export const SESSION_ENDED_URL = "/admin?session=ended";

/** Posts through this tab's own channel object, which (unlike a second one) does not hear itself. */
function announceLogout(channel: BroadcastChannel | null) {
  try {
    if (channel) channel.postMessage("logout");
    else {
      // Older browsers: a storage write fires `storage` events in the other tabs.
      localStorage.setItem(STORAGE_KEY, String(Date.now()));
    }
  } catch {
    // Private modes may refuse storage: the periodic check still catches the logout.
  }
}

/**
 * Keeps this tab honest about the cookie session (spec §7, adapted): when the server no longer
 * knows the session (expired, revoked by a password change, logged out in another tab), the
 * tab goes to the sign-in screen with the "session ended" message instead of showing stale data.
 */
export function SessionWatch({ adminId }: { adminId: string }) {
  const navigation = useNavigation();
  const channelRef = useRef<BroadcastChannel | null>(null);

  // Our own logout: once its action has run (the redirect is loading), tell the other tabs.
  useEffect(() => {
    if (navigation.state === "loading" && navigation.formAction?.endsWith("/admin/logout")) {
      announceLogout(channelRef.current);
    }
  }, [navigation.state, navigation.formAction]);

  useEffect(() => {
    let ended = false;
    let visibleTimer: ReturnType<typeof setTimeout> | undefined;

    async function check() {
      if (ended) return;
      try {
        const response = await fetch("/api/auth/session", {
          credentials: "same-origin",
          cache: "no-store",
          headers: { Accept: "application/json" },
        });
        if (!response.ok) return; // a server hiccup is not a sign-out
        const body = (await response.json()) as {
          data?: { authenticated?: boolean; user?: { id?: string; status?: string } | null };
        };
        const user = body.data?.user;
        if (!body.data?.authenticated || !user || user.status !== "active") {
          ended = true;
          window.location.assign(SESSION_ENDED_URL);
        } else if (user.id !== adminId) {
          // Another account signed in in another tab: show its console, not this one's data.
          ended = true;
          window.location.reload();
        }
      } catch {
        // Offline: the next check will tell.
      }
    }

    const onVisibility = () => {
      clearTimeout(visibleTimer);
      if (document.visibilityState === "visible") visibleTimer = setTimeout(check, VISIBLE_RECHECK_DELAY_MS);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) void check();
    };
    const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(CHANNEL) : null;
    channelRef.current = channel;
    const onMessage = (event: MessageEvent) => {
      if (event.data === "logout") void check();
    };

    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("storage", onStorage);
    channel?.addEventListener("message", onMessage);
    const interval = setInterval(check, SESSION_RECHECK_MS);
    return () => {
      clearTimeout(visibleTimer);
      clearInterval(interval);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("storage", onStorage);
      channel?.removeEventListener("message", onMessage);
      channel?.close();
      channelRef.current = null;
    };
  }, [adminId]);

  return null;
}
