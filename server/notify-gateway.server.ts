/**
 * The one way out for leads and orders. Every lead is written to disk first; then it is
 * delivered to the notify service (or, with no service configured, kept locally). Whatever
 * cannot be delivered stays on disk as undelivered before the visitor sees the error; the
 * background retry (server/lead-retry.server.ts) and `npm run leads:resend` send it later.
 *
 * Every call carries `Idempotency-Key: {lead id}`, the same on every attempt, so the service
 * can drop a copy it already has (an answer lost on the way back is followed by a re-send).
 * A sender claims each attempt on disk first (LeadStore.claim): two processes never send the
 * same lead at the same time.
 */
import fs from "node:fs";
import { htmlSafeFields, type OutgoingField } from "~/lib/notify-text";
import type { Config } from "./config.server";
import { nothingTaken } from "./notify-outcome.server";
import {
  createLeadStore,
  failedTwin,
  isTaken,
  newJsonLead,
  newLeadId,
  unsent,
  type LeadRecord,
  type LeadStore,
  type NotifyField,
  type NotifyRequest,
  type OrderSummary,
  type StoredFile,
} from "./lead-store.server";
import { errorMessage, log } from "./log.server";
import { retryPass, StoppedError, type RetryMode, type RetryReport, type Sender } from "./retry-pass.server";

export type { NotifyField, NotifyRequest, OutgoingField, RetryReport, StoredFile };

export interface DeliveryResult {
  ok: boolean;
  id: string;
  /** "not written": the lead could not be put on disk (the disk full, say), so it was not sent either. */
  status: LeadRecord["status"] | "not written";
}

