import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { derivedOrderNumber, newOrderNumber } from "~/lib/order-number";
import { takeOrderNumber } from "./order-numbers.server";

let dataDir: string;
let where: { dataDir: string; leadsDir: string };
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "order-numbers-"));
  where = { dataDir, leadsDir: path.join(dataDir, "leads") };
  fs.mkdirSync(where.leadsDir);
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("the order numbers given out", () => {
  it("gives a number once, of two orders asking at once to one", async () => {
    const both = await Promise.all([
      takeOrderNumber(where, "4821-0937", "a"),
      takeOrderNumber(where, "4821-0937", "b"),
    ]);
    expect(both.sort()).toEqual([false, true]);
    expect(await takeOrderNumber(where, "4821-0937", "c")).toBe(false);
    expect(await takeOrderNumber(where, "4821-0938", "c")).toBe(true);
  });

  it("never gives the number of an order kept before numbers were drawn", async () => {
    // An old order whose id's first hex digits happen to be digits: its number is '2025-1203'.
    const old = "20251203-7d4e-4a10-9b2c-0e5f6a7b8c9d";
    fs.mkdirSync(path.join(where.leadsDir, old));
    expect(derivedOrderNumber(old)).toBe("2025-1203");
    expect(await takeOrderNumber(where, "2025-1203", "new")).toBe(false);
    const draws = [20251203, 20251204];
    await expect(newOrderNumber((n) => takeOrderNumber(where, n, "new"), { draw: () => draws.shift()! })).resolves.toBe(
      "2025-1204",
    );
  });

  it("refuses anything but a number of the new form", async () => {
    await expect(takeOrderNumber(where, "../x", "a")).rejects.toThrow(/bad order number/);
  });
});
