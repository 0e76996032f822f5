/**
 * Where a part's picture is loaded from, the same address for the pages and the feed. A parts API
 * gives pictures as full addresses ('https://cdn.example/1.jpg'), as paths of the site's own
 * files ('/images/parts/filter.webp', in public/), or as paths of its own host ('/img/123.jpg',
 * as 1C's web services and most shop engines do). The last are read as a browser reads a relative
 * link in the document it came in: against `{PARTS_API_URL}/parts`.
 */

/** The path of `image` without its query or fragment, decoded: the file it names under public/, if any. */
export function sitePath(image: string): string | undefined {
  if (!image.startsWith("/") || image.startsWith("//")) return undefined;
  try {
    return decodeURIComponent(image.split(/[?#]/)[0]);
  } catch {
    return undefined;
  }
}

/**
 * The address the site shows `image` at: a full address (or a '//host/…' one) as it is; a path
 * that names a file of the site (`isSiteFile`) as it is; any other relative path resolved against
 * `partsUrl` (the parts list's own address). What cannot be read as an http(s) address stays as
 * it is (and shows the placeholder).
 */
export function pictureAddress(image: string, partsUrl: string, isSiteFile: (path: string) => boolean): string {
  if (image.startsWith("//") || /^[a-z][a-z0-9+.-]*:/i.test(image)) return image;
  const file = sitePath(image);
  if (file !== undefined && isSiteFile(file)) return image;
  try {
    const url = new URL(image, partsUrl);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : image;
  } catch {
    return image;
  }
}

/** The origin pictures resolved against `partsUrl` come from (for the pages' image policy). */
export function partsPictureOrigin(partsApiUrl: string | undefined): string | undefined {
  if (!partsApiUrl) return undefined;
  try {
    return new URL(partsApiUrl).origin;
  } catch {
    return undefined;
  }
}
