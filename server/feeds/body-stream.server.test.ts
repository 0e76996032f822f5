import http from "node:http";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { chunkedBody, responseWritable } from "./body-stream.server";

const CHUNK = 64 * 1024;
const CHUNKS = 400; // 25.6 MB offered: more than the 16 MB a client that stops reading may leave made

/**
 * Chunks of text that do not compress away (gzip would otherwise shrink the backlog to nothing):
 * random, and each 64 KB, more than gzip's 32 KB window, so repeating them gains nothing.
 */
const POOL = Array.from({ length: 4 }, () => {
  let text = "";
  while (text.length < CHUNK) text += Math.random().toString(36).slice(2);
  return text.slice(0, CHUNK);
});

interface Made {
  count: number;
  stopped: boolean;
}

async function* offered(made: Made) {
  try {
    for (let i = 0; i < CHUNKS; i++) {
      made.count++;
      yield POOL[i % POOL.length];
    }
  } finally {
    made.stopped = true;
  }
}

let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** A server that sends the body the way Remix's Express adapter does: its write loop, behind the compression middleware. */
async function serve(made: Made) {
  const app = express();
  app.use(compression());
  app.get("/feed", (req, res) => {
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const body = chunkedBody(offered(made), { signal: controller.signal, writable: responseWritable(res) });
    res.setHeader("Content-Type", "application/xml");
    void writeReadableStreamToWritable(body, res).catch(() => {});
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/feed`;
}

describe("a streamed body", () => {
  it.each(["identity", "gzip"])(
    "is made only as fast as a client that stops reading takes it (%s)",
    async (encoding) => {
      const made = { count: 0, stopped: false };
      const url = await serve(made);
      const response = await new Promise<http.IncomingMessage>((resolve) =>
        http.get(url, { headers: { "Accept-Encoding": encoding } }, resolve),
      );
      expect(response.headers["content-encoding"] ?? "identity").toBe(encoding);
      response.pause();
      await new Promise((r) => setTimeout(r, 1_000));
      // What the socket buffers hold, and no more: a few megabytes of the 64 offered.
      expect(made.count).toBeGreaterThan(0);
      expect(made.count * CHUNK).toBeLessThan(16 * 1024 * 1024);

      // Read on: the whole body arrives, then the client leaves early on a second request.
      response.resume();
      let bytes = 0;
      if (encoding === "identity") {
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        await new Promise((resolve) => response.on("end", resolve));
        expect(bytes).toBe(CHUNKS * CHUNK);
      } else {
        await new Promise((resolve) => response.on("end", resolve));
      }
      expect(made.count).toBe(CHUNKS);
    },
    60_000,
  );

  it("stops making chunks once the client is gone", async () => {
    const made = { count: 0, stopped: false };
    const url = await serve(made);
    const request = http.get(url, (response) => {
      response.once("data", () => request.destroy());
    });
    request.on("error", () => {});
    await expect.poll(() => made.stopped, { timeout: 10_000 }).toBe(true);
    expect(made.count).toBeLessThan(CHUNKS / 4);
  });
});
