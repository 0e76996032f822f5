import { describe, expect, it } from "vitest";
import { createVisitorLimit } from "./rate-limit.server";

async function answers(limit: { over(ip: string): Promise<boolean> }, ips: string[]) {
  const out = [];
  for (const ip of ips) out.push(await limit.over(ip));
  return out;
}

describe("createVisitorLimit", () => {
  it("lets `limit` requests per visitor through, then says the next ones are over", async () => {
    const limit = createVisitorLimit({ limit: 2, windowMs: 60_000 });
    expect(await answers(limit, ["203.0.113.1", "203.0.113.1", "203.0.113.1", "203.0.113.1"])).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it("counts each visitor apart, an IPv6 subscriber's /64 as one visitor", async () => {
    const limit = createVisitorLimit({ limit: 1, windowMs: 60_000 });
    expect(
      await answers(limit, [
        "203.0.113.1",
        "203.0.113.2",
        "2001:db8:1:2::a",
        "2001:db8:1:2::b",
        "2001:db8:1:3::a",
        "203.0.113.1",
      ]),
    ).toEqual([false, false, false, true, false, true]);
  });

  it("starts counting anew once the window has gone by", async () => {
    const limit = createVisitorLimit({ limit: 1, windowMs: 50 });
    expect(await answers(limit, ["203.0.113.1", "203.0.113.1"])).toEqual([false, true]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await limit.over("203.0.113.1")).toBe(false);
  });

  it("takes back a request given back, for that visitor only", async () => {
    const limit = createVisitorLimit({ limit: 1, windowMs: 60_000 });
    expect(await limit.over("203.0.113.1")).toBe(false);
    await limit.refund("203.0.113.1");
    expect(await answers(limit, ["203.0.113.1", "203.0.113.1"])).toEqual([false, true]);
    await limit.refund("203.0.113.2");
    expect(await answers(limit, ["203.0.113.2", "203.0.113.2"])).toEqual([false, true]);
  });

  it("lets everything through at a limit of 0 (LEAD_RATE_LIMIT=0)", async () => {
    const limit = createVisitorLimit({ limit: 0, windowMs: 60_000 });
    expect((await answers(limit, Array(20).fill("203.0.113.1"))).every((over) => !over)).toBe(true);
  });
});
