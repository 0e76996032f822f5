/** A path inside the site, as links take it: absolute, so its href needs no resolution. */
export type SitePath = `/${string}`;

/**
 * A router location's pathname as a site path: a location's pathname always starts with one
 * slash ('//host' would name another site).
 */
export function sitePath(pathname: string, search = ""): SitePath {
  if (!pathname.startsWith("/") || pathname.startsWith("//")) throw new Error(`not a site path: ${pathname}`);
  return `${pathname as SitePath}${search}`;
}

/**
 * Whether the link `to` is the page shown or a section above it: React Router's `<NavLink>` rule
 * (without `end`): paths only, so every query of a section marks it, and in any letter case, as
 * routes match.
 */
export function isCurrentPath(pathname: string, to: SitePath): boolean {
  const path = to.split(/[?#]/)[0].toLowerCase();
  const shown = pathname.toLowerCase();
  return shown === path || (path !== "/" && shown.startsWith(`${path}/`));
}
