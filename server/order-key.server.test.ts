import { describe, expect, it } from "vitest";
import { isLeadId } from "./lead-record.server";
import { issueOrderKey, orderIdOfKey } from "./order-key.server";

describe("the order form's key", () => {
  it("names a new lead id, signed by this server", () => {
    const key = issueOrderKey(["secret"]);
    const id = orderIdOfKey(key, ["secret"]);
    expect(id && isLeadId(id)).toBe(true);
    expect(key.startsWith(`${id}.`)).toBe(true);
    expect(orderIdOfKey(issueOrderKey(["secret"]), ["secret"])).not.toBe(id);
  });

  it("is taken under an older secret while secrets rotate, and never one signed elsewhere or made up", () => {
    const key = issueOrderKey(["old"]);
    expect(orderIdOfKey(key, ["new", "old"])).toBeDefined();
    expect(orderIdOfKey(key, ["other"])).toBeUndefined();
    const [id] = key.split(".");
    for (const forged of [id, `${id}.`, `${id}.AAAA`, `${key}.x`, "x.y", "", "not-a-uuid.abc"])
      expect(orderIdOfKey(forged, ["old"])).toBeUndefined();
    expect(orderIdOfKey(undefined, ["old"])).toBeUndefined();
  });
});
