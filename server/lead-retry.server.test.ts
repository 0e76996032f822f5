import { describe, expect, it } from "vitest";
import { inTurn, type RetrySource } from "./lead-retry.server";
import type { PassReport as RetryReport } from "./store/sender.server";

function source(report: Partial<RetryReport>, calls: string[], name: string): RetrySource {
  return {
    async retryPass({ mode }) {
      calls.push(`${name}:${mode}`);
      return { delivered: 0, undelivered: 0, failed: 0, waiting: 0, ...report };
    },
  };
}

describe("inTurn", () => {
  it("passes over each outbox in turn, adds the reports up and keeps the earliest due", async () => {
    const calls: string[] = [];
    const both = inTurn(
      source({ delivered: 2, undelivered: 1, waiting: 1, nextDueAt: 5000 }, calls, "leads"),
      source({ delivered: 1, failed: 1, waiting: 2, nextDueAt: 3000 }, calls, "mail"),
    );
    expect(await both.retryPass({ mode: "due" })).toEqual({
      delivered: 3,
      undelivered: 1,
      failed: 1,
      waiting: 3,
      nextDueAt: 3000,
    });
    expect(calls).toEqual(["leads:due", "mail:due"]);
  });

  it("has nothing due when no outbox has", async () => {
    const report = await inTurn(source({}, [], "leads"), source({}, [], "mail")).retryPass({ mode: "all" });
    expect(report.nextDueAt).toBeUndefined();
  });
});
