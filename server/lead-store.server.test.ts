import { spawnSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLeadStore, isLeadId, type LeadRecord, type LeadStore } from "./lead-store.server";

let dataDir: string;
let store: LeadStore;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lead-store-"));
  store = createLeadStore(dataDir);
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function record(id: string, createdAt: string, status: LeadRecord["status"] = "undelivered"): LeadRecord {
  return {
    id,
    form: "callback",
    createdAt,
    status,
    request: { kind: "json", body: { name: "callback", fields: [] } },
    attempts: [],
  };
}

const claimFiles = (id: string) =>
  fs
    .readdirSync(path.join(store.dir, id))
    .filter((f) => f.startsWith("claim"))
    .sort();

describe("lead ids", () => {
  it("are UUIDs for new leads, and the old YYYYMMDDhhmmss-hex10 ids on disk are still read", async () => {
    const { id } = await store.reserve();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(isLeadId("20240101093000-0a1b2c3d4e")).toBe(true);
    expect(isLeadId("../../etc")).toBe(false);
    await store.save(record("20240101093000-0a1b2c3d4e", "2024-01-01T09:30:00.000Z"));
    expect((await store.load("20240101093000-0a1b2c3d4e"))?.createdAt).toBe("2024-01-01T09:30:00.000Z");
  });

  it("gives an id to one of two takers at once, and never an id a lead has", async () => {
    const id = "0b1c2d3e-4f50-4a6b-8c7d-8e9fa0b1c2d3";
    expect((await Promise.all([store.takeId(id), store.takeId(id)])).sort()).toEqual([false, true]);
    await store.save(record(id, "2025-01-01T00:00:00.000Z"));
    expect(await store.takeId(id)).toBe(false);
    await expect(store.takeId("../../etc")).rejects.toThrow(/bad lead id/);
  });

  it("lists leads oldest first by createdAt, whatever their ids", async () => {
    await store.save(record("ffffffff-ffff-4fff-8fff-ffffffffffff", "2025-01-01T00:00:00.000Z"));
    await store.save(record("00000000-0000-4000-8000-000000000000", "2025-01-03T00:00:00.000Z"));
    await store.save(record("20240101093000-0a1b2c3d4e", "2024-01-01T09:30:00.000Z", "delivered"));
    expect((await store.summaries()).map((s) => s.id)).toEqual([
      "20240101093000-0a1b2c3d4e",
      "ffffffff-ffff-4fff-8fff-ffffffffffff",
      "00000000-0000-4000-8000-000000000000",
    ]);
    expect((await store.list("undelivered")).map((r) => r.id)).toHaveLength(2);
  });
});

