/**
 * The store seen from outside, with the built server: the same lead form posted twice (a double
 * click without JavaScript) is sent once and both answers are the same success; two servers on
 * one PostgreSQL share their leads, so one delivers what the other accepted while the notify
 * service was down, even after the first was killed, each lead exactly once; /healthz says when
 * the store is away: PostgreSQL unreachable, or SQLite's disk full.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { LEAD_UPLOAD_URL } from "~/lib/lead-forms";
import { FORM_ERROR, ORDER_ERROR } from "~/lib/lead-schemas";
import { generateParts } from "~server/demo-catalogue.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../databases";
import { startFakeNotify, type FakeNotify } from "../fake-notify";
import { consentsIn, leadsIn } from "../store-reader";
import { startServer, type RunningServer } from "./harness";

let notify: FakeNotify;
const servers: RunningServer[] = [];
beforeAll(async () => {
  notify = await startFakeNotify();
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await notify.close();
});

async function server(env: Record<string, string>): Promise<RunningServer> {
  const started = await startServer({ NOTIFY_API_URL: notify.url, NOTIFY_API_KEY: "store-key", ...env });
  servers.push(started);
  return started;
}

const post = (target: RunningServer, comment: string) =>
  fetch(`${target.url}/lead/callback`, {
    method: "POST",
    body: new URLSearchParams({ name: "Иванов Иван", phone: "+7 (912) 345-67-89", consent: "on", page: "/", comment }),
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("a lead form posted twice", () => {
  it("is sent once, and both posts are answered with the same success", async () => {
    notify.received = [];
    notify.mode = "ok";
    const site = await server({});
    const [first, second] = await Promise.all([post(site, "Двойной щелчок"), post(site, "Двойной щелчок")]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    // Posted again a moment later (the browser's resend): still that one lead.
    expect((await post(site, "Двойной щелчок")).status).toBe(303);
    expect(notify.received).toHaveLength(1);
    // Another lead from the same visitor is another lead.
    expect((await post(site, "Ещё вопрос")).status).toBe(303);
    expect(notify.received).toHaveLength(2);
  });
});

describe("two servers on one PostgreSQL", () => {
  let url: string;
  beforeAll(async () => {
    url = await freshDatabase("store-two-servers");
  });

  it(
    "delivers each lead the first accepted while notify was down exactly once, after the first is killed",
    { timeout: 90_000 },
    async () => {
      notify.received = [];
      notify.mode = "fail";
      const env = {
        DATABASE_URL: url,
        NOTIFY_RETRY_BASE_SECONDS: "2",
        NOTIFY_TIMEOUT_MS: "1000",
        LEAD_RATE_LIMIT: "0",
      };
      const first = await server(env);
      for (let i = 0; i < 4; i++) expect((await post(first, `Лид ${i}`)).status).toBe(502);
      // The fifth is in flight (notify holds it) when the first server is killed: its claim outlives it.
      notify.mode = "hang";
      const inFlight = post(first, "Лид 4").catch(() => undefined);
      await expect.poll(() => [...notify.inFlight.values()].some((n) => n > 0), { timeout: 10_000 }).toBe(true);
      first.child.kill("SIGKILL");
      await first.stop();
      await inFlight;
      notify.received = [];
      notify.mode = "ok";
      const second = await server(env);
      await expect
        .poll(() => new Set(notify.received.map((r) => r.headers["idempotency-key"])).size, { timeout: 30_000 })
        .toBe(5);
      // A while longer: nothing is sent twice.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(notify.received).toHaveLength(5);
      const health = await fetch(`${second.url}/healthz`);
      expect(health.status).toBe(200);
      expect(((await health.json()) as { status: string }).status).toBe("ok");
    },
  );

  it("answers 503 with the spec's error while PostgreSQL is away, /healthz says so, and takes the next post once it is back", async () => {
    notify.received = [];
    notify.mode = "ok";
    // The server reaches PostgreSQL through a link this test can cut.
    const target = new URL(url);
    const sockets = new Set<net.Socket>();
    const link = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => link.listen(0, "127.0.0.1", resolve));
    const port = (link.address() as net.AddressInfo).port;
    const through = new URL(url);
    through.host = `127.0.0.1:${port}`;
    const site = await server({ DATABASE_URL: through.toString(), LEAD_RATE_LIMIT: "0" });
    expect((await post(site, "До сбоя")).status).toBe(303);

    await new Promise<void>((resolve) => {
      link.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    const refused = await post(site, "Во время сбоя");
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain(FORM_ERROR);
    const health = await fetch(`${site.url}/healthz`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { status: string }).status).toBe("store down");
    // Pages that need no store still work.
    expect((await fetch(`${site.url}/contacts`)).status).toBe(200);

    await new Promise<void>((resolve) => link.listen(port, "127.0.0.1", resolve));
    expect((await post(site, "После сбоя")).status).toBe(303);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    const comments = notify.received.map((r) => r.json?.fields.find((f) => f.key === "comment")?.value);
    expect(comments.filter((c) => c?.endsWith("сбоя"))).toEqual(["До сбоя", "После сбоя"]);
    link.close();
    for (const socket of sockets) socket.destroy();
  });
});

describe("a full disk under SQLite", () => {
  it("answers 503 with the spec's errors, writes nothing, says so at /healthz, and takes the next post once there is room, not counting the refused ones", async ({
    skip,
    onTestFinished,
  }) => {
    skip(process.getuid?.() !== 0, "mounting a small disk as DATA_DIR needs root (npm test runs as root)");
    // DATA_DIR on a disk of its own, 8 MB, filled up by another file while the server runs.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "full-disk-"));
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", dataDir], { stdio: "pipe" });
    } catch (error) {
      // A container without the right to mount (root without CAP_SYS_ADMIN): said, not failed.
      fs.rmSync(dataDir, { recursive: true, force: true });
      skip(true, `this machine does not let root mount a small disk: ${String((error as Error).message).trim()}`);
    }
    // Unmounted once the server on it has stopped.
    const onDisk: RunningServer[] = [];
    onTestFinished(async () => {
      for (const site of onDisk) await site.stop();
      // Lazily: this process may still hold the store file open (libsql lets a closed file go
      // once its statements are collected); the disk goes once nothing holds it.
      execFileSync("umount", ["--lazy", dataDir]);
    });
    notify.received = [];
    notify.mode = "ok";
    // Two posts of a visitor in the window: the refused ones must not use them up.
    const site = await startServer({
      NOTIFY_API_URL: notify.url,
      NOTIFY_API_KEY: "store-key",
      DATA_DIR: dataDir,
      LEAD_RATE_LIMIT: "2",
    });
    onDisk.push(site);
    expect((await post(site, "Перед заполнением")).status).toBe(303);

    const filler = path.join(dataDir, "filler");
    fillDisk(filler);
    const lead = await post(site, "Диск полон");
    expect(lead.status).toBe(503);
    expect(await lead.text()).toContain(FORM_ERROR);
    const upload = new FormData();
    for (const [k, v] of Object.entries(LEAD)) upload.append(k, v);
    upload.append("comment", "Список на полный диск");
    upload.append("files", new Blob(["артикул;количество\n"]), "список.csv");
    const uploaded = await fetch(`${site.url}${LEAD_UPLOAD_URL}`, {
      method: "POST",
      body: upload,
      headers: { Accept: "application/json" },
    });
    expect(uploaded.status).toBe(503);
    expect(((await uploaded.json()) as { formError: string }).formError).toBe(FORM_ERROR);
    const order = await fetch(`${site.url}/make-order`, {
      method: "POST",
      body: new URLSearchParams({ ...LEAD, email: "a@b.ru", city: "Красноярск" }),
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `cart=${IN_STOCK}.1` },
    });
    expect(order.status).toBe(503);
    expect(await order.text()).toContain(ORDER_ERROR);
    const health = await fetch(`${site.url}/healthz`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { status: string }).status).toBe("store down");
    // Pages that need no store still work.
    expect((await fetch(`${site.url}/contacts`)).status).toBe(200);
    // Nothing half-written: the first lead and its consent, nothing of the refused posts.
    expect(leadsIn(dataDir).map((l) => l.status)).toEqual(["delivered"]);
    expect(consentsIn(dataDir)).toHaveLength(1);
    expect(notify.received).toHaveLength(1);

    fs.rmSync(filler);
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    expect((await post(site, "После освобождения")).status).toBe(303);
    expect(comments()).toEqual(["Перед заполнением", "После освобождения"]);
    expect(leadsIn(dataDir).map((l) => l.status)).toEqual(["delivered", "delivered"]);
    // The window's two posts are used now.
    expect((await post(site, "Третья")).status).toBe(429);
  });
});

const LEAD = { name: "Иванов Иван", phone: "+7 (912) 345-67-89", consent: "on", page: "/" };
// A part in stock in the demo catalogue the server runs on (DEMO_PARTS_COUNT's default).
const IN_STOCK = generateParts(360)
  .flatMap((g) => g.parts)
  .find((p) => p.balance > 0)!.id;
const comments = () => notify.received.map((r) => r.json?.fields.find((f) => f.key === "comment")?.value);

/** Writes `file` until its disk has no room left. */
function fillDisk(file: string) {
  const fd = fs.openSync(file, "w");
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    fs.closeSync(fd);
  }
}
