/**
 * The price list's one sheet, written with exceljs' streaming writer: title rows with the date
 * and the parts desk, the header (frozen, with an autofilter), then a row per part as they come.
 * Runs in the price list's worker thread (price-list-worker.server.ts): exceljs makes garbage
 * for every cell, and its collection in the server's heap, big with the catalogue, would hold
 * every request up for a fifth of a second at a time.
 */
import fs from "node:fs";
import ExcelJS from "exceljs";

export const PRICE_LIST_HEADER = ["Артикул", "Наименование", "Группа", "Цена, ₽", "Наличие", "Ссылка"] as const;

/** Rows above the header: the title, the parts desk, the note on prices, an empty line. */
export const PRICE_LIST_TITLE_ROWS = 4;

/** Rubles with kopecks; a part without a price reads 'по запросу' (the cell still holds 0). */
export const RUBLE_FORMAT = '#,##0.00 "₽";-#,##0.00 "₽";"по запросу"';
/** Units in stock; none reads 'под заказ'. */
export const STOCK_FORMAT = '0 "ед.";-0 "ед.";"под заказ"';

/**
 * The styles of a part's six cells, one object each for every row: exceljs works a cell's style
 * out once per style object, so a fresh object per cell (what column styles give) costs a style
 * lookup, and its garbage, per cell.
 */
const CELL_STYLES: Partial<ExcelJS.Style>[] = [{}, {}, {}, { numFmt: RUBLE_FORMAT }, { numFmt: STOCK_FORMAT }, {}];

export interface PriceListTitle {
  /** 'FAW Солонцы'. */
  shop: string;
  siteUrl: string;
  desk: { name: string; phones: string[]; email: string };
  /** The catalogue's date, 'dd.mm.yyyy'. */
  date: string;
  /** Parts to come: the autofilter spans them. */
  count: number;
}

/** A part's row: article, name, group, price, units in stock, the part page's address. */
export type PriceListRow = [article: string, name: string, group: string, price: number, stock: number, url: string];

export interface PriceListSheetWriter {
  add(rows: readonly PriceListRow[]): void;
  finish(): Promise<void>;
}

export function openPriceListSheet(file: string, title: PriceListTitle): PriceListSheetWriter {
  const out = fs.createWriteStream(file);
  const closed = new Promise<void>((resolve, reject) => {
    out.on("close", resolve);
    out.on("error", reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = title.shop;
  const header = PRICE_LIST_TITLE_ROWS + 1;
  const worksheet = workbook.addWorksheet("Прайс-лист", {
    views: [{ state: "frozen", ySplit: header, xSplit: 0, activeCell: `A${header + 1}` }],
  });
  worksheet.autoFilter = `A${header}:F${header + title.count}`;
  worksheet.columns = [20, 60, 22, 16, 14, 50].map((width) => ({ width }));
  const { desk } = title;
  worksheet.addRow([`Прайс-лист ${title.shop} на ${title.date}`]).font = { bold: true, size: 14 };
  worksheet.addRow([`${desk.name}: ${[...desk.phones, desk.email].join(", ")}`]);
  worksheet.addRow([`Цены в рублях с учетом НДС. Каталог: ${title.siteUrl}/catalog/parts`]);
  worksheet.addRow([]);
  const head = worksheet.addRow([...PRICE_LIST_HEADER]);
  head.font = { bold: true };
  head.commit();
  return {
    add(rows) {
      for (const [article, name, group, price, stock, url] of rows) {
        // A HYPERLINK formula, not a cell hyperlink: exceljs keeps every cell hyperlink (and its
        // relationship) in memory until the sheet ends, tens of megabytes at 100 000 parts.
        const link = { formula: `HYPERLINK("${url.replace(/"/g, '""')}")`, result: url };
        const row = worksheet.addRow([article, name, group, price, stock, link]);
        for (let c = 0; c < CELL_STYLES.length; c++) row.getCell(c + 1).style = CELL_STYLES[c];
        row.commit();
      }
    },
    async finish() {
      worksheet.commit();
      await workbook.commit();
      await closed;
    },
  };
}
