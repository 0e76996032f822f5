import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEALER, LEGAL } from "~/content";
import type { CatalogueSnapshot } from "~/lib/catalogue-snapshot";
import type { Part } from "~/lib/part";
import { loader } from "~/routes/feeds.yandex-market[.]yml";
import { part, snapshotOf } from "../../test/catalogue-fixtures";
import { parseConfig } from "../config.server";
import { createServices } from "../context.server";
import { storeFor } from "../../test/stores";
import type { PartsGateway } from "../parts-gateway.server";
import fc from "fast-check";
import { categoryId, offerId, ymlDate, ymlPrice } from "./yml-feed.server";

const SITE = "https://faw.example";
const FEED = `${SITE}/feeds/yandex-market.yml`;

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "yml-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function contextWith(parts?: PartsGateway): AppLoadContext {
  const config = parseConfig({ DATA_DIR: dataDir, SITE_URL: SITE });
  return {
    services: createServices(config, storeFor(config), parts ? { parts } : {}),
    nonce: "",
    clientIp: "",
  } as AppLoadContext;
}

function gatewayOf(snapshot: CatalogueSnapshot, fetchedAt = Date.now()): PartsGateway {
  return { getCatalogue: async () => snapshot, current: () => ({ parts: snapshot.parts.length, fetchedAt }) };
}

async function get(context: AppLoadContext, headers: Record<string, string> = {}) {
  return (await loader({ request: new Request(FEED, { headers }), context, params: {} })) as Response;
}

interface Offer {
  "@_id": string;
  "@_available": string;
  url: string;
  price: string;
  currencyId: string;
  categoryId: string;
  picture?: string;
  name: string;
  vendor?: string;
  vendorCode?: string;
  description?: string;
  count: string;
}

/** The feed parsed back as Yandex reads it: well-formed XML first, every text as written. */
function parseFeed(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    isArray: (name) => ["offer", "category", "picture"].includes(name),
  });
  const doc = parser.parse(xml) as {
    yml_catalog: {
      "@_date": string;
      shop: {
        name: string;
        company: string;
        url: string;
        currencies: { currency: { "@_id": string; "@_rate": string } };
        categories: { category: { "@_id": string; "#text": string }[] };
        offers: { offer: Offer[] } | "";
      };
    };
  };
  const shop = doc.yml_catalog.shop;
  return { date: doc.yml_catalog["@_date"], shop, offers: shop.offers === "" ? [] : shop.offers.offer };
}

/** The offer a part must be, as Yandex would read it. */
function expectedOffer(p: Part, categoryId: number): Record<string, string> {
  const offer: Record<string, string> = {
    "@_id": offerId(p.id),
    "@_available": String(p.balance > 0),
    url: `${SITE}/catalog/parts/${encodeURIComponent(p.slug)}`,
    price: ymlPrice(p.price),
    currencyId: "RUR",
    categoryId: String(categoryId),
    name: p.fullName || p.name,
    count: String(p.balance),
  };
  if (p.brand) offer.vendor = p.brand;
  if (p.article) offer.vendorCode = p.article;
  if (p.description) offer.description = p.description;
  return offer;
}

