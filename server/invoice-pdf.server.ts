/**
 * The invoice as a PDF (pdfkit): the bank details block, the title, supplier and buyer, the rows,
 * the totals with the VAT they include, the sum in words and how long it is valid. The text is
 * set in DejaVu Sans, embedded from assets/fonts (the 14 standard PDF fonts have no Cyrillic), so
 * it stays selectable and searchable. pdfkit is loaded with the first invoice, not with the server:
 * it costs every start about 0.4 s of CPU and up to 30 MB of memory, and most orders have no invoice.
 */
import fs from "node:fs";
import path from "node:path";
import { formatAmount, type Invoice } from "~/lib/invoice";

const FONT_DIR = path.resolve("assets/fonts");
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** Read once: every invoice embeds the glyphs it uses from the same files. */
function loadFonts() {
  fonts ??= {
    regular: fs.readFileSync(path.join(FONT_DIR, "DejaVuSans.ttf")),
    bold: fs.readFileSync(path.join(FONT_DIR, "DejaVuSans-Bold.ttf")),
  };
  return fonts;
}

const MARGIN = 40;
const SMALL = 8;
const BODY = 9;
const TITLE = 14;

export async function renderInvoicePdf(invoice: Invoice, createdAt: Date): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    lang: "ru-RU",
    displayTitle: true,
    info: { Title: invoice.title, Author: invoice.supplier.name, CreationDate: createdAt },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const { supplier } = invoice;
  const { bank } = supplier;
  const cell = (text: string, extra: object = {}) => ({ text, ...extra });

  // The payment order's block, as banks' forms lay it out: bank and БИК, correspondent account;
  // the payee's ИНН, КПП and account.
  doc.font("regular").fontSize(SMALL);
  doc.table({
    columnStyles: ["*", "*", 40, 150],
    defaultStyle: { padding: 4, border: 0.5 },
    data: [
      [cell(`${bank.name}\nБанк получателя`, { colSpan: 2, rowSpan: 2 }), "БИК", bank.bik],
      ["К/с", bank.correspondentAccount],
      [
        `ИНН ${supplier.inn}`,
        supplier.kpp ? `КПП ${supplier.kpp}` : "",
        cell("Р/с", { rowSpan: 2 }),
        cell(bank.account, { rowSpan: 2 }),
      ],
      [cell(`${supplier.name}\nПолучатель`, { colSpan: 2 })],
    ],
  });

  doc.moveDown(1.2);
  doc.font("bold").fontSize(TITLE).text(invoice.title, MARGIN, doc.y, { width });
  doc
    .moveTo(MARGIN, doc.y + 4)
    .lineTo(MARGIN + width, doc.y + 4)
    .lineWidth(1)
    .stroke();
  doc.moveDown(0.8);

  const party = (label: string, text: string) => {
    doc.font("bold").fontSize(BODY).text(`${label}: `, MARGIN, doc.y, { continued: true, width });
    doc.font("regular").text(text);
    doc.moveDown(0.4);
  };
  party(
    "Поставщик",
    [supplier.name, `ИНН ${supplier.inn}`, supplier.kpp ? `КПП ${supplier.kpp}` : "", supplier.address]
      .filter(Boolean)
      .join(", "),
  );
  party("Покупатель", invoice.buyer);
  doc.moveDown(0.4);

  const right = { align: { x: "right" as const, y: "top" as const } };
  const center = { align: { x: "center" as const, y: "top" as const } };
  const head = (text: string) => cell(text, { font: { src: "bold" }, type: "TH", ...center });
  doc.font("regular").fontSize(BODY);
  doc.table({
    columnStyles: [22, 80, "*", 42, 30, 62, 70],
    defaultStyle: { padding: 3, border: 0.5 },
    data: [
      [head("№"), head("Артикул"), head("Наименование"), head("Кол-во"), head("Ед."), head("Цена"), head("Сумма")],
      ...invoice.rows.map((row) => [
        cell(String(row.no), center),
        row.article,
        row.name,
        cell(String(row.amount), right),
        cell(row.unit, center),
        cell(formatAmount(row.price), right),
        cell(formatAmount(row.sum), right),
      ]),
    ],
  });

  doc.moveDown(0.6);
  const totalLine = (label: string, amount: number) => {
    doc
      .font("bold")
      .fontSize(BODY)
      .text(`${label}: ${formatAmount(amount)}`, MARGIN, doc.y, { width, align: "right" });
  };
  totalLine("Итого", invoice.total);
  totalLine(invoice.vatLabel, invoice.vat);
  totalLine("Всего к оплате", invoice.total);

  doc.moveDown(0.8);
  doc
    .font("regular")
    .fontSize(BODY)
    .text(`Всего наименований ${invoice.rows.length}, на сумму ${formatAmount(invoice.total)} руб.`, MARGIN, doc.y, {
      width,
    });
  doc.font("bold").text(`Всего к оплате: ${invoice.totalInWords}`, { width });
  doc.moveDown(0.8);
  doc.font("regular").text(`${invoice.validity}. Цены включают НДС.`, { width });
  doc.text("В назначении платежа укажите номер счёта.", { width });

  doc.moveDown(2.5);
  const y = doc.y;
  doc.text("Руководитель ____________________", MARGIN, y, { width: width / 2 });
  doc.text("Бухгалтер ____________________", MARGIN + width / 2, y, { width: width / 2 });

  doc.end();
  return done;
}
