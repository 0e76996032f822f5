/**
 * A link or picture as an absolute http(s) address: a path of the site ('/images/x.webp') on the
 * site's origin, an address of another host ('https://cdn.example/x.jpg', as a parts API may give
 * its pictures) as it is; anything else (not an address, another scheme) undefined.
 */
export function absoluteUrl(pathOrUrl: string, siteUrl: string): string | undefined {
  try {
    const url = new URL(pathOrUrl, `${siteUrl.replace(/\/+$/, "")}/`);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}
