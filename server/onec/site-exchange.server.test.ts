import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { action, loader } from "~/routes/1c-exchange";
import { encodeXml, importXml, sampleCatalogue } from "../../test/commerceml";
import { ConfigError, parseConfig } from "../config.server";
import { createMemoryCatalogue, createMemoryOrders } from "./memory.server";
import { createSiteExchange } from "./site-exchange.server";

const env = { ONEC_EXCHANGE_USER: "site", ONEC_EXCHANGE_PASSWORD: "pa:ss" };

describe("the exchange's settings", () => {
  it("is off unless both the user and the password are set, and refuses one without the other", () => {
    expect(createSiteExchange(parseConfig({}))).toBeUndefined();
    expect(() => parseConfig({ ONEC_EXCHANGE_USER: "site" })).toThrow(ConfigError);
    expect(() => parseConfig({ ONEC_EXCHANGE_USER: "site" })).toThrow(/ONEC_EXCHANGE_PASSWORD: required/);
    expect(() => parseConfig({ ONEC_EXCHANGE_PASSWORD: "x" })).toThrow(/ONEC_EXCHANGE_USER: required/);
    const config = parseConfig({ ...env, ONEC_PRICE_TYPE: " Розничная " });
    expect(config.ONEC_PRICE_TYPE).toBe("Розничная");
    expect(config.ONEC_ORDERS_ENCODING).toBe("utf-8");
    expect(parseConfig({ ONEC_ORDERS_ENCODING: "windows-1251" }).ONEC_ORDERS_ENCODING).toBe("windows-1251");
    expect(() => parseConfig({ ONEC_ORDERS_ENCODING: "cp866" })).toThrow(
      /ONEC_ORDERS_ENCODING: должно быть utf-8 или windows-1251/,
    );
  });
});

describe("the /1c-exchange route", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function context(on: boolean) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "onec-route-"));
    dirs.push(dir);
    const catalogue = createMemoryCatalogue();
    const config = parseConfig({ ...(on ? env : {}), DATA_DIR: dir });
    const exchange = createSiteExchange(config, { catalogue, orders: createMemoryOrders() });
    return { catalogue, context: { services: { config, exchange } } as unknown as AppLoadContext };
  }

  const call = (ctx: AppLoadContext, search: string, init: RequestInit = {}) => {
    const request = new Request(`http://site.test/1c-exchange?${search}`, init);
    const args = { request, context: ctx, params: {} };
    return (init.method === "POST" ? action(args) : loader(args)) as Promise<Response>;
  };

  it("answers as an unknown address when the exchange is off", async () => {
    const { context: ctx } = context(false);
    const get = await call(ctx, "type=catalog&mode=checkauth");
    expect([get.status, get.headers.get("Location")]).toEqual([302, "/not-found"]);
    const post = await call(ctx, "type=catalog&mode=file&filename=import.xml", { method: "POST", body: "x" });
    expect([post.status, post.headers.get("Location")]).toEqual([303, "/not-found"]);
  });

  it("takes a streamed body through the route into the catalogue", async () => {
    const { context: ctx, catalogue } = context(true);
    const auth = { Authorization: `Basic ${Buffer.from("site:pa:ss").toString("base64")}` };
    const lines = (await (await call(ctx, "type=catalog&mode=checkauth", { headers: auth })).text()).split("\n");
    expect(lines[0]).toBe("success");
    const headers = { Cookie: `${lines[1]}=${lines[2]}` };
    expect(await (await call(ctx, "type=catalog&mode=init", { headers })).text()).toMatch(/^zip=yes\n/);
    const sample = sampleCatalogue(5);
    const bytes = encodeXml(importXml({ groups: sample.groups, goods: sample.goods }), "utf-8");
    const body = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 300) controller.enqueue(new Uint8Array(bytes.subarray(i, i + 300)));
        controller.close();
      },
    });
    const file = await call(ctx, "type=catalog&mode=file&filename=import.xml", {
      method: "POST",
      headers,
      body,
      duplex: "half",
    } as RequestInit);
    expect(await file.text()).toBe("success");
    let answer = "progress";
    while (answer.startsWith("progress")) {
      answer = await (await call(ctx, "type=catalog&mode=import&filename=import.xml", { headers })).text();
    }
    expect(answer.split("\n")[0]).toBe("success");
    expect(catalogue.parts().map((p) => p.id)).toEqual(sample.goods.map((g) => g.id));
    const wrong = await call(ctx, "type=catalog&mode=checkauth", {
      headers: { Authorization: `Basic ${Buffer.from("site:nope").toString("base64")}` },
    });
    expect([wrong.status, (await wrong.text()).split("\n")[0]]).toEqual([401, "failure"]);
  });
});
