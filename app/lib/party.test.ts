import { describe, expect, it } from "vitest";
import { companyFields, companyQuery, companyText, partyLabel, type Party } from "./party";

const company: Party = {
  inn: "2465000014",
  name: "ООО «Ромашка»",
  kpp: "246601001",
  address: "г Красноярск, ул Ленина, д 1",
};
const soleTrader: Party = { inn: "246500012341", name: "ИП Иванов Иван Иванович", address: "г Красноярск" };

describe("party", () => {
  it("writes a company as its name, КПП and address", () => {
    expect(companyText(company)).toBe("ООО «Ромашка», КПП 246601001, г Красноярск, ул Ленина, д 1");
    expect(partyLabel(company)).toBe("ООО «Ромашка», КПП 246601001");
  });

  it("writes a sole trader without a КПП, and a party without an address without it", () => {
    expect(companyText(soleTrader)).toBe("ИП Иванов Иван Иванович, г Красноярск");
    expect(companyText({ inn: "2465000014", name: "ООО «Ромашка»" })).toBe("ООО «Ромашка»");
  });

  it("adds the company field only when a company was found", () => {
    expect(companyFields(undefined)).toEqual([]);
    expect(companyFields(company)).toEqual([{ key: "company", value: companyText(company) }]);
  });

  it("asks about 3 to 12 digits only", () => {
    expect(companyQuery("24")).toBeNull();
    expect(companyQuery("246")).toBe("246");
    expect(companyQuery(" 246500012341 ")).toBe("246500012341");
    expect(companyQuery("2465000123453")).toBeNull();
    expect(companyQuery("24a5")).toBeNull();
    expect(companyQuery(null)).toBeNull();
  });
});
