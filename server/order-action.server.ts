/**
 * The order (spec §7 call 4): validated again on the server, goods built from the server's
 * catalogue (never from prices or names the browser sent), delivered through the notify gateway.
 */
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { CONSENT_TEXT_VERSION } from "~/lib/consent";
import { cartLines, type CartLine } from "~/lib/cart-lines";
import { HONEYPOT_FIELD } from "~/lib/lead-forms";
import { orderValidator } from "~/lib/lead-forms";
import { ORDER_ERROR, phoneForSending } from "~/lib/lead-schemas";
import { cartSetCookie, isSecure, readCart } from "./cart-cookie.server";
import { fail, onlyFields, overLimit, readSmallForm, textValues } from "./lead-action.server";
import type { NotifyField } from "./lead-store.server";

export const LAST_ORDER_COOKIE = "last_order";
const ORDER_FIELDS = ["name", "phone", "inn", "email", "city", "invoice", "consent"] as const;

/** One line per item: the part's link, its name and the quantity. */
export function goodsText(siteUrl: string, lines: readonly CartLine[]): string {
  return lines.map((line) => `${siteUrl}/catalog/parts/${line.slug} ${line.name} — ${line.amount} шт.`).join("\n");
}

export async function handleOrderAction(request: Request, context: AppLoadContext) {
  const { services } = context;
  const limited = overLimit(context);
  if (limited) return limited;
  const body = await readSmallForm(request);
  if (!body) return fail(ORDER_ERROR, 413, undefined, { Connection: "close" });
  if (String(body.get(HONEYPOT_FIELD) ?? "") !== "") return redirect("/order-success", 303);

  const result = await orderValidator.validate(onlyFields(body, ORDER_FIELDS));
  if (result.error) return validationError(result.error, result.submittedData);

  const snapshot = await services.parts.getCatalogue().catch(() => undefined);
  if (!snapshot) return fail(ORDER_ERROR, 503, textValues(body));
  const lines = cartLines(readCart(request), snapshot.byId);
  if (lines.length === 0) return redirect("/", 303);

  const data = result.data;
  await services.consents.record({ at: new Date().toISOString(), ip: context.clientIp, form: "order", version: CONSENT_TEXT_VERSION });
  const fields: NotifyField[] = [
    { key: "name", value: data.name },
    { key: "phone", value: phoneForSending(data.phone) },
    { key: "inn", value: data.inn },
    { key: "email", value: data.email },
    { key: "city", value: data.city },
    { key: "invoice", value: data.invoice ? "Да" : "Нет" },
    { key: "goods", value: goodsText(services.config.SITE_URL, lines) },
  ];
  const delivery = await services.notify.sendJson("order", { name: "order", fields });
  if (!delivery.ok) return json({ formError: ORDER_ERROR, values: textValues(body) }, { status: 502 });

  const secure = isSecure(services.config);
  // For the analytics purchase event on the next page; a huge order keeps its first lines only.
  const purchase = { id: delivery.id, products: lines.slice(0, 25).map((l) => ({ id: l.id, name: l.name.slice(0, 80), price: l.price, quantity: l.amount })) };
  const headers = new Headers();
  headers.append("Set-Cookie", cartSetCookie([], secure));
  headers.append(
    "Set-Cookie",
    `${LAST_ORDER_COOKIE}=${Buffer.from(JSON.stringify(purchase)).toString("base64url")}; Path=/order-success; Max-Age=600; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`,
  );
  return redirect("/order-success", { status: 303, headers });
}

export function readLastOrder(request: Request): { id: string; products: { id: string; name: string; price: number; quantity: number }[] } | null {
  const header = request.headers.get("Cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${LAST_ORDER_COOKIE}=([^;]+)`).exec(header);
  if (!match) return null;
  try {
    const parsed = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8"));
    if (typeof parsed?.id !== "string" || !Array.isArray(parsed.products)) return null;
    return parsed;
  } catch {
    return null;
  }
}
