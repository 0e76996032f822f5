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
