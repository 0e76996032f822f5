/**
 * The cookie banner's flag in localStorage; it is also kept in a cookie (app/lib/cookies.ts) so
 * the server stops rendering the banner.
 */
export const COOKIE_CONSENT_STORAGE_KEY = "cookieAccepted";

/**
 * The edition of the project's own privacy policy and consent texts: a template written for a
 * dealer, which `npm run go-live` asks to have checked while either text still carries its date.
 */
export const LEGAL_TEMPLATE_EDITION = "2026-11-01";

/** The date of the privacy policy's current edition (on /privacy). */
export const POLICY_VERSION = "2026-11-01";

/** The version of the consent text (on /privacy) recorded with every consent given through a form. */
export const CONSENT_TEXT_VERSION = "2026-11-01";

/**
 * The consent text with DaData named as a processor (when the company register is on) is a text
 * of its own: its version says so, and every consent records the text the visitor was shown.
 */
export function consentTextVersion(companyLookup: boolean): string {
  return companyLookup ? `${CONSENT_TEXT_VERSION}-dadata` : CONSENT_TEXT_VERSION;
}
