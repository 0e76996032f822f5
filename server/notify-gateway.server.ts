/**
 * The one way out for leads and orders (docs/decisions/004, 009, 017). A lead is written to the
 * store first, with its files, its order, the order's e-mail and its consent, in one transaction,
 * claimed for its first attempt; then it is sent with `Idempotency-Key: {lead id}`, the same on
 * every attempt, and its outcome recorded under the claim. What is not delivered stays in the
 * store; the background retry (server/lead-retry.server.ts) and `npm run leads:resend` send it.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { htmlSafeFields, type OutgoingField } from "~/lib/notify-text";
import { orderNumberOf } from "~/lib/order-number";
import type { Config } from "./config.server";
import { issuedInvoice } from "./invoice.server";
import {
  isTaken,
  jsonRequest,
  leadRecordOf,
  newLeadId,
  unsent,
  type LeadRecord,
  type NotifyRequest,
  type OrderSummary,
  type StoredFile,
} from "./lead-record.server";
import { errorMessage, log } from "./log.server";
import { nothingTaken } from "./notify-outcome.server";
import type { StoreDb } from "./store/db.server";
import { isStoreDown } from "./store/health.server";
import { acceptLead, loadLead, loadLeadFiles, withdrawLead, type Acceptance } from "./store/leads.server";
import { claimOne, countByStatus, type OutboxRow } from "./store/outbox.server";
import { recordResult, sendPass, StoppedError, type AttemptResult, type PassReport } from "./store/sender.server";

export type { OutgoingField, StoredFile };

export interface DeliveryResult {
  ok: boolean;
  id: string;
  /** "not written": the store refused the lead (away, its disk full), so it was not sent either. */
  status: LeadRecord["status"] | "not written";
}

/** `due`: the background retry; `all`: `npm run leads:resend`; `kept`: with `--kept`, the kept ones too. */
export type RetryMode = "due" | "all" | "kept";

export type Consent = NonNullable<Acceptance["consent"]>;

export interface NotifyGateway {
  /** The lead or order `id`, as the store keeps it. */
  load(id: string): Promise<LeadRecord | undefined>;
  /** A new lead id and a folder its uploads are streamed to before the lead is written. */
  reserve(): Promise<{ id: string; dir: string }>;
  /** Removes a reserved folder (a refused upload, or its files once written to the store). */
  discard(id: string): Promise<void>;
  /** A JSON notification (calls 2 and 4); an order's lines, invoice and e-mail are written with it. */
  sendJson(
    form: string,
    body: { name: string; fields: OutgoingField[] },
    extra?: { order?: OrderSummary; id?: string; beforeSend?: () => Promise<unknown>; consent?: Consent },
  ): Promise<DeliveryResult>;
  /**
   * A lead form's notification (call 2). The same post again from the same visitor within 10
   * minutes (`repeat`, server/store/leads.server.ts), or the same fields as a lead of the form kept
   * since its send failed: that lead, answered with (and sent again if it failed), not a second one.
   */
  sendLead(
    form: string,
    body: { name: string; fields: OutgoingField[] },
    extra?: { repeat?: string; consent?: Consent },
  ): Promise<DeliveryResult>;
  /** An order form sent again, its id taken already (decision 009): see resend below. */
  resendJson(
    form: string,
    id: string,
    body: { name: string; fields: OutgoingField[] },
    extra?: { order?: OrderSummary },
  ): Promise<DeliveryResult>;
  /** Withdraws an unsent order as replaced by `by`, waiting for an attempt in flight; false when it is not unsent. */
  replace(id: string, by: string): Promise<boolean>;
  /** A multipart notification (call 3) whose files were streamed into the reserved folder. */
  sendMultipart(
    form: string,
    id: string,
    payload: { name: string; fields: OutgoingField[]; files: StoredFile[] },
    extra?: { repeat?: string; consent?: Consent },
  ): Promise<DeliveryResult>;
  /** One sending pass over the store (server/store/sender.server.ts). */
  retryPass(options: { mode: RetryMode; signal?: AbortSignal; now?: number }): Promise<PassReport>;
  /** Leads by state, and how many wait for a retry: the /metrics gauges. */
  counts(): Promise<{ counts: Record<LeadRecord["status"], number>; waiting: number }>;
}

