/** The cookie banner's flag: a cookie (so the server stops rendering the banner) and the localStorage flag. */
export const COOKIE_CONSENT_NAME = "cookie_consent";
export const COOKIE_CONSENT_STORAGE_KEY = "cookieAccepted";

export function consentCookie(secure: boolean): string {
  return [`${COOKIE_CONSENT_NAME}=1`, "Path=/", "Max-Age=31536000", "SameSite=Lax", secure ? "Secure" : ""].filter(Boolean).join("; ");
}

/** The version of the consent text (on /privacy) recorded with every consent given through a form. */
export const CONSENT_TEXT_VERSION = "2026-11-01";
