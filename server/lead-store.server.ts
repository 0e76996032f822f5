/**
 * Leads on disk under DATA_DIR/leads/{id}/: lead.json plus the uploaded files. Every write is
 * fsynced and renamed into place, so a lead the visitor was told about survives a crash. A
 * sender claims a lead before sending it (claim files beside lead.json), so two processes never
 * send it at the same time.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { htmlSafeFields, type OutgoingField } from "~/lib/notify-text";
import type { Party } from "~/lib/party";

export interface NotifyField {
  key: string;
  value: string;
}

export interface StoredFile {
  /** The visitor's file name, as sent onward. */
  name: string;
  type: string;
  size: number;
  /** Path relative to the lead's folder. */
  path: string;
}

export type NotifyRequest =
  | { kind: "json"; body: { name: string; fields: NotifyField[] } }
  | { kind: "multipart"; name: string; fields: NotifyField[]; files: StoredFile[] };

/**
 * pending: written, not yet sent (or its sender stopped mid-way); delivered: the notify service
 * said yes; undelivered: the last attempt failed, retried in the background; failed: retried for
 * 7 days without success, given up (stays on disk); kept: no notify service configured; replaced:
 * an order whose send failed, withdrawn from the retry by the customer's next order (`replacedBy`),
 * which the customer placed with a changed cart (stays on disk, never sent again).
 */
export type LeadStatus = "pending" | "delivered" | "undelivered" | "kept" | "failed" | "replaced";

export interface LeadRecord {
  /** A UUID; the notify service's Idempotency-Key. Leads written before ids were UUIDs keep their old `YYYYMMDDhhmmss-hex10` id. */
  id: string;
  form: string;
  createdAt: string;
  status: LeadStatus;
  request: NotifyRequest;
  /**
   * `status`: the service's HTTP status when it answered a failure; `refused`: the attempt
   * certainly left nothing with the service (see nothingTaken in notify-outcome.server.ts).
   */
  attempts: { at: string; ok: boolean; error?: string; status?: number; refused?: boolean }[];
  /**
   * An attempt was abandoned mid-way (the server stopped while sending it, unrecorded): the
   * service may have taken it, so the lead is never replaced by a correction (resendJson).
   */
  mayHaveReached?: true;
  /** When the background retry gave up. */
  failedAt?: string;
  /** The order that replaced this one (status `replaced`). */
  replacedBy?: string;
  /** An order's lines as ordered, for its success page (never sent: the notify body is the spec's). */
  order?: OrderSummary;
}

export interface OrderSummary {
  /**
   * The number the customer is given ('4821-0937', app/lib/order-number.ts), unique among orders;
   * missing in orders kept before numbers were drawn, whose number is derived from the id.
   */
  number?: string;
  /** `article` is missing in orders kept before it was recorded. */
  lines: { id: string; slug: string; name: string; article?: string; price: number; amount: number }[];
  /** What the customer pays: the goods and the delivery. */
  total: number;
  /**
   * How the order is delivered and what that costs (missing in orders kept before it was chosen),
   * and where to: the courier's address, the transport company and the city, when asked for.
   */
  delivery?: { label: string; cost: number; address?: string; carrier?: string; city?: string };
  /** The buyer's company as DaData's register knows it from the ИНН, when it was found (the invoice's buyer). */
  company?: Party;
  /** Who ordered, for the invoice and the confirmation e-mail; missing in orders kept before they were recorded. */
  customer?: { name: string; inn: string; email: string; invoice: boolean };
  /** The customer's earlier order, whose send failed, that this one replaces (its cart changed since). */
  replaces?: string;
}

/** What the retry and the metrics need of a lead, without its personal data. */
export interface LeadSummary {
  id: string;
  status: LeadStatus;
  createdAt: string;
  attempts: number;
  lastAttemptAt?: string;
}

/** The right to make one attempt at sending a lead (see claim). */
export interface LeadClaim {
  /** Gives the claim back; once the attempt is on record, every claim of that attempt goes too. */
  release(): Promise<void>;
}

/** What the store needs of a record: the confirmation e-mails of orders are kept the same way (server/mail-outbox.server.ts). */
export type StoredRecord = Pick<LeadRecord, "id" | "createdAt" | "status" | "attempts">;

