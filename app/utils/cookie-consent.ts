import { useEffect, useState } from "react";
import { COOKIE_CONSENT_STORAGE_KEY } from "~/lib/consent";
import { hasConsentCookie, serializeConsentCookie } from "~/lib/cookies";

/** Dispatched on window when the visitor accepts the cookie banner. */
const COOKIES_ACCEPTED_EVENT = "cookies-accepted";

/** The flag 'Принять' left in localStorage; storage can be blocked, and then the cookie alone counts. */
function storedAcceptance(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

/** Whether this browser has accepted the cookie banner: the cookie, or the flag in localStorage. */
export function hasAcceptedCookies(): boolean {
  return hasConsentCookie(document.cookie) || storedAcceptance();
}

/** Accepted earlier in this browser but the cookie is gone: puts the cookie back. Whether it was accepted. */
export function restoreAcceptedCookies(): boolean {
  if (!storedAcceptance()) return false;
  document.cookie = serializeConsentCookie();
  return true;
}

/** The banner's 'Принять' with JavaScript: both flags stored, and whoever waits for consent told. */
export function acceptCookies(): void {
  try {
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, "true");
  } catch {
    // Storage can be blocked; the cookie alone still works.
  }
  document.cookie = serializeConsentCookie();
  window.dispatchEvent(new Event(COOKIES_ACCEPTED_EVENT));
}

/**
 * Whether the visitor has accepted cookies: what the server saw in the request, then what this
 * browser knows, then the moment the banner is accepted.
 */
export function useCookieConsent(acceptedOnServer: boolean): boolean {
  const [accepted, setAccepted] = useState(acceptedOnServer);
  useEffect(() => {
    if (accepted) return;
    if (hasAcceptedCookies()) {
      setAccepted(true);
      return;
    }
    const onAccept = () => setAccepted(true);
    window.addEventListener(COOKIES_ACCEPTED_EVENT, onAccept);
    return () => window.removeEventListener(COOKIES_ACCEPTED_EVENT, onAccept);
  }, [accepted]);
  return accepted || acceptedOnServer;
}
