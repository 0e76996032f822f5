/**
 * The parts API as `npm run go-live` sees it: one `GET {PARTS_API_URL}/parts`, read and judged
 * the way the server reads it (the same byte cap, deadline and parsing, so 'malformed' here is
 * what the server would refuse), reported as the number of parts and groups or the reason it
 * would leave the catalogue empty.
 */
import path from "node:path";
import { parseCatalogue, type Part } from "~/lib/part";
import { pictureAddress, sitePath } from "~/lib/part-picture";
import { parseConfig } from "./config.server";
import { siteFileCheck } from "./part-pictures.server";
import { outcomeOf, readBody } from "./parts-gateway.server";

/** Where the catalogue's pictures are, as the pages and the feed show them. */
export interface PicturesSeen {
  /** Pictures that are no http(s) address at all (another scheme): each shows the placeholder. */
  missing: number;
  /** Hosts of pictures given as addresses that PARTS_IMAGE_ORIGINS does not name: the pages' policy blocks them. */
  blockedHosts: string[];
  /** Pictures on those hosts. */
  blocked: number;
  /** Pictures at plain http:// addresses, which pages served over https do not show. */
  insecure: number;
  /** Pictures given as paths of the parts API (no file of the site's public/): shown from its host. */
  fromApi: number;
  /** The first of them as the pages load it. */
  fromApiExample?: string;
}

export type PartsProbe =
  | {
      ok: true;
      url: string;
      parts: number;
      groups: number;
      dropped: number;
      pictures: PicturesSeen;
      /** How the first picture from the parts API's host answered: its HTTP status, or why none came. */
      fromApiAnswer?: string;
    }
  | { ok: false; url: string; reason: string };

/**
 * The parts' pictures as the site shows them (app/lib/part-picture.ts): a path naming a file of
 * public/ is the site's own; any other path is loaded from the parts API's host (`partsUrl`),
 * which the pages' policy allows; an address of another host shows only when PARTS_IMAGE_ORIGINS
 * names its origin.
 */
export function picturesSeen(
  parts: readonly Part[],
  allowed: readonly string[],
  partsUrl: string,
  publicDir = path.resolve("public"),
): PicturesSeen {
  const isSiteFile = siteFileCheck(publicDir);
  const apiOrigin = new URL(partsUrl).origin;
  const hosts = new Set<string>();
  const seen: PicturesSeen = { missing: 0, blockedHosts: [], blocked: 0, insecure: 0, fromApi: 0 };
  for (const part of parts)
    for (const image of part.images) {
      const address = pictureAddress(image, partsUrl, isSiteFile);
      const file = sitePath(image);
      if (address === image && file !== undefined && isSiteFile(file)) continue;
      let url: URL | undefined;
      try {
        // '//host/x.jpg' takes the page's scheme: https.
        url = new URL(address.startsWith("//") ? `https:${address}` : address);
      } catch {
        url = undefined;
      }
      if (address !== image) {
        seen.fromApi++;
        seen.fromApiExample ??= address;
      } else if (url?.protocol === "http:") seen.insecure++;
      else if (url?.protocol !== "https:") seen.missing++;
      else if (url.origin !== apiOrigin && !allowed.includes(url.origin)) {
        hosts.add(url.origin);
        seen.blocked++;
      }
    }
  return { ...seen, blockedHosts: [...hosts].sort() };
}

/** The message of a failed request with its cause (fetch says 'fetch failed', its cause says why). */
function described(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && cause !== error.message ? `${error.message}: ${cause}` : error.message;
}

/** How a picture's address answers a GET: 'HTTP 200 image/jpeg', or why it did not. */
async function pictureAnswer(address: string, fetchFn: typeof fetch): Promise<string> {
  try {
    const response = await fetchFn(address, { signal: AbortSignal.timeout(10_000) });
    void response.body?.cancel().catch(() => {});
    const type = response.headers.get("content-type")?.split(";")[0].trim();
    return `HTTP ${response.status}${type ? ` ${type}` : ""}`;
  } catch (error) {
    return `no answer: ${described(error)}`;
  }
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
    const pictures = picturesSeen(catalogue.parts, config.PARTS_IMAGE_ORIGINS, url);
    return {
      ok: true,
      url,
      parts: catalogue.parts.length,
      groups: catalogue.groups.length,
      dropped,
      pictures,
      // An https one is asked for, as a page would; a plain http one no page served over https shows.
      ...(pictures.fromApiExample?.startsWith("https:")
        ? { fromApiAnswer: await pictureAnswer(pictures.fromApiExample, fetchFn) }
        : {}),
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
