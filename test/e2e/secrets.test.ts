import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeNotify, type FakeNotify } from "../fake-notify";
import { startServer, type RunningServer } from "./harness";

// `npm test` builds with NOTIFY_API_KEY set to this sentinel, so a key inlined at build time would show.
const BUILD_KEY = process.env.BUILD_NOTIFY_KEY_SENTINEL;
const RUNTIME_KEY = `runtime-key-${Math.random().toString(36).slice(2)}-${Date.now()}`;

let server: RunningServer;
let notify: FakeNotify;

beforeAll(async () => {
  notify = await startFakeNotify();
  server = await startServer({ NOTIFY_API_URL: notify.url, NOTIFY_API_KEY: RUNTIME_KEY });
});

afterAll(async () => {
  await server?.stop();
  await notify?.close();
});

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe("the notify access key stays on the server", () => {
  it("is in no file of the build output or public/", () => {
    const files = [...filesUnder("build"), ...filesUnder("public")];
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const content = fs.readFileSync(file);
      expect(content.includes(RUNTIME_KEY), file).toBe(false);
      if (BUILD_KEY) expect(content.includes(BUILD_KEY), file).toBe(false);
    }
  });

  it("is sent to the notify service but appears in no page and no log line", async () => {
    const pages = [
      "/",
      "/catalog/parts",
      "/catalog/trucks",
      "/contacts",
      "/delivery?modal=callback",
      "/lead/parts-list",
      "/cart",
    ];
    for (const page of pages) {
      const html = await (await fetch(server.url + page)).text();
      expect(html).not.toContain(RUNTIME_KEY);
    }
    const body = new URLSearchParams({ name: "Иван", phone: "+7 (912) 345-67-89", consent: "on", page: "/" });
    const res = await fetch(`${server.url}/lead/callback`, { method: "POST", body, redirect: "manual" });
    expect(res.status).toBe(303);
    expect(notify.received[0].headers["x-api-key"]).toBe(RUNTIME_KEY);
    notify.mode = "fail";
    // Another lead (the same fields again would be the first one's post repeated, answered as sent).
    body.set("comment", "Вторая заявка");
    await fetch(`${server.url}/lead/callback`, { method: "POST", body, redirect: "manual" });
    // The failure reaches the log through the server's stdout, a moment after the answer.
    await expect
      .poll(() => server.logs(), { timeout: 10_000 })
      .toContain('"msg":"notify failed, lead kept in the store"');
    expect(server.logs()).toContain('"msg":"notify"');
    expect(server.logs()).not.toContain(RUNTIME_KEY);
    // Nor the visitor's personal data.
    expect(server.logs()).not.toContain("+7 (912) 345-67-89");
    expect(server.logs()).not.toContain("Иван");
  });
});
