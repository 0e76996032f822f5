/**
 * The cookie banner's flag in localStorage; it is also kept in a cookie (app/lib/cookies.ts) so
 * the server stops rendering the banner.
 */
export const COOKIE_CONSENT_STORAGE_KEY = "cookieAccepted";

/** The version of the consent text (on /privacy) recorded with every consent given through a form. */
export const CONSENT_TEXT_VERSION = "2026-11-01";
