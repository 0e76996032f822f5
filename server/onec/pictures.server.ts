/**
 * The pictures 1C uploads with the catalogue (`import_files/…`), served by the site at
 * /1c-files/import_files/… from the exchange's folder. Only pictures: nothing else 1C or anyone
 * put in that folder is served.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isPicture, safeName } from "./uploads.server";

export const PICTURES_PATH = "/1c-files";

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

/** The picture at `splat` (the path after /1c-files/), or undefined when there is none. */
export async function pictureResponse(filesDir: string, splat: string | undefined): Promise<Response | undefined> {
  const name = safeName(splat);
  const type = name ? TYPES[path.extname(name).toLowerCase()] : undefined;
  if (!name || !type || !isPicture(name)) return undefined;
  const file = path.join(filesDir, ...name.split("/"));
  const stat = await fsp.stat(file).catch(() => undefined);
  if (!stat?.isFile()) return undefined;
  return new Response(createReadableStreamFromReadable(fs.createReadStream(file)), {
    headers: {
      "Content-Type": type,
      "Content-Length": String(stat.size),
      // 1C may send a changed picture under the same name at its next exchange.
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
