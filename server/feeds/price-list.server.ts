/**
 * The price list to download (/feeds/price-list.xlsx): one sheet of every part — article, name,
 * group, price, stock, link — under title rows with the date and the parts desk. Written with
 * exceljs' streaming writer to a file under DATA_DIR, once per catalogue version: the first
 * request after a new catalogue waits for it, the others are sent the file. At 100 000 parts the
 * file is a few megabytes and takes seconds to write, so it is neither kept in memory nor written
 * again per request.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import ExcelJS from "exceljs";
import type { CatalogueSnapshot } from "~/lib/catalogue-snapshot";
import type { CatalogueStamp } from "./catalogue-stamp.server";

export const PRICE_LIST_HEADER = ["Артикул", "Наименование", "Группа", "Цена, ₽", "Наличие", "Ссылка"] as const;

/** Rows above the header: the title, the parts desk, the note on prices, an empty line. */
export const PRICE_LIST_TITLE_ROWS = 4;

/** Rubles with kopecks; a part without a price reads 'по запросу' (the cell still holds 0). */
export const RUBLE_FORMAT = '#,##0.00 "₽";-#,##0.00 "₽";"по запросу"';
/** Units in stock; none reads 'под заказ'. */
const STOCK_FORMAT = '0 "ед.";-0 "ед.";"под заказ"';
const ROWS_PER_TURN = 500;

export interface PriceListSheet {
  /** 'FAW Солонцы'. */
  shop: string;
  siteUrl: string;
  desk: { name: string; phones: string[]; email: string };
}

/** 'dd.mm.yyyy' in Krasnoyarsk (UTC+7 all year). */
export function priceListDate(date: Date): string {
  const local = new Date(date.getTime() + 7 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(local.getUTCDate())}.${pad(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}`;
}

/** Writes the price list of `snapshot` to `file`, freeing the event loop every few hundred rows. */
export async function writePriceList(
  snapshot: CatalogueSnapshot,
  date: Date,
  sheet: PriceListSheet,
  file: string,
): Promise<void> {
  const out = fs.createWriteStream(file);
  const closed = new Promise<void>((resolve, reject) => {
    out.on("close", resolve);
    out.on("error", reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = sheet.shop;
  workbook.created = date;
  const header = PRICE_LIST_TITLE_ROWS + 1;
  const lastRow = header + snapshot.parts.length;
  const worksheet = workbook.addWorksheet("Прайс-лист", {
    views: [{ state: "frozen", ySplit: header, xSplit: 0, activeCell: `A${header + 1}` }],
  });
  worksheet.autoFilter = `A${header}:F${lastRow}`;
  worksheet.columns = [
    { width: 20 },
    { width: 60 },
    { width: 22 },
    { width: 16, style: { numFmt: RUBLE_FORMAT } },
    { width: 14, style: { numFmt: STOCK_FORMAT } },
    { width: 50 },
  ];
  const { desk } = sheet;
  worksheet.addRow([`Прайс-лист ${sheet.shop} на ${priceListDate(date)}`]).font = { bold: true, size: 14 };
  worksheet.addRow([`${desk.name}: ${[...desk.phones, desk.email].join(", ")}`]);
  worksheet.addRow([`Цены в рублях с учетом НДС. Каталог: ${sheet.siteUrl}/catalog/parts`]);
  worksheet.addRow([]);
  const head = worksheet.addRow([...PRICE_LIST_HEADER]);
  head.font = { bold: true };
  head.commit();
  for (let i = 0; i < snapshot.parts.length; i++) {
    const part = snapshot.parts[i];
    const url = `${sheet.siteUrl}/catalog/parts/${encodeURIComponent(part.slug)}`;
    worksheet
      .addRow([
        part.article,
        part.fullName || part.name,
        part.group,
        part.price,
        part.balance,
        { text: url, hyperlink: url },
      ])
      .commit();
    if ((i + 1) % ROWS_PER_TURN === 0) await nextTurn();
  }
  worksheet.commit();
  await workbook.commit();
  await closed;
}

/**
 * The file of the current catalogue version under `dir`, written on first demand; a newer version
 * replaces it (older files are removed once the newer one is ready). A failed write is tried
 * again by the next request.
 */
export function createPriceListCache(dir: string) {
  let current: { etag: string; file: Promise<string> } | undefined;

  async function build(snapshot: CatalogueSnapshot, stamp: CatalogueStamp, sheet: PriceListSheet) {
    await fs.promises.mkdir(dir, { recursive: true });
    const name = `price-list-${stamp.etag.replace(/\W+/g, "-").replace(/^-|-$/g, "")}.xlsx`;
    const file = path.join(dir, name);
    const partial = path.join(dir, `.${randomUUID()}.partial`);
    try {
      await writePriceList(snapshot, stamp.lastModified, sheet, partial);
      await fs.promises.rename(partial, file);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    // A file being sent stays readable after it is removed: it is open.
    for (const other of await fs.promises.readdir(dir)) {
      if (other !== name && other.endsWith(".xlsx")) await fs.promises.rm(path.join(dir, other), { force: true });
    }
    return file;
  }

  return {
    /** The path of the price list of `snapshot`, whose stamp is `stamp`. */
    file(snapshot: CatalogueSnapshot, stamp: CatalogueStamp, sheet: PriceListSheet): Promise<string> {
      if (current?.etag !== stamp.etag) {
        const entry = { etag: stamp.etag, file: build(snapshot, stamp, sheet) };
        entry.file.catch(() => {
          if (current === entry) current = undefined;
        });
        current = entry;
      }
      return current.file;
    },
  };
}

const caches = new Map<string, ReturnType<typeof createPriceListCache>>();

/** The process's cache of price lists under `dataDir`. */
export function priceListCache(dataDir: string) {
  const dir = path.join(dataDir, "price-list");
  let cache = caches.get(dir);
  if (!cache) caches.set(dir, (cache = createPriceListCache(dir)));
  return cache;
}