export interface NotifyGateway {
  store: LeadStore;
  /**
   * Deliver a JSON notification (calls 2 and 4); an order's lines are kept beside it on disk.
   * Every value but the site's own markup is escaped as HTML text here, once, before the lead is
   * written (app/lib/notify-text.ts): re-sends send what was written.
   */
  sendJson(
    form: string,
    body: { name: string; fields: OutgoingField[] },
    /**
     * `id`: the lead's id when the body names it already (an order's number); a new one otherwise.
     * `beforeSend`: run once the lead is on disk, before it is sent (an order withdrawing the one it replaces).
     */
    extra?: { order?: OrderSummary; id?: string; beforeSend?: () => Promise<unknown> },
  ): Promise<DeliveryResult>;
  /**
   * A lead form's JSON notification (call 2). The same fields as a lead of the form kept since its
   * send failed (the visitor, told 'попробуйте позже', sends the form again): that lead, sent
   * again as resendJson sends it, not a second one beside it that the retry would also deliver.
   */
  sendLead(form: string, body: { name: string; fields: OutgoingField[] }): Promise<DeliveryResult>;
  /**
   * A JSON lead sent again by its visitor (an order's form sent again, perhaps corrected), whose
   * id is taken already. Delivered or kept: left as it is. Its send in flight (this form sent
   * twice at once, or the background retry): that send's outcome, waited for. Failed, or left
   * pending by a stopped sender: attempted at once, under the claim of its next attempt. What the
   * visitor sends now replaces what was kept only when no attempt can have reached the service
   * (each was refused with an HTTP error that takes nothing, or never connected); otherwise the
   * service may hold the first under the same key, and the first is sent again as written. A
   * folder left without its lead (a send that crashed before writing it) is taken afresh.
   * Waits at most about twice as long as one send can take.
   */
  resendJson(
    form: string,
    id: string,
    body: { name: string; fields: OutgoingField[] },
    extra?: { order?: OrderSummary },
  ): Promise<DeliveryResult>;
  /**
   * Withdraws an order whose send failed from the background retry, as replaced by the customer's
   * next order `by` (placed with a changed cart): it stays on disk and is never sent again. An
   * attempt at it in flight is waited for (at most about as long as one send can take). False when
   * it is not unsent (delivered, kept, replaced already), or that attempt outlasted the wait.
   */
  replace(id: string, by: string): Promise<boolean>;
  /** Deliver a multipart notification (call 3) whose files were already written into the reserved lead folder. */
  sendMultipart(
    form: string,
    id: string,
    payload: { name: string; fields: OutgoingField[]; files: StoredFile[] },
  ): Promise<DeliveryResult>;
  /**
   * One pass over the leads on disk. `due` (the background retry): the leads whose next attempt
   * is due, and those waiting for 7 days are marked failed. `all` (`npm run leads:resend`): every
   * undelivered or failed lead and every pending one a stopped server left, now. `signal` stops
   * the pass: an attempt in flight is abandoned unrecorded (its key makes a later copy harmless).
   */
  retryPass(options: { mode: RetryMode; signal?: AbortSignal; now?: number }): Promise<RetryReport>;
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

export function createNotifyGateway(
  config: NotifyConfig,
  options: {
    fetch?: typeof fetch;
    store?: LeadStore;
    onUpstream?: UpstreamObserver;
    /** Told of each lead a retry pass delivered (an order's confirmation e-mail follows it). */
    onRetryDelivered?: (lead: LeadRecord) => void;
  } = {},
): NotifyGateway {
  const store = options.store ?? createLeadStore(config.dataDir);
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const baseMs = config.NOTIFY_RETRY_BASE_SECONDS * 1000;
  // A claim outlives any real attempt (bounded by the timeout); one older was left by a crash.
  const claimTtlMs = config.NOTIFY_TIMEOUT_MS + 60_000;

  async function buildRequest(record: LeadRecord): Promise<{ url: string; init: RequestInit }> {
    const base = `${config.NOTIFY_API_URL}/v1/notify`;
    const headers: Record<string, string> = {
      [config.NOTIFY_API_KEY_HEADER]: config.NOTIFY_API_KEY ?? "",
      "Idempotency-Key": record.id,
    };
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

  /** One attempt; the record with its outcome. Throws StoppedError when `stop` fired first. */
  async function attempt(record: LeadRecord, stop?: AbortSignal): Promise<LeadRecord> {
    const started = Date.now();
    const at = new Date().toISOString();
    let status: number | undefined;
    const timeout = AbortSignal.timeout(config.NOTIFY_TIMEOUT_MS);
    try {
      const { url, init } = await buildRequest(record);
      // `redirect: "error"` with no window: otherwise fetch clones the request before sending
      // (Fetch spec, HTTP-network-or-cache fetch), and the clone's tee keeps a whole copy of an
      // upload in memory while it is sent. The notify service answers success or failure, never a redirect.
      const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
      const res = await doFetch(url, { ...init, redirect: "error", window: null, signal });
      status = res.status;
      // Only success or failure matters (spec §7); drain the body so the socket is reused.
      await res.arrayBuffer().catch(() => undefined);
      log.info("notify", { lead: record.id, form: record.form, status: res.status, ms: Date.now() - started });
      if (!res.ok) throw new Error(`notify answered ${res.status}`);
      options.onUpstream?.("ok", (Date.now() - started) / 1000);
      return { ...record, status: "delivered", attempts: [...record.attempts, { at, ok: true }] };
    } catch (error) {
      if (stop?.aborted && !timeout.aborted) {
        // Abandoned unrecorded (a later attempt sends it again under the same key), but marked:
        // what was sent may have reached the service.
        await saveState({ ...record, mayHaveReached: true });
        throw new StoppedError("stopping");
      }
      const message = errorMessage(error);
      options.onUpstream?.(
        status !== undefined ? "http_error" : message === "timeout" ? "timeout" : "network",
        (Date.now() - started) / 1000,
      );
      log.warn("notify failed, lead kept on disk", {
        lead: record.id,
        form: record.form,
        error: message,
        ms: Date.now() - started,
      });
      const failed = {
        at,
        ok: false,
        error: message,
        ...(status === undefined ? {} : { status }),
        ...(nothingTaken(status, error) ? { refused: true } : {}),
      };
      return { ...record, status: "undelivered", attempts: [...record.attempts, failed] };
    }
  }

  /** Saves a lead's new state; when that fails the lead stays on disk as it was (pending or undelivered: a retry sends it). */
  async function saveState(lead: LeadRecord): Promise<void> {
    await store.save(lead).catch((error: unknown) =>
      log.error("lead's state not written, left as it was on disk", {
        lead: lead.id,
        status: lead.status,
        error: errorMessage(error),
      }),
    );
  }

  async function deliver(lead: LeadRecord, beforeSend?: () => Promise<unknown>): Promise<DeliveryResult> {
    // Written before anything is sent: a crash or a stop mid-request cannot lose it.
    try {
      await store.save(lead);
    } catch (error) {
      // Not on disk (the disk full, say): nothing is sent, the visitor is told it failed and keeps
      // the form, and the folder goes, so an order's key can be taken again when it comes again.
      log.error("lead not written, not sent", { lead: lead.id, form: lead.form, error: errorMessage(error) });
      await store.discard(lead.id).catch(() => {});
      return { ok: false, id: lead.id, status: "not written" };
    }
    await beforeSend?.();
    if (!config.NOTIFY_API_URL) {
      const kept = { ...lead, status: "kept" as const };
      await saveState(kept);
      log.info("lead stored locally", { lead: lead.id, form: lead.form });
      return { ok: true, id: lead.id, status: kept.status };
    }
    // A fresh lead: nobody else should hold its first attempt (the retry leaves pending leads alone
    // for PENDING_GRACE_MS, longer than any timeout), so the claim is for a crash in the middle.
    // A claim that cannot be written (the disk full after all) is no reason to keep the visitor
    // waiting for the retry: the lead, on disk, is sent now unclaimed.
    const claim = await store.claim(lead.id, 0, claimTtlMs).catch((error: unknown) => {
      log.error("lead not claimed, sent unclaimed", { lead: lead.id, error: errorMessage(error) });
      return "unclaimed" as const;
    });
    // Another sender got there first after all (the same order form sent twice at once, whose
    // other copy found this lead on disk and claimed it, or a retry): the lead is its to send, and
    // its outcome is this visitor's answer, waited for as resendJson waits.
    if (!claim) return resend(lead);
    try {
      const done = await attempt(lead);
      await saveState(done);
      return { ok: done.status === "delivered", id: lead.id, status: done.status };
    } finally {
      if (claim !== "unclaimed") await claim.release().catch(() => {});
    }
  }

  async function resend(lead: LeadRecord): Promise<DeliveryResult> {
    const { id } = lead;
    const deadline = Date.now() + config.NOTIFY_TIMEOUT_MS + 1000;
    /** The lead as read again every 100 ms while `waiting` says so, until the deadline. */
    const readWhile = async (waiting: (read: LeadRecord | undefined) => boolean) => {
      let read = await store.load(id);
      while (waiting(read) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        read = await store.load(id);
      }
      return read;
    };
    const asItIs = (kept: LeadRecord | undefined): DeliveryResult =>
      kept ? { ok: isTaken(kept.status), id, status: kept.status } : { ok: false, id, status: "not written" };
    // Its folder is taken: the lead is on disk, or about to be (its first send writing it now).
    const kept = await readWhile((read) => !read);
    if (!kept) {
      log.warn("lead's folder without its lead, taken afresh", { lead: id });
      await store.discard(id).catch(() => {});
      return (await store.takeId(id)) ? deliver(lead) : asItIs(await store.load(id));
    }
    if (!unsent(kept.status)) return asItIs(kept);
    const claim = await claimNext(kept);
    if (!claim) {
      // Another sender has this attempt in flight: its outcome is the answer.
      return asItIs(await readWhile((read) => read?.attempts.length === kept.attempts.length));
    }
    try {
      const current = await store.load(id);
      if (!current || !unsent(current.status) || current.attempts.length !== kept.attempts.length)
        return asItIs(current);
      let next = current;
      const correctable =
        !current.mayHaveReached &&
        current.attempts.length > 0 &&
        current.attempts.every((a) => !a.ok && a.refused === true);
      if (correctable) {
        try {
          next = { ...current, request: lead.request, ...(lead.order ? { order: lead.order } : {}) };
          await store.save(next);
        } catch (error) {
          // What was kept stays, and is what is sent.
          log.error("lead not replaced, the first sent again", { lead: id, error: errorMessage(error) });
          next = current;
        }
      } else {
        log.info("lead sent again as first written: an attempt may have reached the service", { lead: id });
      }
      const done = await attempt(next);
      await saveState(done);
      return { ok: done.status === "delivered", id, status: done.status };
    } finally {
      await claim.release().catch(() => {});
    }
  }

  /** The claim of a lead's next attempt; null when another sender holds it or it could not be written. */
  function claimNext(lead: LeadRecord) {
    return store.claim(lead.id, lead.attempts.length, claimTtlMs).catch((error: unknown) => {
      log.error("lead not claimed", { lead: lead.id, error: errorMessage(error) });
      return null;
    });
  }

  async function replace(id: string, by: string): Promise<boolean> {
    // An attempt in flight (the background retry) is waited for, as resend waits: once it has
    // ended undelivered, the next attempt's claim is this one's.
    const deadline = Date.now() + config.NOTIFY_TIMEOUT_MS + 1000;
    for (;;) {
      const kept = await store.load(id);
      if (!kept || !unsent(kept.status)) return false;
      // The claim of its next attempt: no retry sends it while it is withdrawn.
      const claim = await claimNext(kept);
      if (claim) {
        try {
          const current = await store.load(id);
          if (current && unsent(current.status) && current.attempts.length === kept.attempts.length) {
            await store.save({ ...current, status: "replaced", replacedBy: by });
            log.info("order replaced by the customer's next order, not sent again", { lead: id, replacedBy: by });
            return true;
          }
        } catch (error) {
          log.error("order not marked replaced, its retry goes on", { lead: id, error: errorMessage(error) });
          return false;
        } finally {
          await claim.release().catch(() => {});
        }
      }
      if (Date.now() >= deadline) {
        log.warn("order not replaced: an attempt at it outlasted the wait", { lead: id, replacedBy: by });
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const sender: Sender<LeadRecord> = {
    store,
    claimTtlMs,
    baseMs,
    attempt,
    delivered: (record) => options.onRetryDelivered?.(record),
    givenUp: (record) =>
      log.error("lead undelivered for 7 days, given up and kept on disk", {
        lead: record.id,
        form: record.form,
        createdAt: record.createdAt,
        attempts: record.attempts.length,
        lastError: record.attempts.at(-1)?.error,
      }),
  };

  return {
    store,
    sendJson: (form, body, extra = {}) =>
      deliver(newJsonLead(form, extra.id ?? newLeadId(), body, extra.order), extra.beforeSend),
    resendJson: (form, id, body, extra = {}) => resend(newJsonLead(form, id, body, extra.order)),
    async sendLead(form, body) {
      const lead = newJsonLead(form, newLeadId(), body);
      const twin = await failedTwin(store, lead);
      return twin ? resend({ ...lead, id: twin.id }) : deliver(lead);
    },
    replace,
    sendMultipart(form, id, payload) {
      return deliver({
        id,
        form,
        createdAt: new Date().toISOString(),
        status: "pending",
        request: { kind: "multipart", ...payload, fields: htmlSafeFields(payload.fields) },
        attempts: [],
      });
    },
    retryPass: (options) => retryPass(sender, options),
  };
}

function openAsBlob(file: string, type: string): Promise<Blob> {
  // The Blob reads the file lazily (Node ≥ 19.8).
  return fs.openAsBlob(file, { type: type || "application/octet-stream" });
}
