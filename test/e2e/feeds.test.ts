import { promisify } from "node:util";
import zlib from "node:zlib";
import ExcelJS from "exceljs";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { generateParts } from "~server/demo-catalogue.server";
import { parseConfig } from "~server/config.server";
import { PRICE_LIST_HEADER, PRICE_LIST_TITLE_ROWS } from "~server/feeds/price-list.server";
import { categoryId, offerId } from "~server/feeds/yml-feed.server";
import { rawGet } from "../server-process";
import { MODES, openPage, serverAndBrowser } from "./harness";

const suite = serverAndBrowser();
// The built server's demo catalogue, in the order the catalogue holds it.
const parts = generateParts(parseConfig({}).DEMO_PARTS_COUNT).flatMap((g) => g.parts);

describe.each(MODES)("the price list $name", ({ javaScriptEnabled }) => {
  it.each([
    { size: "phone", mobile: true },
    { size: "desktop", mobile: false },
  ])("downloads from 'Скачать прайс-лист' on the parts catalogue ($size)", async ({ mobile }) => {
    const { page } = await openPage(suite, "/catalog/parts", { javaScriptEnabled, mobile });
    const link = page.getByRole("link", { name: "Скачать прайс-лист" });
    await expect.poll(() => link.isVisible()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^price-list-\d{4}-\d\d-\d\d\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0];
    const header = PRICE_LIST_TITLE_ROWS + 1;
    expect(sheet.getRow(header).values).toEqual([undefined, ...PRICE_LIST_HEADER]);
    const rows = sheet.getRows(header + 1, sheet.rowCount - header)!;
    expect(rows.map((row) => [row.getCell(2).value, row.getCell(4).value, row.getCell(5).value])).toEqual(
      parts.map((p) => [p.fullName, p.price, p.balance]),
    );
  });
});

describe("the Yandex feed over HTTP", () => {
  it("is sent compressed as other responses, parses back to every priced part, and is 304 on a repeat", async () => {
    const url = `${suite.server.url}/feeds/yandex-market.yml`;
    const gzip = await rawGet(url, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const br = await rawGet(url, { "Accept-Encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    const xml = (await promisify(zlib.gunzip)(gzip.body)).toString("utf8");
    expect((await promisify(zlib.brotliDecompress)(br.body)).toString("utf8")).toBe(xml);

    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (n) => n === "offer" }).parse(
      xml,
    ) as {
      yml_catalog: {
        shop: {
          categories: { category: { "@_id": string; "#text": string }[] };
          offers: { offer: { "@_id": string; url: string; price: string; categoryId: string; vendor?: string }[] };
        };
      };
    };
    const offers = doc.yml_catalog.shop.offers.offer;
    // Each group's category id is its name's, and no offer names a maker the demo catalogue does not give.
    const categories = doc.yml_catalog.shop.categories.category;
    expect(categories.map((c) => c["@_id"])).toEqual(categories.map((c) => String(categoryId(c["#text"]))));
    expect(offers.filter((o) => o.vendor !== undefined)).toEqual([]);
    const priced = parts.filter((p) => p.price > 0);
    expect(offers.map((o) => o["@_id"])).toEqual(priced.map((p) => offerId(p.id)));
    for (const offer of offers) expect(offer["@_id"]).toMatch(/^[A-Za-z0-9]{1,20}$/);
    expect(offers.map((o) => o.url)).toEqual(priced.map((p) => `${suite.server.url}/catalog/parts/${p.slug}`));
    expect(offers.map((o) => Number(o.price))).toEqual(priced.map((p) => p.price));

    const etag = gzip.headers.etag!;
    const repeat = await rawGet(url, { "Accept-Encoding": "gzip", "If-None-Match": etag });
    expect(repeat.status).toBe(304);
    expect(repeat.body).toHaveLength(0);
    const since = await rawGet(url, { "If-Modified-Since": gzip.headers["last-modified"]! });
    expect(since.status).toBe(304);
  });

  it("and the price list are open to robots", async () => {
    const robots = await (await fetch(`${suite.server.url}/robots.txt`)).text();
    const disallowed = robots
      .split("\n")
      .filter((line) => line.startsWith("Disallow:"))
      .map((line) => line.slice("Disallow:".length).trim());
    expect(disallowed.length).toBeGreaterThan(0);
    for (const path of ["/feeds/yandex-market.yml", "/feeds/price-list.xlsx"]) {
      expect(disallowed.filter((prefix) => prefix && path.startsWith(prefix))).toEqual([]);
    }
  });
});
