import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import type { CompanyDirectory } from "~server/dadata.server";
import { createVisitorLimit } from "~server/rate-limit.server";
import { loader } from "./api.company-suggest";

const ROMASHKA = { inn: "2465000014", name: "ООО «Ромашка»", address: "г Красноярск" };

function site(limit: number) {
  const asked: string[] = [];
  const companies: CompanyDirectory = {
    enabled: true,
    suggest: async (query) => {
      asked.push(query);
      return [ROMASHKA];
    },
    findByInn: async () => undefined,
  };
  const services = { companies, companySuggestLimit: createVisitorLimit({ limit, windowMs: 60_000 }) };
  const ask = async (q: string, clientIp = "203.0.113.7") => {
    const res = await loader({
      request: new Request(`https://faw.example/api/company-suggest?q=${q}`),
      context: { services, clientIp } as unknown as AppLoadContext,
      params: {},
    });
    return [res.status, ((await res.json()) as { items: unknown[] }).items.length];
  };
  return { ask, asked };
}

describe("/api/company-suggest's limit per visitor (COMPANY_SUGGEST_RATE_LIMIT)", () => {
  it("answers 429 with no suggestions once a visitor is over it, without asking the register, and serves another visitor", async () => {
    const { ask, asked } = site(2);
    expect([await ask("246"), await ask("2465"), await ask("24650")]).toEqual([
      [200, 1],
      [200, 1],
      [429, 0],
    ]);
    expect(asked).toEqual(["246", "2465"]);
    expect(await ask("246", "203.0.113.8")).toEqual([200, 1]);
  });

  it("does not count what is never sent to the register (fewer than 3 digits)", async () => {
    const { ask, asked } = site(1);
    expect([await ask("2"), await ask("24"), await ask("246"), await ask("2465")]).toEqual([
      [200, 0],
      [200, 0],
      [200, 1],
      [429, 0],
    ]);
    expect(asked).toEqual(["246"]);
  });
});