describe("the Yandex feed", () => {
  it("offers every priced part of the demo catalogue exactly as the catalogue holds it", async () => {
    const context = contextWith();
    const response = await get(context);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const { date, shop, offers } = parseFeed(await response.text());
    const catalogue = await context.services.parts.getCatalogue();

    expect(date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(shop.name).toBe(DEALER.name);
    expect(shop.company).toBe(LEGAL.name);
    expect(shop.url).toBe(SITE);
    expect(shop.currencies.currency).toEqual({ "@_id": "RUR", "@_rate": "1" });
    expect(shop.categories.category.map((c) => c["#text"])).toEqual(catalogue.groups);
    const categoryOf = new Map(shop.categories.category.map((c) => [c["#text"], Number(c["@_id"])]));
    expect([...categoryOf.values()]).toEqual(catalogue.groups.map(categoryId));

    const priced = catalogue.parts.filter((p) => p.price > 0);
    expect(priced.length).toBeGreaterThan(300);
    expect(offers).toHaveLength(priced.length);
    const byId = new Map(offers.map((offer) => [offer["@_id"], offer]));
    expect(byId.size).toBe(offers.length);
    for (const p of priced) {
      const { picture, ...offer } = byId.get(offerId(p.id))!;
      expect(offer).toEqual(expectedOffer(p, categoryOf.get(p.group)!));
      expect(picture).toEqual([new URL(p.images[0], SITE).href]);
    }
  });

  it("escapes every text, leaves out what XML forbids, parts without a price and pictures it cannot place", async () => {
    const tricky = part(`Шайба <М12> & "гровер" 'DIN'\u0001`, {
      fullName: `Шайба <М12> & "гровер" 'DIN'\u0001`,
      article: "A&B<1>",
      group: `Группа "A&B"`,
      description: "Размер > 10 & < 20\u000b мм",
      images: ["https://cdn.example/a.webp?x=1&y=2"],
      balance: 0,
    });
    const free = part("Бесплатная деталь", { price: 0 });
    const plain = part("Болт", { images: [], price: 12.5 });
    const { shop, offers } = parseFeed(
      await (await get(contextWith(gatewayOf(snapshotOf([tricky, free, plain]))))).text(),
    );

    expect(shop.categories.category.map((c) => c["#text"])).toEqual([`Группа "A&B"`, "FAW J6P"]);
    expect(offers.map((o) => o["@_id"])).toEqual([tricky.id, plain.id]);
    const [trickyGroup, plainGroup] = [categoryId(`Группа "A&B"`), categoryId("FAW J6P")];
    expect(offers[0]).toMatchObject({
      "@_available": "false",
      name: `Шайба <М12> & "гровер" 'DIN'`,
      vendorCode: "A&B<1>",
      description: "Размер > 10 & < 20 мм",
      picture: ["https://cdn.example/a.webp?x=1&y=2"],
      count: "0",
      categoryId: String(trickyGroup),
    });
    expect(offers[1]).toMatchObject({ price: "12.50", categoryId: String(plainGroup) });
    expect(offers[1].picture).toBeUndefined();
    expect(offers[1].vendorCode).toBeUndefined();
  });

  it("answers a repeat request for the same catalogue with 304, by ETag or by date", async () => {
    const snapshot = snapshotOf([part("Фильтр масляный")]);
    const context = contextWith(gatewayOf(snapshot, Date.UTC(2026, 10, 27, 5, 4, 3, 500)));
    const first = await get(context);
    const etag = first.headers.get("ETag")!;
    const lastModified = first.headers.get("Last-Modified")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(lastModified).toBe("Fri, 27 Nov 2026 05:04:03 GMT");
    expect(parseFeed(await first.text()).date).toBe("2026-11-27T12:04:03+07:00");

    const byTag = await get(context, { "If-None-Match": etag });
    expect(byTag.status).toBe(304);
    expect(byTag.body).toBeNull();
    expect(byTag.headers.get("ETag")).toBe(etag);
    expect((await get(context, { "If-Modified-Since": lastModified })).status).toBe(304);
    // An older copy, or another catalogue's tag, gets the feed.
    expect((await get(context, { "If-Modified-Since": "Fri, 27 Nov 2026 05:04:02 GMT" })).status).toBe(200);
    expect(
      (await get(context, { "If-None-Match": 'W/"catalogue-0-0"', "If-Modified-Since": lastModified })).status,
    ).toBe(200);
  });

  it("gives a newer catalogue a new ETag", async () => {
    let snapshot = snapshotOf([part("Фильтр масляный")]);
    const context = contextWith({ getCatalogue: async () => snapshot, current: () => undefined });
    const etag = (await get(context)).headers.get("ETag")!;
    snapshot = { ...snapshotOf([part("Фильтр воздушный")]), version: 2 };
    const next = await get(context, { "If-None-Match": etag });
    expect(next.status).toBe(200);
    expect(next.headers.get("ETag")).not.toBe(etag);
    expect(parseFeed(await next.text()).offers.map((o) => o.name)).toEqual(["Фильтр воздушный"]);
  });

  it("is 503 while no catalogue can be had", async () => {
    const down: PartsGateway = { getCatalogue: () => Promise.reject(new Error("down")), current: () => undefined };
    const response = await get(contextWith(down)).catch((thrown: Response) => thrown);
    expect(response.status).toBe(503);
  });
});

/** A part as 1C's exchange gives it: a GUID for an id. */
const guid = (n: number) => `3f2504e0-4f89-11d3-9a0c-${String(n).padStart(12, "0")}`;

describe("the Yandex feed's ids, makers and stock, by Яндекс's rules", () => {
  it("gives offer ids of 1–20 Latin letters and digits, a pure function of the part's id", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), (id) => {
        expect(offerId(id)).toMatch(/^[A-Za-z0-9]{1,20}$/);
        expect(offerId(id)).toBe(offerId(`${id}`));
      }),
    );
    // An id Яндекс takes as it is stays itself; a GUID becomes 20 characters of its hash.
    expect(offerId("10042")).toBe("10042");
    expect(offerId("A12b")).toBe("A12b");
    expect(offerId(guid(1))).toMatch(/^[0-9a-z]{20}$/);
    expect(offerId("a".repeat(21))).toMatch(/^[0-9a-z]{20}$/);
    expect(offerId("WG9725520274-1")).not.toBe("WG9725520274-1");
    const many = Array.from({ length: 20_000 }, (_, i) => offerId(guid(i)));
    expect(new Set(many).size).toBe(many.length);
  });

  it("keeps every offer's id and category id when a group is added and the groups are reordered", async () => {
    const filter = part("Фильтр масляный", { id: guid(1), group: "Фильтры", brand: "MANN" });
    const damper = part("Амортизатор", { id: guid(2), group: "Подвеска", brand: "Monroe" });
    const bolt = part("Болт", { id: "10042", group: "Крепёж" });
    const first = parseFeed(await (await get(contextWith(gatewayOf(snapshotOf([filter, damper, bolt]))))).text());
    const clutch = part("Диск сцепления", { id: guid(3), group: "Сцепление", brand: "SACHS" });
    const second = parseFeed(
      await (await get(contextWith(gatewayOf({ ...snapshotOf([clutch, bolt, damper, filter]), version: 2 })))).text(),
    );

    const ids = (feed: typeof first) => new Map(feed.offers.map((o) => [o.name, [o["@_id"], o.categoryId]]));
    const before = ids(first);
    const after = ids(second);
    for (const name of ["Фильтр масляный", "Амортизатор", "Болт"]) expect(after.get(name)).toEqual(before.get(name));
    const categories = (feed: typeof first) =>
      new Map(feed.shop.categories.category.map((c) => [c["#text"], c["@_id"]]));
    for (const [group, id] of categories(first)) expect(categories(second).get(group)).toBe(id);
    expect(second.shop.categories.category.map((c) => c["#text"])).toEqual([
      "Сцепление",
      "Крепёж",
      "Подвеска",
      "Фильтры",
    ]);
    const categoryIds = second.shop.categories.category.map((c) => c["@_id"]);
    expect(new Set(categoryIds).size).toBe(4);
    for (const id of categoryIds) expect(id).toMatch(/^[1-9]\d{0,14}$/);
    for (const offer of second.offers) expect(offer["@_id"]).toMatch(/^[A-Za-z0-9]{1,20}$/);
  });

  it("names the maker only when the parts API gives it, never FAW from a name that mentions FAW", async () => {
    const monroe = part("Амортизатор кабины FAW J6", { brand: "Monroe" });
    const unknown = part("Фильтр топливный FAW J6");
    const blank = part("Датчик FAW", { brand: "" });
    const { offers } = parseFeed(
      await (await get(contextWith(gatewayOf(snapshotOf([monroe, unknown, blank]))))).text(),
    );
    expect(offers.map((o) => o.vendor)).toEqual(["Monroe", undefined, undefined]);
  });

  it("gives `count` as a whole number of at least zero, and an offer without stock as not available", async () => {
    const parts = [
      part("A", { balance: 3 }),
      part("B", { balance: 0 }),
      part("C", { balance: -2 }),
      part("D", { balance: 2.7 }),
    ];
    const { offers } = parseFeed(await (await get(contextWith(gatewayOf(snapshotOf(parts))))).text());
    expect(offers.map((o) => [o.count, o["@_available"]])).toEqual([
      ["3", "true"],
      ["0", "false"],
      ["0", "false"],
      ["2", "true"],
    ]);
  });
});

describe("ymlDate", () => {
  it("writes the moment in Krasnoyarsk time with its offset", () => {
    expect(ymlDate(new Date("2026-12-31T20:30:00Z"))).toBe("2027-01-01T03:30:00+07:00");
  });
});
