import fs from "node:fs";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { DEALER, DESKS } from "~/content";
import { chunkedBody } from "~server/feeds/body-stream.server";
import { isNotModified, notModified, stampedCatalogue, stampHeaders } from "~server/feeds/catalogue-stamp.server";
import { priceListDate } from "~server/feeds/price-list.server";
import { wrongMethod } from "~server/odd-requests.server";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** 'Скачать прайс-лист': the catalogue as an Excel file, written once per catalogue version. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { parts, config, priceList } = context.services;
  const { snapshot, stamp } = await stampedCatalogue(parts);
  if (isNotModified(request, stamp)) return notModified(stamp);
  const desk = DESKS.parts;
  const file = await priceList.file(snapshot, stamp, {
    shop: DEALER.name,
    siteUrl: config.SITE_URL,
    desk: { name: desk.name, phones: desk.phones.map((phone) => phone.display), email: desk.email },
  });
  // Opened now: a newer catalogue's file may replace this one while it is being sent.
  const handle = request.method === "HEAD" ? undefined : await fs.promises.open(file);
  const size = handle ? (await handle.stat()).size : (await fs.promises.stat(file)).size;
  const day = priceListDate(stamp.lastModified).split(".").reverse().join("-");
  const body = handle
    ? chunkedBody(handle.createReadStream({ highWaterMark: 64 * 1024 }), {
        signal: request.signal,
        writable: context.responseWritable,
      })
    : null;
  return new Response(body, {
    headers: {
      "Content-Type": XLSX,
      "Content-Length": String(size),
      "Content-Disposition": `attachment; filename="price-list-${day}.xlsx"`,
      ...stampHeaders(stamp),
    },
  });
}

export const action = () => wrongMethod("GET, HEAD");
