import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { companySuggestRateLimit, leadRateLimit } from "./rate-limit.server";

let close: (() => void) | undefined;
afterEach(() => close?.());

/** An app with the limit in front of a handler that says whether the post was marked. */
async function site(limit: number, trustProxy: false | string[] = false) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.post("/lead/:form", leadRateLimit({ limit }), (_req, res) => {
    res.json({ over: Boolean(res.locals.overLeadLimit) });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (headers: Record<string, string> = {}, query = "") => {
    const res = await fetch(`${base}/lead/callback${query}`, { method: "POST", headers });
    return ((await res.json()) as { over: boolean }).over;
  };
}

describe("leadRateLimit", () => {
  it("lets `limit` posts per visitor through, then marks the next ones", async () => {
    const post = await site(2);
    expect([await post(), await post(), await post(), await post()]).toEqual([false, false, true, true]);
  });

  it("does not count a recalculation, which sends nothing, nor let it hide a post that does", async () => {
    const post = await site(1);
    const recalculate = () => post({}, "?page=%2Fleasing&intent=recalculate");
    expect([await recalculate(), await recalculate(), await post(), await recalculate(), await post()]).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it("counts the TCP peer while no proxy is trusted, whatever X-Forwarded-For says", async () => {
    const post = await site(1);
    expect([
      await post({ "X-Forwarded-For": "203.0.113.1" }),
      await post({ "X-Forwarded-For": "203.0.113.2" }),
    ]).toEqual([false, true]);
  });

  it("counts the forwarded address behind a trusted proxy", async () => {
    const post = await site(1, ["loopback"]);
    const answers = [];
    for (const ip of ["203.0.113.1", "203.0.113.1", "203.0.113.2"]) answers.push(await post({ "X-Forwarded-For": ip }));
    expect(answers).toEqual([false, true, false]);
  });

  it("lets everything through at a limit of 0 (LEAD_RATE_LIMIT=0)", async () => {
    const post = await site(0);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await post());
    expect(answers.every((over) => !over)).toBe(true);
  });
});

describe("companySuggestRateLimit", () => {
  it("answers 429 with no suggestions once a visitor is over the limit", async () => {
    const app = express();
    app.get("/api/company-suggest", companySuggestRateLimit({ limit: 2 }), (_req, res) => {
      res.json({ q: "246", items: [{ inn: "2465000001", name: "ООО «Ромашка»" }] });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => server.close();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/company-suggest?q=246`;
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(url);
      answers.push([res.status, ((await res.json()) as { items: unknown[] }).items.length]);
    }
    expect(answers).toEqual([
      [200, 1],
      [200, 1],
      [429, 0],
    ]);
  });
});
