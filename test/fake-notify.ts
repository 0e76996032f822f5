/**
 * A local stand-in for the notification service: records every request (headers, JSON or
 * multipart fields and files) and answers as the test tells it to.
 */
import http from "node:http";
import { listenOnLoopback } from "./server-process";

export interface ReceivedNotify {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  json?: { name: string; fields: { key: string; value: string }[] };
  multipart?: {
    name: string | null;
    fields: { key: string; value: string }[];
    files: { name: string; size: number; type: string; text: string }[];
  };
}

/**
 * ok: 200; fail: 500; hang: never answers; slow: answers 200 after `slowMs`; hangup: takes the
 * lead (it is in `received`) and drops the connection without an answer; flaky: hangs up on a
 * `flakyShare` of the requests at random and answers the others 200.
 */
export type NotifyMode = "ok" | "fail" | "hang" | "slow" | "hangup" | "flaky";

export interface FakeNotify {
  url: string;
  received: ReceivedNotify[];
  mode: NotifyMode;
  /** Delay of the "slow" mode. */
  slowMs: number;
  /** Requests that have arrived, answered or not (a "hang" leaves them in flight). */
  started: number;
  /** Share of the requests the "flaky" mode hangs up on after taking them. */
  flakyShare: number;
  /** Requests per Idempotency-Key that have arrived and are neither answered nor cut off. */
  inFlight: Map<string, number>;
  /**
   * Requests that arrived while another with the same Idempotency-Key was in flight (from its
   * arrival until its answer was sent or its connection closed): a lead sent twice at once.
   */
  overlaps: number;
  close(): Promise<void>;
}

/** A fake not listening yet: `startFakeNotify` fills in its url and close. */
export function newFakeNotify(): FakeNotify {
  return {
    url: "",
    received: [],
    mode: "ok",
    slowMs: 3000,
    started: 0,
    flakyShare: 1 / 3,
    inFlight: new Map(),
    overlaps: 0,
    close: async () => {},
  };
}

export async function startFakeNotify(state: FakeNotify = newFakeNotify()): Promise<FakeNotify> {
  const server = http.createServer(async (req, res) => {
    state.started++;
    const key = req.headers["idempotency-key"];
    if (typeof key === "string") {
      const now = (state.inFlight.get(key) ?? 0) + 1;
      state.inFlight.set(key, now);
      if (now > 1) state.overlaps++;
      // "close" comes once: after the answer went out, or when the connection was dropped first.
      res.on("close", () => state.inFlight.set(key, (state.inFlight.get(key) ?? 1) - 1));
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (state.mode === "hang") return; // never answers; the site's timeout must fire
    if (state.mode === "slow") {
      await new Promise((r) => setTimeout(r, state.slowMs));
      // The caller gave up (its timeout fired): nothing was delivered.
      if (req.socket.destroyed) return;
    }
    const url = new URL(req.url ?? "/", "http://x");
    const entry: ReceivedNotify = { path: url.pathname, query: url.searchParams, headers: req.headers };
    const type = req.headers["content-type"] ?? "";
    if (type.startsWith("multipart/")) {
      const form = await new Request("http://x", {
        method: "POST",
        headers: { "content-type": type },
        body,
      }).formData();
      const files = await Promise.all(
        (form.getAll("files") as File[]).map(async (f) => ({
          name: f.name,
          size: f.size,
          type: f.type,
          text: f.size < 100_000 ? await f.text() : "",
        })),
      );
      entry.multipart = {
        name: form.get("name") as string | null,
        fields: form.getAll("fields[]").map((v) => JSON.parse(String(v))),
        files,
      };
    } else if (body.length) {
      entry.json = JSON.parse(body.toString("utf8"));
    }
    state.received.push(entry);
    if (state.mode === "hangup" || (state.mode === "flaky" && Math.random() < state.flakyShare)) {
      req.socket.destroy();
      return;
    }
    res.writeHead(state.mode === "fail" ? 500 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: state.mode !== "fail" }));
  });
  return Object.assign(state, await listenOnLoopback(server));
}
