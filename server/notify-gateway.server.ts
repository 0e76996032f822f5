/**
 * The one way out for leads and orders. Every lead is written to disk first; then it is
 * delivered to the notify service (or, with no service configured, kept locally). Whatever
 * cannot be delivered stays on disk as undelivered before the visitor sees the error, and
 * `resendUndelivered` sends it later.
 */
import fs from "node:fs";
import type { Config } from "./config.server";
import { createLeadStore, newLeadId, type LeadRecord, type LeadStore, type NotifyField, type NotifyRequest, type StoredFile } from "./lead-store.server";
import { errorMessage, log } from "./log.server";

export type { NotifyField, NotifyRequest, StoredFile };

export interface DeliveryResult {
  ok: boolean;
  id: string;
  status: LeadRecord["status"];
}

export interface NotifyGateway {
  store: LeadStore;
  /** Deliver a JSON notification (calls 2 and 4). */
  sendJson(form: string, body: { name: string; fields: NotifyField[] }): Promise<DeliveryResult>;
  /** Deliver a multipart notification (call 3) whose files were already written into the reserved lead folder. */
  sendMultipart(form: string, id: string, payload: { name: string; fields: NotifyField[]; files: StoredFile[] }): Promise<DeliveryResult>;
  resendUndelivered(): Promise<{ delivered: number; failed: number }>;
}

type NotifyConfig = Pick<Config, "NOTIFY_API_URL" | "NOTIFY_API_KEY" | "NOTIFY_API_KEY_HEADER" | "NOTIFY_TIMEOUT_MS" | "dataDir">;

export function createNotifyGateway(config: NotifyConfig, options: { fetch?: typeof fetch; store?: LeadStore } = {}): NotifyGateway {
  const store = options.store ?? createLeadStore(config.dataDir);
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function buildRequest(record: LeadRecord): Promise<{ url: string; init: RequestInit }> {
    const base = `${config.NOTIFY_API_URL}/v1/notify`;
    const headers: Record<string, string> = { [config.NOTIFY_API_KEY_HEADER]: config.NOTIFY_API_KEY ?? "" };
    const req = record.request;
    if (req.kind === "json") {
      headers["Content-Type"] = "application/json";
      return { url: base, init: { method: "POST", headers, body: JSON.stringify(req.body) } };
    }
    const form = new FormData();
    form.append("name", req.name);
    for (const field of req.fields) form.append("fields[]", JSON.stringify(field));
    for (const file of req.files) {
      // A Blob backed by the file on disk: undici streams it, nothing is read into memory whole.
      const blob = await openAsBlob(store.filePath(record, file), file.type);
      form.append("files", blob, file.name);
    }
    return { url: `${base}?images=true`, init: { method: "POST", headers, body: form } };
  }

  async function attempt(record: LeadRecord): Promise<LeadRecord> {
    const started = Date.now();
    const at = new Date().toISOString();
    try {
      const { url, init } = await buildRequest(record);
      // `redirect: "error"` with no window: otherwise fetch clones the request before sending
      // (Fetch spec, HTTP-network-or-cache fetch), and the clone's tee keeps a whole copy of an
      // upload in memory while it is sent. The notify service answers success or failure, never a redirect.
      const res = await doFetch(url, { ...init, redirect: "error", window: null, signal: AbortSignal.timeout(config.NOTIFY_TIMEOUT_MS) });
      // Only success or failure matters (spec §7); drain the body so the socket is reused.
      await res.arrayBuffer().catch(() => undefined);
      log.info("notify", { lead: record.id, form: record.form, status: res.status, ms: Date.now() - started });
      if (!res.ok) throw new Error(`notify answered ${res.status}`);
      return { ...record, status: "delivered", attempts: [...record.attempts, { at, ok: true }] };
    } catch (error) {
      const message = errorMessage(error);
      log.warn("notify failed, lead kept on disk", { lead: record.id, form: record.form, error: message, ms: Date.now() - started });
      return { ...record, status: "undelivered", attempts: [...record.attempts, { at, ok: false, error: message }] };
    }
  }

  async function deliver(record: LeadRecord): Promise<DeliveryResult> {
    // Written before anything is sent: a crash or a stop mid-request cannot lose it.
    await store.save(record);
    if (!config.NOTIFY_API_URL) {
      const kept = { ...record, status: "kept" as const };
      await store.save(kept);
      log.info("lead stored locally", { lead: record.id, form: record.form });
      return { ok: true, id: record.id, status: kept.status };
    }
    const done = await attempt(record);
    await store.save(done);
    return { ok: done.status === "delivered", id: record.id, status: done.status };
  }

  return {
    store,
    sendJson(form, body) {
      return deliver({ id: newLeadId(), form, createdAt: new Date().toISOString(), status: "pending", request: { kind: "json", body }, attempts: [] });
    },
    sendMultipart(form, id, payload) {
      return deliver({ id, form, createdAt: new Date().toISOString(), status: "pending", request: { kind: "multipart", ...payload }, attempts: [] });
    },
    async resendUndelivered() {
      let delivered = 0;
      let failed = 0;
      if (!config.NOTIFY_API_URL) return { delivered, failed };
      // Pending leads are those a stopped server never finished; they are sent too, once they
      // are old enough not to be in flight in a running server.
      const inFlightCutoff = Date.now() - 60_000;
      for (const record of await store.list(["undelivered", "pending"])) {
        if (record.status === "pending" && Date.parse(record.createdAt) > inFlightCutoff) continue;
        const done = await attempt(record);
        await store.save(done);
        if (done.status === "delivered") delivered++;
        else failed++;
      }
      return { delivered, failed };
    },
  };
}

function openAsBlob(file: string, type: string): Promise<Blob> {
  // The Blob reads the file lazily (Node ≥ 19.8).
  return fs.openAsBlob(file, { type: type || "application/octet-stream" });
}
