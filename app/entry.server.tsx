import { Transform } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/utils/nonce-provider";
import {
  isSharedCacheable,
  matchesEtag,
  PRIVATE_NO_STORE,
  PUBLIC_HTML_CACHE,
  weakEtag,
} from "~server/http-cache.server";
import { errorMessage, log } from "~server/log.server";

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
 * The whole page as text, once every part of it has rendered (`onAllReady`): a lazily loaded form
 * the process has not loaded yet is waited for, so the page never carries a fallback. The render
 * stops when the visitor goes away (the request's signal) or after ABORT_DELAY.
 */
export function renderPage(
  element: JSX.Element,
  nonce: string,
  signal: AbortSignal,
  onError: (error: unknown) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady() {
        const body = stripTrailingNulls();
        const chunks: Buffer[] = [];
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          done();
          resolve(Buffer.concat(chunks).toString("utf8"));
        });
        pipe(body);
      },
      onShellError(error) {
        done();
        reject(error);
      },
      onError,
    });
    const onAbort = () => {
      done();
      abort(signal.reason);
      reject(signal.reason);
    };
    const timer = setTimeout(abort, ABORT_DELAY);
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Every page is sent whole, once rendered: a page a shared cache may keep gets an ETag of its
 * HTML (a 304 for a matching If-None-Match), and no loader defers data.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.nonce ?? "";
  let status = responseStatusCode;
  const html = await renderPage(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>,
    nonce,
    request.signal,
    (error) => {
      // A visitor who left is not a failure of the page.
      if (request.signal.aborted) return;
      status = 500;
      console.error(error);
    },
  );

  const cacheable = isSharedCacheable(request, status);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Cache-Control", cacheable ? PUBLIC_HTML_CACHE : PRIVATE_NO_STORE);
  if (!cacheable) return new Response(html, { status, headers: responseHeaders });
  // The same URL renders otherwise for a visitor with a cart or the cookie banner accepted: a cache
  // in front keeps this copy for requests without cookies only.
  responseHeaders.append("Vary", "Cookie");

  // The nonce differs per render; pages that differ only in it are the same page to a cache.
  const etag = weakEtag(nonce ? html.replaceAll(nonce, "") : html);
  responseHeaders.set("ETag", etag);
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: responseHeaders });
  }
  return new Response(html, { status, headers: responseHeaders });
}

/** Loader data for client-side navigation follows the same rule as the page. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (!response.headers.has("Cache-Control")) {
    response.headers.set(
      "Cache-Control",
      isSharedCacheable(request, response.status) ? PUBLIC_HTML_CACHE : PRIVATE_NO_STORE,
    );
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
