/**
 * Pictures a parts API gives as paths: one naming a file of the site's public/ is the site's own;
 * any other ('/img/123.jpg', as 1C's web services give them) is loaded from the parts API's host,
 * at the same address on the part page and in the Yandex feed, and the page's policy lets it show.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import type { Response as PageResponse } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { offerId } from "~server/feeds/yml-feed.server";
import { listenOnLoopback } from "../server-process";
import { MODES, openPage, serverAndBrowser } from "./harness";

const SITE_FILE = "/images/parts/filter.webp";
const API_PICTURE = "/img/123.jpg";
const groups = generateParts(30);
const [first, ...rest] = groups;
const [fromApi, fromSite] = first.parts;
const catalogue = [
  {
    ...first,
    parts: [{ ...fromApi, images: [API_PICTURE] }, { ...fromSite, images: [SITE_FILE] }, ...first.parts.slice(2)],
  },
  ...rest,
];
const picture = fs.readFileSync(path.join("public", SITE_FILE));

let api: { url: string; close: () => Promise<void> };
const pictureHits: string[] = [];
beforeAll(async () => {
  api = await listenOnLoopback(
    http.createServer((req, res) => {
      if (req.url === "/parts")
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(catalogue));
      else if (req.url === API_PICTURE) {
        pictureHits.push(req.url);
        res.writeHead(200, { "content-type": "image/webp" }).end(picture);
      } else res.writeHead(404).end();
    }),
  );
});
afterAll(() => api?.close());
const suite = serverAndBrowser(() => ({ PARTS_API_URL: api.url }));

describe.each(MODES)("a part picture given as a path of the parts API $name", ({ javaScriptEnabled }) => {
  it.each([
    { size: "phone", mobile: true },
    { size: "desktop", mobile: false },
  ])("shows on the part page from the parts API's host ($size)", async ({ mobile }) => {
    const address = `${api.url}${API_PICTURE}`;
    let loaded: Promise<PageResponse> | undefined;
    const { page, errors } = await openPage(suite, `/catalog/parts/${fromApi.slug}`, {
      javaScriptEnabled,
      mobile,
      init: (tab) => {
        loaded = tab.waitForResponse(address, { timeout: 10_000 });
      },
    });
    const main = page.getByRole("img", { name: fromApi.fullName || fromApi.name }).first();
    expect(await main.getAttribute("src")).toBe(address);
    // Blocked by the page's policy, it would never be asked for.
    expect((await loaded!).status()).toBe(200);
    expect(errors.filter((e) => /Content Security Policy|img-src/i.test(e))).toEqual([]);

    const own = await openPage(suite, `/catalog/parts/${fromSite.slug}`, { javaScriptEnabled, mobile });
    const ownMain = own.page.getByRole("img", { name: fromSite.fullName || fromSite.name }).first();
    expect(await ownMain.getAttribute("src")).toBe(SITE_FILE);
  });
});

describe("the Yandex feed of that catalogue", () => {
  it("gives the same absolute address as the page, and the site's own files on the site", async () => {
    const xml = await (await fetch(`${suite.server.url}/feeds/yandex-market.yml`)).text();
    const offers = new XMLParser({
      ignoreAttributes: false,
      parseTagValue: false,
      isArray: (n) => n === "offer",
    }).parse(xml).yml_catalog.shop.offers.offer as { "@_id": string; picture?: string }[];
    const pictureOf = (id: string) => offers.find((o) => o["@_id"] === offerId(id))?.picture;
    expect(pictureOf(fromApi.id)).toBe(`${api.url}${API_PICTURE}`);
    expect(pictureOf(fromSite.id)).toBe(`${suite.server.url}${SITE_FILE}`);
    const answer = await fetch(pictureOf(fromApi.id)!);
    expect([answer.status, answer.headers.get("content-type")]).toEqual([200, "image/webp"]);
  });
});
