import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

describe("createRateLimiter", () => {
  it("lets `limit` hits per key through in a window, then refuses until the window ends", () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000, now: () => t });
    expect([limiter.hit("a"), limiter.hit("a"), limiter.hit("a"), limiter.hit("b")]).toEqual([true, true, false, true]);
    t = 1000;
    expect(limiter.hit("a")).toBe(true);
  });

  it("lets everything through at a limit of 0 (LEAD_RATE_LIMIT=0)", () => {
    const limiter = createRateLimiter({ limit: 0, windowMs: 1000 });
    expect(Array.from({ length: 100 }, () => limiter.hit("a")).every(Boolean)).toBe(true);
  });
});
