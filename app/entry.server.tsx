import { Transform } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { isSharedCacheable, matchesEtag, pageCacheKey, PRIVATE_NO_STORE, PUBLIC_HTML_CACHE, weakEtag } from "~server/http-cache.server";
import { NONCE_SLOT, pageCache } from "~server/page-cache.server";
import { errorMessage, log } from "~server/log.server";
import { securityHeaders } from "~server/security-headers.server";

const ABORT_DELAY = 5_000;

/**
 * React 18's streaming renderer can end a chunk with up to three unused zero bytes when a
 * multi-byte character (all of our Cyrillic) does not fit its 2 KB buffer (react#24985, fixed
 * only in React 19). HTML never contains a NUL, so trailing zeros of a chunk are dropped.
 */
function stripTrailingNulls() {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let end = chunk.length;
      while (end > 0 && chunk.length - end < 3 && chunk[end - 1] === 0) end--;
      callback(null, end === chunk.length ? chunk : chunk.subarray(0, end));
    },
  });
}

/**
 * Pages a shared cache may keep are rendered whole, so they get an ETag and a 304 for a
 * matching If-None-Match; the rest stream as they render.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.nonce ?? "";
  const cacheable = isSharedCacheable(request, responseStatusCode);
  const whole = cacheable || isbot(request.headers.get("user-agent") ?? "");
  for (const [key, value] of Object.entries(securityHeaders(nonce, loadContext?.services?.config))) {
    responseHeaders.set(key, value);
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Cache-Control", cacheable ? PUBLIC_HTML_CACHE : PRIVATE_NO_STORE);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          if (whole) return;
          const body = stripTrailingNulls();
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onAllReady() {
          if (!whole) return;
          const body = stripTrailingNulls();
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            const html = Buffer.concat(chunks);
            if (cacheable) {
              // A nonce differs per response; the ETag and the page cache hold the page with a slot for it.
              const text = html.toString("utf8");
              const templated = nonce ? text.replaceAll(nonce, NONCE_SLOT) : text;
              const etag = weakEtag(templated);
              responseHeaders.set("ETag", etag);
              if (responseStatusCode < 500 && !responseHeaders.has("Set-Cookie")) {
                const headers = [...responseHeaders].map(([k, v]): [string, string] => [k, nonce ? v.replaceAll(nonce, NONCE_SLOT) : v]);
                pageCache.set(pageCacheKey(new URL(request.url)), { status: responseStatusCode, headers, body: templated, etag });
              }
              if (matchesEtag(request, etag)) {
                // The stored copy keeps its own policy: a 304's headers replace the stored ones, and
                // this response's nonce is not the one in the stored page.
                responseHeaders.delete("Content-Security-Policy");
                resolve(new Response(null, { status: 304, headers: responseHeaders }));
                return;
              }
            }
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/** Loader data for client-side navigation follows the same rule as the page. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (!response.headers.has("Cache-Control")) {
    response.headers.set("Cache-Control", isSharedCacheable(request, response.status) ? PUBLIC_HTML_CACHE : PRIVATE_NO_STORE);
  }
  return response;
};

/**
 * Remix hands every error here, including its own 4xx answers (a method a route has no action
 * for, a `_data` naming another route). Those are the visitor's mistake and are already in the
 * request log line; only real failures are logged, as one JSON line with the stack.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  log.error("unhandled error", {
    method: request.method,
    path: new URL(request.url).pathname,
    error: errorMessage(cause),
    stack: cause instanceof Error ? cause.stack : undefined,
  });
};