export interface LeadStore<R extends StoredRecord = LeadRecord> {
  /** A new lead id and its folder, for uploads that are streamed to disk before the lead is complete. */
  reserve(): Promise<{ id: string; dir: string }>;
  save(record: R): Promise<void>;
  load(id: string): Promise<R | undefined>;
  /** Every lead on disk, oldest first. */
  summaries(): Promise<LeadSummary[]>;
  /** The leads in `status` (all when omitted), oldest first. */
  list(status?: LeadStatus | LeadStatus[]): Promise<R[]>;
  /**
   * Claims attempt number `attempt` (the count of attempts already made) of a lead for this
   * process, or null when another sender holds it (or two met and both stepped back: the next
   * pass tries again). A claim older than `ttlMs`, or left by a process of this host that is
   * gone, has expired and is taken over.
   */
  claim(id: string, attempt: number, ttlMs: number): Promise<LeadClaim | null>;
  filePath(record: R, file: StoredFile): string;
  /** Remove a reserved folder that never became a lead (a refused upload). */
  discard(id: string): Promise<void>;
  /** Takes `id` for a new lead in one step: false when a lead with it exists (or is being taken) already. */
  takeId(id: string): Promise<boolean>;
  dir: string;
}

export function newLeadId(): string {
  return crypto.randomUUID();
}

const ID_PATTERN = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{14}-[0-9a-f]{10})$/;

export function isLeadId(id: string): boolean {
  return ID_PATTERN.test(id);
}

/** Taken for good: the notify service said yes (`delivered`), or, with none configured, kept on disk (`kept`). */
export function isTaken(status: LeadStatus | undefined): boolean {
  return status === "delivered" || status === "kept";
}

/**
 * Not sent yet, and may still be (by the background retry, a visitor's send again or `leads:resend`):
 * undelivered, failed, or pending (its first send in flight, or left by a stopped sender).
 */
export function unsent(status: LeadStatus): boolean {
  return status === "pending" || status === "undelivered" || status === "failed";
}

/** States a lead never leaves: their summaries are kept in memory instead of re-read on every scan. */
const FINAL: ReadonlySet<LeadStatus> = new Set(["delivered", "kept", "replaced"]);

function summarize(record: StoredRecord): LeadSummary {
  return {
    id: record.id,
    status: record.status,
    createdAt: record.createdAt,
    attempts: record.attempts.length,
    lastAttemptAt: record.attempts.at(-1)?.at,
  };
}