describe("claims", () => {
  const id = "11111111-1111-4111-8111-111111111111";
  beforeEach(() => store.save(record(id, new Date().toISOString())));

  it("gives an attempt to one sender at a time, and to the next once released", async () => {
    const first = await store.claim(id, 0, 60_000);
    expect(first).not.toBeNull();
    expect(await store.claim(id, 0, 60_000)).toBeNull();
    // Another store on the same folder (another process) is refused too.
    expect(await createLeadStore(dataDir).claim(id, 0, 60_000)).toBeNull();
    await first!.release();
    expect(claimFiles(id)).toEqual([]);
    expect(await store.claim(id, 0, 60_000)).not.toBeNull();
  });

  it("of many senders racing for the same attempt, exactly one wins", async () => {
    const stores = Array.from({ length: 8 }, () => createLeadStore(dataDir));
    const claims = await Promise.all(stores.map((s) => s.claim(id, 0, 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  const writeClaim = (name: string, holder: { pid: number; host?: string; token?: string }) =>
    fs.writeFileSync(
      path.join(store.dir, id, name),
      JSON.stringify({ host: os.hostname(), token: "x", at: new Date().toISOString(), ...holder }),
    );
  const deadPid = () =>
    Number(
      spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout,
    );

  it("takes over a claim older than its time to live by creating the next generation, deleting none, and only one of the senders that find it does", async () => {
    writeClaim("claim-0.0", { pid: process.pid, token: "" });
    const old = new Date(Date.now() - 120_000);
    fs.utimesSync(path.join(store.dir, id, "claim-0.0"), old, old);
    const claims = await Promise.all(Array.from({ length: 5 }, () => createLeadStore(dataDir).claim(id, 0, 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(claimFiles(id)).toEqual(["claim-0.0", "claim-0.1"]);
  });

  it("after a takeover, a third sender gets the attempt neither by the taken-over generation nor a new one", async () => {
    writeClaim("claim-0.0", { pid: deadPid() });
    const taken = await store.claim(id, 0, 60_000);
    expect(taken).not.toBeNull();
    expect(await createLeadStore(dataDir).claim(id, 0, 60_000)).toBeNull();
    expect(claimFiles(id)).toEqual(["claim-0.0", "claim-0.1"]);
  });

  it("refuses the attempt while another live claim of it exists, whatever its generation", async () => {
    writeClaim("claim-0.0", { pid: process.ppid });
    writeClaim("claim-0.3", { pid: deadPid() });
    expect(await store.claim(id, 0, 60_000)).toBeNull();
    expect(claimFiles(id)).toEqual(["claim-0.0", "claim-0.3"]);
  });

  it("steps back from the claim it made when a live one of a lower generation appeared meanwhile", async () => {
    writeClaim("claim-0.0", { pid: deadPid() });
    const write = fsp.writeFile;
    // A sender that found the folder empty earlier creates claim-0.0 again while this one creates claim-0.1.
    const spy = vi.spyOn(fsp, "writeFile").mockImplementationOnce(async (...args) => {
      fs.rmSync(path.join(store.dir, id, "claim-0.0"));
      writeClaim("claim-0.0", { pid: process.ppid });
      return write(...args);
    });
    expect(await store.claim(id, 0, 60_000)).toBeNull();
    spy.mockRestore();
    expect(claimFiles(id)).toEqual(["claim-0.0"]);
  });

  it("release removes only its own claim while the attempt is not on record, and every claim of the attempt once it is", async () => {
    writeClaim("claim-0.0", { pid: deadPid() });
    const abandoned = await store.claim(id, 0, 60_000);
    await abandoned!.release();
    expect(claimFiles(id)).toEqual(["claim-0.0"]);
    const made = await store.claim(id, 0, 60_000);
    expect(claimFiles(id)).toEqual(["claim-0.0", "claim-0.1"]);
    await store.save({
      ...record(id, new Date().toISOString()),
      attempts: [{ at: new Date().toISOString(), ok: false }],
    });
    await made!.release();
    expect(claimFiles(id)).toEqual([]);
  });

  it("takes over a fresh claim whose process on this host is gone, or was an earlier process with this pid", async () => {
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    fs.writeFileSync(
      path.join(store.dir, id, "claim-0.0"),
      JSON.stringify({ pid: Number(gone.stdout), host: os.hostname(), token: "x", at: new Date().toISOString() }),
    );
    expect(await store.claim(id, 0, 60_000)).not.toBeNull();
    fs.writeFileSync(
      path.join(store.dir, id, "claim-3.0"),
      JSON.stringify({ pid: process.pid, host: os.hostname(), token: "earlier", at: new Date().toISOString() }),
    );
    expect(await store.claim(id, 3, 60_000)).not.toBeNull();
  });

  it("leaves a fresh claim of a live process, or of another host, alone", async () => {
    fs.writeFileSync(
      path.join(store.dir, id, "claim-0.0"),
      JSON.stringify({ pid: 1, host: "another-host", token: "x", at: new Date().toISOString() }),
    );
    expect(await store.claim(id, 0, 60_000)).toBeNull();
    const parent = process.ppid;
    fs.writeFileSync(
      path.join(store.dir, id, "claim-1.0"),
      JSON.stringify({ pid: parent, host: os.hostname(), token: "x", at: new Date().toISOString() }),
    );
    expect(await store.claim(id, 1, 60_000)).toBeNull();
  });
});