/** How a call to an upstream ended, for the metrics. */
export type UpstreamOutcome = "ok" | "http_error" | "timeout" | "network" | "too_big" | "invalid";
export type UpstreamObserver = (outcome: UpstreamOutcome, seconds: number) => void;

type NotifyConfig = Pick<
  Config,
  | "NOTIFY_API_URL"
  | "NOTIFY_API_KEY"
  | "NOTIFY_API_KEY_HEADER"
  | "NOTIFY_TIMEOUT_MS"
  | "NOTIFY_RETRY_BASE_SECONDS"
  | "dataDir"
>;

const UNIQUE_VIOLATION = /^(23505|SQLITE_CONSTRAINT_PRIMARYKEY|SQLITE_CONSTRAINT_UNIQUE)$/;

export function createNotifyGateway(
  config: NotifyConfig,
  store: StoreDb,
  options: {
    fetch?: typeof fetch;
    onUpstream?: UpstreamObserver;
    /** The confirmation e-mail of an order, written with it (server/mail-outbox.server.ts). */
    mailOf?: (order: Pick<LeadRecord, "id" | "createdAt" | "form" | "order">) => unknown;
  } = {},
): NotifyGateway {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const baseMs = config.NOTIFY_RETRY_BASE_SECONDS * 1000;
  // A claim outlives any attempt (bounded by the timeout); one older was left by a killed server,
  // which then holds a lead no longer than this.
  const claimTtlMs = config.NOTIFY_TIMEOUT_MS + 10_000;
  const uploads = path.join(config.dataDir, "uploads");

  async function load(id: string): Promise<LeadRecord | undefined> {
    const row = await loadLead(store, id);
    if (!row) return undefined;
    const order = await store.db.selectFrom("orders").select("data").where("id", "=", id).executeTakeFirst();
    return leadRecordOf(row, order?.data);
  }

  async function buildRequest(row: OutboxRow<"leads">): Promise<{ url: string; init: RequestInit }> {
    const base = `${config.NOTIFY_API_URL}/v1/notify`;
    const headers: Record<string, string> = {
      [config.NOTIFY_API_KEY_HEADER]: config.NOTIFY_API_KEY ?? "",
      "Idempotency-Key": row.id,
    };
    const req = JSON.parse(row.request) as NotifyRequest;
    if (req.kind === "json") {
      headers["Content-Type"] = "application/json";
      return { url: base, init: { method: "POST", headers, body: JSON.stringify(req.body) } };
    }
    const form = new FormData();
    form.append("name", req.name);
    for (const field of req.fields) form.append("fields[]", JSON.stringify(field));
    for (const file of await loadLeadFiles(store, row.id))
      form.append(
        "files",
        new Blob([new Uint8Array(file.data)], { type: file.type || "application/octet-stream" }),
        file.name,
      );
    return { url: `${base}?images=true`, init: { method: "POST", headers, body: form } };
  }

  /** One attempt at a claimed lead. Throws StoppedError when `stop` fired first. */
  async function attempt(row: OutboxRow<"leads">, stop?: AbortSignal): Promise<AttemptResult> {
    const started = Date.now();
    let status: number | undefined;
    const timeout = AbortSignal.timeout(config.NOTIFY_TIMEOUT_MS);
    try {
      const { url, init } = await buildRequest(row);
      // `redirect: "error"` with no window: otherwise fetch clones the request before sending.
      const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
      const res = await doFetch(url, { ...init, redirect: "error", window: null, signal });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      log.info("notify", { lead: row.id, form: row.form, status: res.status, ms: Date.now() - started });
      if (!res.ok) throw new Error(`notify answered ${res.status}`);
      options.onUpstream?.("ok", (Date.now() - started) / 1000);
      return { ok: true };
    } catch (error) {
      if (stop?.aborted && !timeout.aborted) throw new StoppedError("stopping");
      const message = errorMessage(error);
      options.onUpstream?.(
        status !== undefined ? "http_error" : message === "timeout" ? "timeout" : "network",
        (Date.now() - started) / 1000,
      );
      log.warn("notify failed, lead kept in the store", { lead: row.id, form: row.form, error: message });
      return {
        ok: false,
        error: message,
        ...(status === undefined ? {} : { status }),
        ...(nothingTaken(status, error) ? { refused: true } : {}),
      };
    }
  }

  /** Attempts a lead this process has claimed and records the outcome; the visitor's answer. */
  async function sendClaimed(row: OutboxRow<"leads">): Promise<DeliveryResult> {
    const at = Date.now();
    const result = await attempt(row);
    try {
      const status = await recordResult(store, "leads", row, result, { at, baseMs });
      return { ok: status === "delivered", id: row.id, status };
    } catch (error) {
      // Not recorded: the claim expires and the retry sends it again under the same key.
      log.error("lead's outcome not written", { lead: row.id, error: errorMessage(error) });
      return { ok: result.ok, id: row.id, status: result.ok ? "delivered" : "undelivered" };
    }
  }

  async function deliver(
    lead: { id: string; form: string; request: NotifyRequest; files?: Acceptance["lead"]["files"] },
    extra: { order?: OrderSummary; beforeSend?: () => Promise<unknown>; consent?: Consent; repeat?: string } = {},
  ): Promise<DeliveryResult> {
    const createdAt = new Date().toISOString();
    const record = { id: lead.id, createdAt, form: lead.form, order: extra.order };
    let written: Awaited<ReturnType<typeof acceptLead>>;
    try {
      written = await acceptLead(store, {
        lead: { ...lead, replaces: extra.order?.replaces },
        ...(extra.order
          ? { order: { number: orderNumberOf(record), data: extra.order, invoice: issuedInvoice(record) } }
          : {}),
        mail: extra.order ? options.mailOf?.(record) : undefined,
        consent: extra.consent,
        repeat: extra.repeat,
        kept: !config.NOTIFY_API_URL,
        claimTtlMs,
        now: Date.parse(createdAt),
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // Its id is taken already: this order form's first send is written (two posts at once).
      if (typeof code === "string" && UNIQUE_VIOLATION.test(code) && (await load(lead.id).catch(() => undefined)))
        return resend(lead, extra.order);
      log.error("lead not written, not sent", { lead: lead.id, form: lead.form, error: errorMessage(error) });
      return { ok: false, id: lead.id, status: "not written" };
    }
    if (written.repeatOf) {
      log.info("the same post again, answered with its first lead", { lead: written.repeatOf, form: lead.form });
      // Gone already: delivered, and pruned at once (LEAD_RETENTION_DAYS=0); only delivered leads are pruned.
      if (!(await loadLead(store, written.repeatOf))) return { ok: true, id: written.repeatOf, status: "delivered" };
      return resend({ ...lead, id: written.repeatOf });
    }
    await extra.beforeSend?.();
    if (!config.NOTIFY_API_URL) {
      log.info("lead stored locally", { lead: lead.id, form: lead.form });
      return { ok: true, id: lead.id, status: "kept" };
    }
    return sendClaimed(written.lead!);
  }

  /**
   * A lead written already, sent again by its visitor. Delivered or kept: left as it is. An attempt
   * in flight: its outcome, waited for. Unsent: attempted now under a claim of its own; what the
   * visitor sends now replaces what was kept only when no attempt can have reached the service.
   */
  async function resend(
    lead: { id: string; form: string; request: NotifyRequest },
    order?: OrderSummary,
  ): Promise<DeliveryResult> {
    const { id } = lead;
    const deadline = Date.now() + config.NOTIFY_TIMEOUT_MS + 1000;
    const asItIs = (kept: LeadRecord | undefined): DeliveryResult =>
      kept ? { ok: isTaken(kept.status), id, status: kept.status } : { ok: false, id, status: "not written" };
    const first = await load(id);
    // Sent, gone, or another sender's attempt at it recorded meanwhile: the answer is its outcome.
    for (let kept = first; ; kept = await load(id)) {
      if (!kept || !unsent(kept.status) || kept.attempts.length !== first?.attempts.length) return asItIs(kept);
      const row = await claimOne(store, "leads", id, { ttlMs: claimTtlMs });
      if (row) {
        const attempts = JSON.parse(row.attempts) as LeadRecord["attempts"];
        const correctable = !row.may_have_reached && attempts.length > 0 && attempts.every((a) => !a.ok && a.refused);
        let next = row;
        if (correctable) {
          const request = JSON.stringify(lead.request);
          await store.db.updateTable("leads").set({ request }).where("id", "=", id).execute();
          if (order)
            await store.db
              .updateTable("orders")
              .set({ data: JSON.stringify(order) })
              .where("id", "=", id)
              .execute();
          next = { ...row, request };
        } else if (attempts.length > 0) {
          log.info("lead sent again as first written: an attempt may have reached the service", { lead: id });
        }
        return sendClaimed(next);
      }
      // Another sender holds its attempt: waited for, up to the notify timeout.
      if (Date.now() >= deadline) return asItIs(kept);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The store away mid-way (PostgreSQL gone, the disk full): answered as not written, the spec's 503. */
  async function guarded(id: string, work: () => Promise<DeliveryResult>): Promise<DeliveryResult> {
    try {
      return await work();
    } catch (error) {
      if (!isStoreDown(error)) throw error;
      log.error("the store is away, lead refused", { lead: id, error: errorMessage(error) });
      return { ok: false, id, status: "not written" };
    }
  }

  async function failedTwin(form: string, request: NotifyRequest): Promise<string | undefined> {
    const row = await store.db
      .selectFrom("leads")
      .select("id")
      .where("form", "=", form)
      .where("request", "=", JSON.stringify(request))
      .where("status", "in", ["undelivered", "failed"])
      .where("id", "not in", (qb) => qb.selectFrom("orders").select("id"))
      .executeTakeFirst();
    return row?.id;
  }

  return {
    load,
    async reserve() {
      const id = newLeadId();
      const dir = path.join(uploads, id);
      await fsp.mkdir(path.join(dir, "files"), { recursive: true });
      return { id, dir };
    },
    async discard(id) {
      await fsp.rm(path.join(uploads, id), { recursive: true, force: true });
    },
    sendJson: (form, body, extra = {}) => {
      const id = extra.id ?? newLeadId();
      return guarded(id, () => deliver({ id, form, request: jsonRequest(body) }, extra));
    },
    resendJson: (form, id, body, extra = {}) =>
      guarded(id, () => resend({ id, form, request: jsonRequest(body) }, extra.order)),
    sendLead(form, body, extra = {}) {
      const request = jsonRequest(body);
      const id = newLeadId();
      return guarded(id, async () => {
        const twin = await failedTwin(form, request);
        if (twin) return resend({ id: twin, form, request });
        return deliver({ id, form, request }, extra);
      });
    },
    async replace(id, by) {
      const deadline = Date.now() + config.NOTIFY_TIMEOUT_MS + 1000;
      while (!(await withdrawLead(store, id, by))) {
        const kept = await load(id);
        // Sent, gone, or another sender's attempt at it outlasting the wait: left as it is.
        if (!kept || !unsent(kept.status) || Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      log.info("order replaced by the customer's next order, not sent again", { lead: id, replacedBy: by });
      return true;
    },
    async sendMultipart(form, id, payload, extra = {}) {
      const dir = path.join(uploads, id);
      try {
        const files = await Promise.all(
          payload.files.map(async (file) => ({
            name: file.name,
            type: file.type,
            data: await fsp.readFile(path.resolve(dir, file.path)),
          })),
        );
        const request: NotifyRequest = {
          kind: "multipart",
          name: payload.name,
          fields: htmlSafeFields(payload.fields),
          files: payload.files.map(({ name, type, size }) => ({ name, type, size })),
        };
        return await guarded(id, () => deliver({ id, form, request, files }, extra));
      } finally {
        await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
      }
    },
    async retryPass({ mode, signal, now: at }) {
      if (mode === "kept")
        await store.db
          .updateTable("leads")
          .set({ status: "undelivered", due_at: new Date().toISOString() })
          .where("status", "=", "kept")
          .execute();
      return sendPass(store, "leads", attempt, {
        mode: mode === "due" ? "due" : "all",
        baseMs,
        claimTtlMs,
        signal,
        ...(at === undefined ? {} : { now: () => at }),
      });
    },
    async counts() {
      const counts = await countByStatus(store, "leads");
      return { counts, waiting: counts.undelivered + counts.pending };
    },
  };
}
