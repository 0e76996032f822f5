import { sitePath, type SitePath } from "./site-path";

/**
 * Only same-site paths are followed: an absolute, protocol-relative or script URL falls
 * back, so a crafted link can never send a visitor off the site (no open redirect). The path is
 * judged after dot segments are resolved too: '/.//evil.example' is '//evil.example'.
 */
export function safeRedirectPath(to: unknown, fallback: SitePath = "/"): SitePath {
  if (typeof to !== "string") return fallback;
  const value = to.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\p{Cc}\\]/u.test(value) || value.length > 2000) return fallback;
  try {
    const url = new URL(value, "http://site.invalid");
    if (url.origin !== "http://site.invalid" || url.pathname.startsWith("//")) return fallback;
    return sitePath(url.pathname, url.search + url.hash);
  } catch {
    return fallback;
  }
}
