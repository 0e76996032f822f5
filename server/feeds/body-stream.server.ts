/**
 * A long download as a response body that is written a chunk at a time, never held whole.
 *
 * Remix 2's Express adapter copies a body stream to the response without waiting for 'drain'
 * (`writeReadableStreamToWritable` ignores `write()` returning false; React Router 7's adapter
 * waits). A body made as fast as it is read would then pile up in the response, or in the gzip
 * stream of the compression middleware, for as long as the client or the compressor is slower.
 * So the server hands each request a `responseWritable` wait in the load context: after a write
 * the response refused, it settles on the response's next 'drain' (the compression middleware
 * routes 'drain' to its gzip/brotli stream, so the compressor's backlog counts too) or on its
 * close. The body stream asks it before every chunk, and between chunks the event loop is free.
 */
import type { Response as ExpressResponse } from "express";
import { setImmediate as nextTurn } from "node:timers/promises";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Settles once the response can take more (see server/feeds/body-stream.server.ts). */
    responseWritable?: () => Promise<void>;
  }
}

/**
 * The wait for `res` (see above). Nothing changes on the response until the first call, which a
 * streamed body makes before its first write; pages that never call it are untouched.
 */
export function responseWritable(res: ExpressResponse): () => Promise<void> {
  let installed = false;
  let full = false;
  let closed = false;
  let wake: (() => void) | undefined;
  const settle = () => {
    full = false;
    wake?.();
    wake = undefined;
  };
  function install() {
    installed = true;
    const write = res.write;
    res.write = function (this: ExpressResponse, ...args: Parameters<ExpressResponse["write"]>) {
      const accepted = (write as (...a: typeof args) => boolean).apply(this, args);
      if (!accepted) full = true;
      return accepted;
    } as ExpressResponse["write"];
    // One listener each for the whole response: the compression middleware moves 'drain' listeners
    // to its stream, where a `once` wrapper could not remove itself.
    res.on("drain", settle);
    res.on("close", () => {
      closed = true;
      settle();
    });
  }
  return () => {
    if (!installed) install();
    if (!full || closed) return Promise.resolve();
    return new Promise<void>((resolve) => (wake = resolve));
  };
}

export interface ChunkedBodyOptions {
  /** The request's signal: a client that leaves stops the making of the rest. */
  signal: AbortSignal;
  /** The response's wait (the load context's `responseWritable`); absent, chunks are only spaced by the event loop. */
  writable?: () => Promise<void>;
}

const encoder = new TextEncoder();

/**
 * The body that sends `chunks` one by one: each is made when the previous one has been taken by
 * the response, with a turn of the event loop in between, so other requests are answered meanwhile.
 */
export function chunkedBody(
  chunks: AsyncIterable<string | Uint8Array>,
  { signal, writable }: ChunkedBodyOptions,
): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const stop = () => void iterator.return?.().catch(() => {});
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await writable?.();
        await nextTurn();
        if (signal.aborted) {
          stop();
          controller.close();
          return;
        }
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(typeof value === "string" ? encoder.encode(value) : value);
      },
      cancel: stop,
    },
    // Nothing is made ahead of the reader: a HEAD request, which never reads the body, costs nothing.
    { highWaterMark: 0 },
  );
}
