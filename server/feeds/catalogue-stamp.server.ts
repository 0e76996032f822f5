/**
 * What the catalogue's downloads (the Yandex feed, the price list) are validated by: one stamp per
 * catalogue snapshot. The snapshot's version grows with every new upstream content but starts again
 * at each server start, so the ETag also carries the time the stamp was taken: a restart gives new
 * tags, never an old tag for another catalogue.
 */
import type { CatalogueSnapshot } from "~/lib/catalogue-snapshot";
import type { PartsGateway } from "../parts-gateway.server";

export interface CatalogueStamp {
  version: number;
  /** When the parts API last gave this catalogue, whole seconds (HTTP dates have no finer unit). */
  lastModified: Date;
  /** A weak validator: the same catalogue may be sent compressed or not. */
  etag: string;
}

const stamps = new WeakMap<CatalogueSnapshot, CatalogueStamp>();

/** The stamp of `snapshot`, taken the first time it is asked for; `fetchedAt` (ms) is when the parts API gave it. */
export function catalogueStamp(snapshot: CatalogueSnapshot, fetchedAt: number | undefined): CatalogueStamp {
  let stamp = stamps.get(snapshot);
  if (!stamp) {
    const seconds = Math.floor(Math.min(fetchedAt ?? Date.now(), Date.now()) / 1000);
    stamp = {
      version: snapshot.version,
      lastModified: new Date(seconds * 1000),
      etag: `W/"catalogue-${snapshot.version}-${seconds.toString(36)}"`,
    };
    stamps.set(snapshot, stamp);
  }
  return stamp;
}

/**
 * The catalogue a download is made from, with its stamp; without a catalogue (the parts API down
 * and nothing kept), the download answers 503 and asks to come back in a minute.
 */
export async function stampedCatalogue(
  parts: Pick<PartsGateway, "getCatalogue" | "current">,
): Promise<{ snapshot: CatalogueSnapshot; stamp: CatalogueStamp }> {
  const snapshot = await parts.getCatalogue().catch(() => undefined);
  if (!snapshot) {
    // The price list is a visitor's download (the link on /catalog/parts): in Russian.
    throw new Response("Каталог запчастей сейчас недоступен. Попробуйте скачать файл через минуту.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60", "Cache-Control": "no-store" },
    });
  }
  return { snapshot, stamp: catalogueStamp(snapshot, parts.current()?.fetchedAt) };
}

/**
 * Whether the client's copy is current (RFC 9110 §13.2.2): If-None-Match decides when present;
 * otherwise If-Modified-Since at or after the catalogue's time.
 */
export function isNotModified(request: Request, stamp: CatalogueStamp): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    // Weak comparison: W/"x" and "x" name the same version.
    const bare = stamp.etag.replace(/^W\//, "");
    return ifNoneMatch.split(",").some((tag) => {
      const t = tag.trim();
      return t === "*" || t.replace(/^W\//, "") === bare;
    });
  }
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return Number.isFinite(since) && stamp.lastModified.getTime() <= since;
}

/** The validators and the cache rule of a catalogue download: any cache may keep it, but asks before reuse. */
export function stampHeaders(stamp: CatalogueStamp): Record<string, string> {
  return {
    ETag: stamp.etag,
    "Last-Modified": stamp.lastModified.toUTCString(),
    "Cache-Control": "public, no-cache",
  };
}

/** The answer to a request whose copy is current. */
export function notModified(stamp: CatalogueStamp): Response {
  return new Response(null, { status: 304, headers: stampHeaders(stamp) });
}
