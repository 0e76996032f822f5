import { describe, expect, it } from "vitest";
import { GIVE_UP_AFTER_MS, MAX_RETRY_DELAY_MS, retryDelayMs } from "./retry-schedule.server";

const BASE = 60_000;

describe("retryDelayMs", () => {
  it("waits the base after the first failure and doubles after each next one, at most an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n, BASE) / 1000)).toEqual([
      60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
    expect(retryDelayMs(10_000, BASE)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(3, 1000)).toBe(4000);
  });

  it("makes about 175 attempts in 7 days at the default base", () => {
    let t = 0;
    let attempts = 1;
    while (t + retryDelayMs(attempts, BASE) < GIVE_UP_AFTER_MS) t += retryDelayMs(attempts++, BASE);
    expect(attempts).toBeGreaterThan(160);
    expect(attempts).toBeLessThan(180);
  });
});
