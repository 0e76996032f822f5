import { describe, expect, it } from "vitest";
import {
  GIVE_UP_AFTER_MS,
  isExpired,
  MAX_RETRY_DELAY_MS,
  nextAttemptAt,
  PENDING_GRACE_MS,
  retryDelayMs,
} from "./retry-schedule.server";

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

describe("nextAttemptAt", () => {
  const createdAt = "2025-03-01T10:00:00.000Z";
  const created = Date.parse(createdAt);

  it("is the last attempt plus the backoff", () => {
    const lead = {
      id: "x",
      status: "undelivered" as const,
      createdAt,
      attempts: 3,
      lastAttemptAt: "2025-03-01T10:07:00.000Z",
    };
    expect(nextAttemptAt(lead, BASE)).toBe(Date.parse("2025-03-01T10:11:00.000Z"));
  });

  it("leaves a pending lead (never tried) alone for the grace period: its sender may still be at it", () => {
    expect(nextAttemptAt({ id: "x", status: "pending", createdAt, attempts: 0 }, BASE)).toBe(
      created + PENDING_GRACE_MS,
    );
  });
});

describe("isExpired", () => {
  it("gives up 7 days after the lead was written", () => {
    const createdAt = "2025-03-01T10:00:00.000Z";
    expect(isExpired({ createdAt }, Date.parse(createdAt) + GIVE_UP_AFTER_MS - 1)).toBe(false);
    expect(isExpired({ createdAt }, Date.parse(createdAt) + GIVE_UP_AFTER_MS)).toBe(true);
  });
});
