import { describe, expect, it } from "vitest";
import { orderNumber } from "./order-number";

describe("orderNumber", () => {
  it("is the id's first 8 hex digits in upper case, in two groups", () => {
    expect(orderNumber("3f2a9c1b-7d4e-4a10-9b2c-0e5f6a7b8c9d")).toBe("3F2A-9C1B");
  });

  it("is always 9 characters for a UUID", () => {
    expect(orderNumber(crypto.randomUUID())).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
  });
});