async function writeDurably(file: string, data: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(3).toString("hex")}.tmp`;
  const handle = await fsp.open(tmp, "w");
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fsp.rename(tmp, file);
  await syncDir(path.dirname(file));
}

/** Makes a directory's new entries durable (the files of a lead, a record renamed into place). */
export async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await fsp.open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on directories; the rename is still atomic.
  }
}

/** Tells this process's claims from those of an earlier process that had the same pid (pid 1 in a container). */
const PROCESS_TOKEN = crypto.randomBytes(8).toString("hex");

interface ClaimHolder {
  pid: number;
  host: string;
  token: string;
  at: string;
}

function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

async function claimExpired(file: string, ttlMs: number): Promise<boolean> {
  let holder: Partial<ClaimHolder> = {};
  let since: number;
  try {
    const [text, stat] = await Promise.all([fsp.readFile(file, "utf8"), fsp.stat(file)]);
    since = stat.mtimeMs;
    try {
      holder = JSON.parse(text) as ClaimHolder;
    } catch {
      // Created and not yet written: its age alone decides.
    }
  } catch {
    return true; // released meanwhile
  }
  if (Date.now() - since > ttlMs) return true;
  if (holder.host !== os.hostname() || typeof holder.pid !== "number") return false;
  if (holder.pid === process.pid) return holder.token !== PROCESS_TOKEN;
  return processIsGone(holder.pid);
}

const CLAIM_FILE = /^claim-(\d+)\.(\d+)$/;

/** `folder` under DATA_DIR and the record's `file` in each entry's folder: leads by default. */
export function createLeadStore<R extends StoredRecord = LeadRecord>(
  dataDir: string,
  { folder = "leads", file: recordFile = "lead.json" } = {},
): LeadStore<R> {
  const root = path.join(dataDir, folder);
  fs.mkdirSync(root, { recursive: true });
  const leadDir = (id: string) => {
    if (!ID_PATTERN.test(id)) throw new Error(`bad lead id ${id}`);
    return path.join(root, id);
  };
  const finalSummaries = new Map<string, LeadSummary>();

  async function load(id: string): Promise<R | undefined> {
    try {
      return JSON.parse(await fsp.readFile(path.join(leadDir(id), recordFile), "utf8")) as R;
    } catch {
      return undefined;
    }
  }

  /**
   * Claim files are `claim-{attempt}.{generation}`. Invariant: a sender sends attempt n only after
   * creating its own claim of n and then finding every other claim of n expired (holder gone, or
   * older than `ttlMs`, which no send outlives). A claim is removed only by its holder, or once n
   * is on record (a winner then reads the lead again and sends nothing), so of two senders the
   * later to look saw the other's claim and stepped back. A takeover deletes nothing; the
   * generation, one above those present and created exclusively, lets one of the senders that
   * find the same expired claim win.
   */
  async function claim(id: string, attempt: number, ttlMs: number): Promise<LeadClaim | null> {
    const dir = leadDir(id);
    const claims = async () =>
      (await fsp.readdir(dir))
        .map((name) => CLAIM_FILE.exec(name))
        .filter((m): m is RegExpExecArray => m !== null && Number(m[1]) === attempt)
        .map((m) => ({ name: m[0], generation: Number(m[2]) }));
    const anyHeld = async (files: { name: string }[]) => {
      for (const f of files) if (!(await claimExpired(path.join(dir, f.name), ttlMs))) return true;
      return false;
    };
    const before = await claims();
    if (await anyHeld(before)) return null;
    const generation = Math.max(-1, ...before.map((f) => f.generation)) + 1;
    const own = `claim-${attempt}.${generation}`;
    const holder: ClaimHolder = {
      pid: process.pid,
      host: os.hostname(),
      token: PROCESS_TOKEN,
      at: new Date().toISOString(),
    };
    try {
      await fsp.writeFile(path.join(dir, own), JSON.stringify(holder), { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return null;
      throw error;
    }
    if (await anyHeld((await claims()).filter((f) => f.name !== own))) {
      await fsp.rm(path.join(dir, own), { force: true });
      return null;
    }
    return {
      async release() {
        const made = ((await load(id))?.attempts.length ?? 0) > attempt;
        const names = made ? (await claims()).map((f) => f.name) : [own];
        for (const name of names) await fsp.rm(path.join(dir, name), { force: true });
      },
    };
  }

  return {
    dir: root,
    async takeId(id) {
      await fsp.mkdir(root, { recursive: true });
      try {
        await fsp.mkdir(leadDir(id));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
        throw error;
      }
    },
    async reserve() {
      const id = newLeadId();
      const dir = leadDir(id);
      await fsp.mkdir(path.join(dir, "files"), { recursive: true });
      return { id, dir };
    },
    async save(record) {
      const dir = leadDir(record.id);
      await fsp.mkdir(dir, { recursive: true });
      await writeDurably(path.join(dir, recordFile), JSON.stringify(record, null, 2));
      if (FINAL.has(record.status)) finalSummaries.set(record.id, summarize(record));
      else finalSummaries.delete(record.id);
    },
    load,
    async summaries() {
      const ids = (await fsp.readdir(root).catch(() => [] as string[])).filter((id) => ID_PATTERN.test(id));
      const out: LeadSummary[] = [];
      for (const id of ids) {
        let summary = finalSummaries.get(id);
        if (!summary) {
          const record = await load(id);
          if (!record) continue; // a reserved upload folder not yet a lead
          summary = summarize(record);
          if (FINAL.has(record.status)) finalSummaries.set(id, summary);
        }
        out.push(summary);
      }
      return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },
    async list(status) {
      const wanted = status === undefined ? undefined : new Set(Array.isArray(status) ? status : [status]);
      const out: R[] = [];
      for (const summary of await this.summaries()) {
        if (wanted && !wanted.has(summary.status)) continue;
        const record = await load(summary.id);
        if (record) out.push(record);
      }
      return out;
    },
    claim,
    filePath(record, file) {
      const resolved = path.resolve(leadDir(record.id), file.path);
      if (!resolved.startsWith(leadDir(record.id) + path.sep)) throw new Error("file outside its lead");
      return resolved;
    },
    async discard(id) {
      finalSummaries.delete(id);
      await fsp.rm(leadDir(id), { recursive: true, force: true });
    },
  };
}

/** A JSON lead as written before its first attempt; every value but the site's markup escaped as HTML text. */
export function newJsonLead(
  form: string,
  id: string,
  body: { name: string; fields: OutgoingField[] },
  order?: OrderSummary,
): LeadRecord {
  return {
    id,
    form,
    createdAt: new Date().toISOString(),
    status: "pending",
    request: { kind: "json", body: { name: body.name, fields: htmlSafeFields(body.fields) } },
    attempts: [],
    ...(order ? { order } : {}),
  };
}

/**
 * A lead of `lead`'s form kept since its send failed (undelivered, or given up) whose request is
 * the very same: the visitor sending the form again after being told it failed.
 */
export async function failedTwin(store: LeadStore, lead: LeadRecord): Promise<LeadRecord | undefined> {
  const same = JSON.stringify(lead.request);
  const kept = await store.list(["undelivered", "failed"]);
  return kept.find((k) => k.form === lead.form && !k.order && JSON.stringify(k.request) === same);
}
