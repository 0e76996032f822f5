/**
 * The parts API as `npm run go-live` sees it: one `GET {PARTS_API_URL}/parts`, read and judged
 * the way the server reads it (the same byte cap, deadline and parsing, so 'malformed' here is
 * what the server would refuse), reported as the number of parts and groups or the reason it
 * would leave the catalogue empty.
 */
import fs from "node:fs";
import path from "node:path";
import { parseCatalogue, type Part } from "~/lib/part";
import { parseConfig } from "./config.server";
import { outcomeOf, readBody } from "./parts-gateway.server";

/** Where the catalogue's pictures are, as the pages would show them. */
export interface PicturesSeen {
  /** Pictures given as paths that name no file under public/: each shows the placeholder. */
  missing: number;
  /** Hosts of pictures given as addresses that PARTS_IMAGE_ORIGINS does not name: the pages' policy blocks them. */
  blockedHosts: string[];
  /** Pictures on those hosts. */
  blocked: number;
  /** Pictures at plain http:// addresses, which pages served over https do not show. */
  insecure: number;
}

export type PartsProbe =
  | { ok: true; url: string; parts: number; groups: number; dropped: number; pictures: PicturesSeen }
  | { ok: false; url: string; reason: string };

/**
 * The parts' pictures as the site would show them: a path is a file of the site (public/), an
 * address of another host shows only when PARTS_IMAGE_ORIGINS names its origin.
 */
export function picturesSeen(
  parts: readonly Part[],
  allowed: readonly string[],
  publicDir = path.resolve("public"),
): PicturesSeen {
  const found = new Map<string, boolean>();
  const hosts = new Set<string>();
  let missing = 0;
  let blocked = 0;
  let insecure = 0;
  const fileThere = (image: string) => {
    let file: string;
    try {
      file = decodeURIComponent(image.split(/[?#]/)[0]);
    } catch {
      return false;
    }
    let there = found.get(file);
    if (there === undefined) found.set(file, (there = fs.existsSync(path.join(publicDir, file))));
    return there;
  };
  const addressOf = (image: string) => {
    try {
      // '//host/x.jpg' takes the page's scheme: https.
      return new URL(image.startsWith("//") ? `https:${image}` : image);
    } catch {
      return undefined;
    }
  };
  for (const part of parts)
    for (const image of part.images) {
      if (image.startsWith("/") && !image.startsWith("//")) {
        if (!fileThere(image)) missing++;
        continue;
      }
      // A path without its leading slash ('upload/x.jpg') is read from the page's own folder: no file of the site either.
      const url = addressOf(image);
      if (url?.protocol === "http:") insecure++;
      else if (url?.protocol !== "https:") missing++;
      else if (!allowed.includes(url.origin)) {
        hosts.add(url.origin);
        blocked++;
      }
    }
  return { missing, blockedHosts: [...hosts].sort(), blocked, insecure };
}

/** The message of a failed request with its cause (fetch says 'fetch failed', its cause says why). */
function described(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && cause !== error.message ? `${error.message}: ${cause}` : error.message;
}

/**
 * Reads the parts API once with the server's PARTS_TIMEOUT_MS and PARTS_MAX_BYTES (from `env`).
 * Never throws: a failure comes back as its reason.
 */
export async function probePartsApi(
  env: Record<string, string | undefined>,
  fetchFn: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<PartsProbe> {
  const config = parseConfig({
    PARTS_API_URL: env.PARTS_API_URL,
    PARTS_TIMEOUT_MS: env.PARTS_TIMEOUT_MS,
    PARTS_MAX_BYTES: env.PARTS_MAX_BYTES,
    PARTS_IMAGE_ORIGINS: env.PARTS_IMAGE_ORIGINS,
  });
  if (!config.PARTS_API_URL) throw new Error("PARTS_API_URL is not set");
  const url = `${config.PARTS_API_URL.replace(/\/+$/, "")}/parts`;
  let status: number | undefined;
  try {
    const signal = AbortSignal.timeout(config.PARTS_TIMEOUT_MS);
    const response = await fetchFn(url, { headers: { accept: "application/json" }, signal });
    status = response.status;
    if (!response.ok) {
      void response.body?.cancel().catch(() => {});
      return { ok: false, url, reason: `answered HTTP ${response.status}, not 200` };
    }
    const body = await readBody(response, config.PARTS_MAX_BYTES, signal);
    const catalogue = parseCatalogue(JSON.parse(new TextDecoder().decode(body.bytes)));
    const dropped = catalogue.dropped.length;
    if (catalogue.parts.length === 0) {
      return {
        ok: false,
        url,
        reason:
          dropped > 0 ? `malformed: every part is malformed (${dropped} left out)` : "empty: the list has no parts",
      };
    }
    return {
      ok: true,
      url,
      parts: catalogue.parts.length,
      groups: catalogue.groups.length,
      dropped,
      pictures: picturesSeen(catalogue.parts, config.PARTS_IMAGE_ORIGINS),
    };
  } catch (error) {
    const reason = {
      network: `unreachable: ${described(error)}`,
      timeout: `no answer within ${config.PARTS_TIMEOUT_MS} ms (PARTS_TIMEOUT_MS)`,
      http_error: `answered HTTP ${status}, not 200`,
      too_big: `too big: ${described(error)}`,
      invalid: `malformed: ${described(error)}`,
      ok: described(error),
    }[outcomeOf(error, status)];
    return { ok: false, url, reason };
  }
}
