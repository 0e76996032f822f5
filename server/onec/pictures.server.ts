/**
 * The pictures 1C uploads with the catalogue (`import_files/…`): the goods of an import name
 * them, the import puts those into a shelf every server reads (the store), and the site serves
 * them at /1c-files/import_files/…. Only pictures: nothing else 1C or anyone put in the exchange's
 * folder is served, and nothing is served from that folder itself.
 */
import path from "node:path";
import type { CatalogueSink, OnecGood, PictureSink } from "./ports.server";
import { isPicture, safeName } from "./uploads.server";

export const PICTURES_PATH = "/1c-files";

/** 1C may send a changed picture under the same name at its next exchange. */
const CACHE_CONTROL = "public, max-age=3600";

const TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
};

/** The address a picture's path in the exchange folder is served at. */
export function pictureUrl(picture: string): string {
  return `${PICTURES_PATH}/${picture.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * The picture's key (its path as 1C names it, `/` between folders) and type, or undefined for
 * anything that is not a picture under `import_files/`.
 */
export function pictureKey(raw: string | null | undefined): { key: string; type: string } | undefined {
  const key = safeName(raw);
  const type = key ? TYPES[path.posix.extname(key).toLowerCase()] : undefined;
  return key && type && isPicture(key) ? { key, type } : undefined;
}

/** A stored picture as the site serves it. */
export interface ShelvedPicture {
  contentType: string;
  /** Quoted, as the ETag header carries it. */
  etag: string;
  data: Uint8Array;
}

/** Where the served pictures are read from (the store). */
export interface PictureShelf {
  /** Its ETag alone, so a browser's copy is confirmed without reading the bytes. */
  etagOf(key: string): Promise<string | undefined>;
  get(key: string): Promise<ShelvedPicture | undefined>;
}

/** Whether an If-None-Match header names this ETag (weak or strong, or `*`). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

/** The picture at `splat` (the path after /1c-files/), or undefined when there is none. */
export async function pictureResponse(
  shelf: PictureShelf,
  splat: string | undefined,
  ifNoneMatch: string | null = null,
): Promise<Response | undefined> {
  const picture = pictureKey(splat);
  if (!picture) return undefined;
  if (ifNoneMatch) {
    const etag = await shelf.etagOf(picture.key);
    if (etag === undefined) return undefined;
    if (matches(ifNoneMatch, etag))
      return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": CACHE_CONTROL } });
  }
  const found = await shelf.get(picture.key);
  if (!found) return undefined;
  // A Buffer read from the store: its memory is a plain ArrayBuffer.
  return new Response(found.data as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": found.contentType,
      "Content-Length": String(found.data.byteLength),
      ETag: found.etag,
      "Cache-Control": CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The pictures a batch of goods names, with the files they are in this server's `filesDir`. */
function namedPictures(goods: readonly OnecGood[], filesDir: string) {
  const seen = new Set<string>();
  const named: { key: string; type: string; file: string }[] = [];
  for (const good of goods) {
    if (good.deleted) continue;
    for (const raw of good.pictures) {
      const picture = pictureKey(raw);
      if (!picture || seen.has(picture.key)) continue;
      seen.add(picture.key);
      named.push({ ...picture, file: path.join(filesDir, ...picture.key.split("/")) });
    }
  }
  return named;
}

/**
 * The catalogue sink with the goods' pictures put on the shelf as the goods arrive (before the
 * commit, so a new part's page never shows a missing picture), and, after a full file's commit,
 * the pictures no full file of that exchange named taken off.
 */
export function withPictures(sink: CatalogueSink, pictures: PictureSink, filesDir: string): CatalogueSink {
  return {
    beginOffers: (file) => sink.beginOffers(file),
    async beginCatalogue(file) {
      const batch = await sink.beginCatalogue(file);
      return {
        async add(goods) {
          const named = namedPictures(goods, filesDir);
          if (named.length > 0) await pictures.keep(named, file);
          await batch.add(goods);
        },
        async commit() {
          await batch.commit();
          if (!file.onlyChanges) await pictures.prune(file.exchange);
        },
        abort: () => batch.abort(),
      };
    },
  };
}
