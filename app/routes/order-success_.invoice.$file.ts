import type { LoaderFunctionArgs } from "@remix-run/node";
import { readLastOrder } from "~server/cookies.server";
import { orderNumberOf } from "~/lib/order-number";
import { invoicePath, orderInvoicePdf } from "~server/invoice.server";
import { wrongMethod } from "~server/odd-requests.server";

/**
 * /order-success/invoice/{number}.pdf: the invoice of the order this browser just placed, by the
 * number it has (an order kept before numbers were drawn keeps the one derived from its id). Under
 * /order-success because the signed last-order cookie, the only proof of whose order it is, is
 * sent there alone; a route of its own (not inside the success page), so only this loader runs.
 * Another browser, another number or an order without an invoice: 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { services } = context;
  const last = await readLastOrder(request, services.cookieSecrets);
  const record = last ? await services.notify.load(last.id) : undefined;
  const asked = `/order-success/invoice/${params.file ?? ""}`;
  const file = record && asked === invoicePath(record) ? await orderInvoicePdf(services.store, record.id) : undefined;
  if (!record || !file) {
    throw new Response("Счёт не найден", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="invoice-${orderNumberOf(record)}.pdf"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Content-Length": String(file.pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}

export const action = () => wrongMethod("GET, HEAD");
