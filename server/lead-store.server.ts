/**
 * Leads on disk under DATA_DIR/leads/{id}/: lead.json plus the uploaded files. Every write is
 * fsynced and renamed into place, so a lead the visitor was told about survives a crash.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

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
  { kind: "json"; body: { name: string; fields: NotifyField[] } } | { kind: "multipart"; name: string; fields: NotifyField[]; files: StoredFile[] };

export type LeadStatus = "pending" | "delivered" | "undelivered" | "kept";

export interface LeadRecord {
  id: string;
  form: string;
  createdAt: string;
  status: LeadStatus;
  request: NotifyRequest;
  attempts: { at: string; ok: boolean; error?: string }[];
}

export interface LeadStore {
  /** A new lead id and its folder, for uploads that are streamed to disk before the lead is complete. */
  reserve(): Promise<{ id: string; dir: string }>;
  save(record: LeadRecord): Promise<void>;
  load(id: string): Promise<LeadRecord | undefined>;
  list(status?: LeadStatus | LeadStatus[]): Promise<LeadRecord[]>;
  filePath(record: LeadRecord, file: StoredFile): string;
  /** Remove a reserved folder that never became a lead (a refused upload). */
  discard(id: string): Promise<void>;
  dir: string;
}

export function newLeadId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, "").replace(/\..*$/, "");
  return `${stamp}-${crypto.randomBytes(5).toString("hex")}`;
}

const ID_PATTERN = /^\d{14}-[0-9a-f]{10}$/;

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

async function syncDir(dir: string): Promise<void> {
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

export function createLeadStore(dataDir: string): LeadStore {
  const root = path.join(dataDir, "leads");
  fs.mkdirSync(root, { recursive: true });
  const leadDir = (id: string) => {
    if (!ID_PATTERN.test(id)) throw new Error(`bad lead id ${id}`);
    return path.join(root, id);
  };

  return {
    dir: root,
    async reserve() {
      const id = newLeadId();
      const dir = leadDir(id);
      await fsp.mkdir(path.join(dir, "files"), { recursive: true });
      return { id, dir };
    },
    async save(record) {
      const dir = leadDir(record.id);
      await fsp.mkdir(dir, { recursive: true });
      await writeDurably(path.join(dir, "lead.json"), JSON.stringify(record, null, 2));
    },
    async load(id) {
      try {
        return JSON.parse(await fsp.readFile(path.join(leadDir(id), "lead.json"), "utf8")) as LeadRecord;
      } catch {
        return undefined;
      }
    },
    async list(status) {
      const wanted = status === undefined ? undefined : new Set(Array.isArray(status) ? status : [status]);
      const ids = (await fsp.readdir(root).catch(() => [] as string[])).filter((id) => ID_PATTERN.test(id)).sort();
      const out: LeadRecord[] = [];
      for (const id of ids) {
        const record = await this.load(id);
        if (record && (!wanted || wanted.has(record.status))) out.push(record);
      }
      return out;
    },
    filePath(record, file) {
      const resolved = path.resolve(leadDir(record.id), file.path);
      if (!resolved.startsWith(leadDir(record.id) + path.sep)) throw new Error("file outside its lead");
      return resolved;
    },
    async discard(id) {
      await fsp.rm(leadDir(id), { recursive: true, force: true });
    },
  };
}
