import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import ExcelJS from "exceljs";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEALER, DESKS } from "~/content";
import type { CatalogueSnapshot } from "~/lib/catalogue-snapshot";
import { loader } from "~/routes/feeds.price-list[.]xlsx";
import { part, snapshotOf } from "../../test/catalogue-fixtures";
import { parseConfig } from "../config.server";
import { createServices } from "../context.server";
import { storeFor } from "../../test/stores";
import type { PartsGateway } from "../parts-gateway.server";
import { priceListWorkerUrl } from "../../test/price-list-worker";
import { createPriceListCache, PRICE_LIST_HEADER, PRICE_LIST_TITLE_ROWS, RUBLE_FORMAT } from "./price-list.server";

const SITE = "https://faw.example";
const URL_ = `${SITE}/feeds/price-list.xlsx`;

let dataDir: string;
let workerUrl: URL;
beforeAll(async () => {
  workerUrl = await priceListWorkerUrl();
}, 60_000);
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "price-list-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function contextWith(parts?: PartsGateway): AppLoadContext {
  const config = parseConfig({ DATA_DIR: dataDir, SITE_URL: SITE });
  // The server's own cache, but with the worker bundled for the tests.
  const priceList = createPriceListCache(path.join(dataDir, "price-list"), workerUrl);
  return {
    services: createServices(config, storeFor(config), parts ? { parts, priceList } : { priceList }),
    nonce: "",
    clientIp: "",
  } as AppLoadContext;
}

async function get(context: AppLoadContext, headers: Record<string, string> = {}) {
  return (await loader({ request: new Request(URL_, { headers }), context, params: {} })) as Response;
}

/** The file as a spreadsheet program opens it. */
async function open(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook;
}

const cachedFiles = () => fs.readdirSync(path.join(dataDir, "price-list"));

// Each test starts the worker, which loads exceljs: seconds on a busy machine.
describe("the price list", { timeout: 30_000 }, () => {
  it("holds every part of the demo catalogue under the title rows and a frozen, filtered header", async () => {
    const context = contextWith();
    const response = await get(context);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="price-list-\d{4}-\d\d-\d\d\.xlsx"$/,
    );
    const workbook = await open(response);
    const catalogue = await context.services.parts.getCatalogue();

    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0];
    const desk = DESKS.parts;
    expect(sheet.getCell("A1").value).toMatch(new RegExp(`^Прайс-лист ${DEALER.name} на \\d\\d\\.\\d\\d\\.\\d{4}$`));
    const deskLine = String(sheet.getCell("A2").value);
    for (const text of [desk.name, ...desk.phones.map((p) => p.display), desk.email]) expect(deskLine).toContain(text);

    const header = PRICE_LIST_TITLE_ROWS + 1;
    expect(sheet.getRow(header).values).toEqual([undefined, ...PRICE_LIST_HEADER]);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: header });
    expect(sheet.autoFilter).toBe(`A${header}:F${header + catalogue.parts.length}`);

    expect(sheet.rowCount).toBe(header + catalogue.parts.length);
    catalogue.parts.forEach((p, i) => {
      const row = sheet.getRow(header + 1 + i);
      const url = `${SITE}/catalog/parts/${encodeURIComponent(p.slug)}`;
      expect(row.getCell(1).value ?? "").toBe(p.article);
      expect(row.getCell(2).value).toBe(p.fullName || p.name);
      expect(row.getCell(3).value).toBe(p.group);
      expect(row.getCell(4).value).toBe(p.price);
      expect(row.getCell(4).numFmt).toBe(RUBLE_FORMAT);
      expect(row.getCell(5).value).toBe(p.balance);
      // Shown as the address, and a link to it.
      expect(row.getCell(6).text).toBe(url);
      expect(row.getCell(6).formula).toBe(`HYPERLINK("${url}")`);
    });
  });

  it("is written once per catalogue version, kept under DATA_DIR, and a newer version replaces it", async () => {
    let snapshot: CatalogueSnapshot = snapshotOf([part("Фильтр масляный", { price: 1250.5, balance: 0 })]);
    const context = contextWith({ getCatalogue: async () => snapshot, current: () => undefined });
    const first = await get(context);
    const etag = first.headers.get("ETag")!;
    const [file] = cachedFiles();
    const written = fs.statSync(path.join(dataDir, "price-list", file)).mtimeMs;
    const row = (await open(first)).worksheets[0].getRow(PRICE_LIST_TITLE_ROWS + 2);
    expect(row.getCell(4).value).toBe(1250.5);
    expect(row.getCell(5).value).toBe(0);

    const again = await get(context);
    expect(again.headers.get("ETag")).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(cachedFiles()).toEqual([file]);
    expect(fs.statSync(path.join(dataDir, "price-list", file)).mtimeMs).toBe(written);

    const repeat = await get(context, { "If-None-Match": etag });
    expect(repeat.status).toBe(304);
    expect(repeat.body).toBeNull();

    snapshot = { ...snapshotOf([part("Фильтр воздушный"), part("Болт")]), version: 2 };
    const newer = await get(context, { "If-None-Match": etag });
    expect(newer.status).toBe(200);
    expect(newer.headers.get("ETag")).not.toBe(etag);
    const names = (await open(newer)).worksheets[0].getColumn(2).values.slice(PRICE_LIST_TITLE_ROWS + 2);
    expect(names).toEqual(["Фильтр воздушный", "Болт"]);
    expect(cachedFiles()).toHaveLength(1);
    expect(cachedFiles()).not.toEqual([file]);
  });
});
