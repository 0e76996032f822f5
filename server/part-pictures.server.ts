/**
 * The parts' pictures as the site serves them (app/lib/part-picture.ts): which paths name a file
 * of public/, and the resolver the catalogue worker applies to every picture of a new catalogue.
 */
import fs from "node:fs";
import path from "node:path";
import { pictureAddress } from "~/lib/part-picture";

/** Where the catalogue's relative pictures are resolved: the parts list's address and the site's public/. */
export interface PictureBase {
  partsUrl: string;
  publicDir: string;
}

/** Whether a decoded path ('/images/x.webp') names a file under `publicDir`, each path looked up once. */
export function siteFileCheck(publicDir: string): (file: string) => boolean {
  const found = new Map<string, boolean>();
  const root = path.resolve(publicDir);
  return (file) => {
    let there = found.get(file);
    if (there === undefined) {
      const full = path.join(root, file);
      // '/../x' stays a path of the parts API: nothing outside public/ is the site's.
      there = full.startsWith(root + path.sep) && fs.statSync(full, { throwIfNoEntry: false })?.isFile() === true;
      found.set(file, there);
    }
    return there;
  };
}

/** The picture resolver of a catalogue read from `base.partsUrl`: each distinct picture resolved once. */
export function pictureResolver(base: PictureBase): (image: string) => string {
  const isSiteFile = siteFileCheck(base.publicDir);
  const resolved = new Map<string, string>();
  return (image) => {
    let address = resolved.get(image);
    if (address === undefined) resolved.set(image, (address = pictureAddress(image, base.partsUrl, isSiteFile)));
    return address;
  };
}
