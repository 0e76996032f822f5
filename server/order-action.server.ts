/**
 * The order (spec §7 call 4): validated again on the server, goods built from the server's
 * catalogue (never from prices or names the browser sent), delivered through the notify gateway.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { validationError } from "remix-validated-form";
import { consentTextVersion } from "~/lib/consent";
import { cartLines, cartTotal, linesSeen, sameGoods, unavailableLines, type CartLine } from "~/lib/cart-lines";
import { deliveryCost, deliveryCostText, deliveryDetails, deliveryLabel } from "~/lib/delivery";
import { formatRub } from "~/lib/format";
import { newOrderNumber, orderNumberOf } from "~/lib/order-number";
import { serializeCartCookie } from "~/lib/cookies";
import { HONEYPOT_FIELD } from "~/lib/lead-forms";
import { MESSAGES, ORDER_CHANGED, ORDER_ERROR, orderSchema } from "~/lib/lead-schemas";
import { replacesText } from "~/lib/messages";
import { companyFields } from "~/lib/party";
import { phoneForSending } from "~/lib/phone";
import {
  isSecure,
  lastOrderCookieHeader,
  pendingOrderCookieHeader,
  readCart,
  readPendingOrderKey,
} from "./cookies.server";
import {
  fail,
  isRecalculation,
  onlyFields,
  overLimit,
  postCount,
  readSmallForm,
  recalculated,
  textValues,
  uncountedIfRefused,
  type PostCount,
} from "./form-post.server";
import { isTaken, newLeadId, unsent, type LeadRecord } from "./lead-record.server";
import { errorMessage, log } from "./log.server";
import { isStoreDown } from "./store/health.server";
import { loadOrder } from "./store/leads.server";
import { orderIdOfKey, orderKeyOf } from "./order-key.server";
import type { DeliveryResult, OutgoingField } from "./notify-gateway.server";

const orderValidator = withZod(orderSchema);

const ORDER_FIELDS = [
  ...["name", "phone", "inn", "kpp", "companyName", "email", "city", "invoice", "comment", "consent"],
  ...["delivery", "address", "carrier", "carrierName"],
] as const;

/** One line per item: the part's link, its name and the quantity (spec §7), then its article and price. */
function goodsText(siteUrl: string, lines: readonly CartLine[]): string {
  return lines
    .map(
      (line) =>
        `${siteUrl}/catalog/parts/${line.slug} ${line.name} — ${line.amount} шт., ` +
        `артикул ${line.article || "-"}, ${formatRub(line.price)}`,
    )
    .join("\n");
}

/**
 * The order form's post. Not written (the store away or its disk full, found out anywhere on the
 * way): the spec's error with 503, the form as typed, and the order not counted against the
 * visitor's limit.
 */
export async function handleOrderAction(request: Request, context: AppLoadContext) {
  const body = await readSmallForm(request);
  if (!body) return fail(ORDER_ERROR, 413, undefined, { Connection: "close" });
  const count = postCount(context);
  const answer = placeOrder(request, context, body, count).catch((error: unknown) => {
    // The store away (PostgreSQL unreachable, the disk full): the spec's error, the form as typed.
    if (!isStoreDown(error)) throw error;
    log.error("order refused: the store is away", { error: errorMessage(error) });
    return fail(ORDER_ERROR, 503, textValues(body));
  });
  return uncountedIfRefused(count, answer);
}

async function placeOrder(request: Request, context: AppLoadContext, body: FormData, count: PostCount) {
  const { services } = context;
  // Without JavaScript: the summary for the method chosen, the form as it was; nothing is sent.
  if (isRecalculation(request, body)) return recalculated(body);
  if (String(body.get(HONEYPOT_FIELD) ?? "") !== "") return redirect("/order-success", 303);

  const result = await orderValidator.validate(onlyFields(body, ORDER_FIELDS));
  if (result.error) return validationError(result.error, result.submittedData);
  // The id (a UUID) is the order number's source and the notify service's Idempotency-Key: the
  // form's key names it, so the same form sent again is this order, not a second one.
  // The form of an order the customer has replaced since (a tab left open on it) is the order that
  // replaced it, sent again.
  const formKeyed = orderIdOfKey(body.get("orderKey"), services.cookieSecrets);
  const latest = formKeyed ? await latestOf(services, formKeyed) : undefined;
  let keyed = latest?.id;
  let first = latest?.lead;
  if (keyed && keyed !== formKeyed) body.set("orderKey", orderKeyOf(keyed, services.cookieSecrets));
  const snapshot = await services.parts.getCatalogue().catch(() => undefined);
  const cart = readCart(request);
  const lines = snapshot ? cartLines(cart, snapshot.byId) : [];
  // Sent again once it is placed (a double click without JavaScript, an answer lost on the way):
  // its success page, nothing sent, nothing counted; the form of an order replaced since, the order
  // that replaced it. Not when the cart holds other goods than this form's own order.
  if (
    keyed &&
    isTaken(first?.status) &&
    (keyed !== formKeyed || lines.length === 0 || sameGoods(first?.order?.lines ?? [], lines))
  ) {
    log.info("order sent again, answered with the first", { lead: keyed });
    await services.mail.confirmOrder(keyed);
    return placed(keyed, services);
  }
  if (!snapshot) return fail(ORDER_ERROR, 503, textValues(body));
  // No part of it can be bought now (sold out, or a price withdrawn, meanwhile): the cart says so,
  // and which. An empty cart (ordered from another tab): home.
  if (lines.length === 0) {
    if (cart.length === 0) return redirect("/", 303);
    const soldOut = unavailableLines(cart, snapshot.byId).every((line) => line.reason === "sold-out");
    return redirect(`/cart?notice=${soldOut ? "sold-out" : "unavailable"}`, 303);
  }
  // The customer agreed to the lines the summary showed: if a refresh of the catalogue has changed
  // a price or sold a part out since, the form comes back with the summary as it is now.
  const seen = body.get("seen");
  if (typeof seen === "string" && seen !== linesSeen(lines)) return fail(ORDER_CHANGED, 409, textValues(body));
  // This form's own order, kept since its send failed (or placed), for other lines than the cart's now:
  // the cart changed in another tab (with JavaScript the summary follows it) or a price since. What
  // the customer confirmed is a new order, replacing the one that failed: an order sent again goes
  // as it was first sent.
  let replacesKept: string | undefined;
  if (
    keyed &&
    keyed === formKeyed &&
    first?.order &&
    first.status !== "pending" &&
    linesSeen(first.order.lines) !== linesSeen(lines)
  ) {
    if (unsent(first.status)) replacesKept = keyed;
    keyed = newLeadId();
    first = undefined;
    body.set("orderKey", orderKeyOf(keyed, services.cookieSecrets));
  }
  // Counted once the order would be sent (a new one, or one whose send failed), not when its first
  // send is still in flight (the form sent twice at once): a form sent back for its mistakes
  // (without JavaScript only the server checks it) never uses up the customer's orders.
  const counted = first?.status !== "pending";
  const limited = counted ? await overLimit(count, textValues(body)) : null;
  if (limited) return limited;

  const data = result.data;
  // The buyer's company from its ИНН (the branch the customer chose, as the register confirms it),
  // when the register knows it; without it, as the customer named it. An invoice names a company:
  // with no name from either, the form asks for it (the field shows, with or without JavaScript),
  // and the order counted above is given back.
  const found = await services.companies.findByInn(data.inn, data.kpp);
  if (data.invoice && !found && !data.companyName) {
    await count.giveBack();
    return validationError(
      { fieldErrors: { companyName: MESSAGES.invoiceCompanyUnknown }, formId: result.formId },
      result.submittedData,
    );
  }
  const named = !found && data.inn && data.companyName ? { inn: data.inn, name: data.companyName } : undefined;
  const company = found ?? named;
  // Kept with the order, in its transaction: a consent that cannot be recorded refuses the order.
  const consent = {
    at: new Date().toISOString(),
    ip: context.clientIp,
    form: "order",
    version: consentTextVersion(services.companies.enabled),
  };
  const id = keyed ?? newLeadId();
  // The customer's earlier order whose send failed, when this one (its cart changed since) replaces it.
  const phone = phoneForSending(data.phone);
  const replaces = replacesKept ?? first?.order?.replaces ?? (await waitingEarlierOrder(request, services, id, phone));
  const goodsTotal = cartTotal(lines);
  const shipping = { label: deliveryLabel(data.delivery), cost: deliveryCost(data.delivery, goodsTotal) };
  const total = goodsTotal + shipping.cost;
  const where = deliveryDetails(data);
  // Taken already: the first send of this form is in flight (the form sent twice at once: its
  // outcome is waited for), or it failed and the order waits on disk for the background retry
  // (tried again at once, as corrected when no attempt can have reached the service: see
  // NotifyGateway.resendJson). 'Заказ оформлен' only once it is delivered.
  const fresh = keyed ? await takeOrderId(services, keyed) : true;
  // The store could not be read (away, its disk failing): nothing is taken, the form stays as
  // typed (a 503: the order counted above is given back).
  if (fresh === undefined) return fail(ORDER_ERROR, 503, textValues(body));
  // The order's number: the one it was given when first written (sent again), else a new one.
  const number = await numberFor(services, id, fresh);
  if (number === undefined) return fail(ORDER_ERROR, 503, textValues(body));
  const fields: OutgoingField[] = [
    { key: "name", value: data.name },
    { key: "phone", value: phone },
    { key: "inn", value: data.inn },
    { key: "email", value: data.email },
    { key: "city", value: data.city },
    { key: "invoice", value: data.invoice ? "Да" : "Нет" },
    { key: "goods", value: goodsText(services.config.SITE_URL, lines) },
    // After the spec's fields, what the dealer needs to fulfil it.
    { key: "delivery", value: `${shipping.label}, ${deliveryCostText(shipping.cost)}` },
    ...(where.address === undefined ? [] : [{ key: "address", value: where.address }]),
    ...(where.carrier === undefined ? [] : [{ key: "carrier", value: where.carrier }]),
    { key: "comment", value: data.comment },
    { key: "total", value: formatRub(total) },
    { key: "order", value: number },
    ...(replaces === undefined
      ? []
      : [{ key: "replaces", value: replacesText(await numberOfOrder(services, replaces)) }]),
    ...companyFields(found),
    // As the customer named it whenever the register did not name it: with an ИНН or without one.
    ...(!found && data.companyName ? [{ key: "companyName", value: data.companyName }] : []),
  ];
  // The lines as ordered stay on disk with the order, for its success page.
  const order = {
    number,
    lines: lines.map(({ id, slug, name, article, price, amount }) => ({ id, slug, name, article, price, amount })),
    total,
    delivery: { ...shipping, ...where, city: data.city || undefined },
    ...(company ? { company } : {}),
    customer: { name: data.name, inn: data.inn, email: data.email, invoice: data.invoice },
    ...(replaces === undefined ? {} : { replaces }),
  };
  // The earlier order this one replaces leaves the retry once this one is on disk, before it is sent:
  // a crash in between leaves both to be sent, this one saying which it replaces, never neither.
  const withdrawEarlier = async () => {
    if (replaces !== undefined) await services.notify.replace(replaces, id);
  };
  let delivery: DeliveryResult;
  if (keyed && !fresh) {
    await withdrawEarlier();
    delivery = await services.notify.resendJson("order", keyed, { name: "order", fields }, { order });
  } else {
    delivery = await services.notify.sendJson(
      "order",
      { name: "order", fields },
      { order, id, beforeSend: withdrawEarlier, consent },
    );
  }
  // Replaced while this form was on its way (the customer's newer order, from another tab): that order.
  if (delivery.status === "replaced") {
    const newer = await latestOf(services, id);
    if (isTaken(newer.lead?.status)) {
      await services.mail.confirmOrder(newer.id);
      return placed(newer.id, services);
    }
    body.set("orderKey", orderKeyOf(newer.id, services.cookieSecrets));
  }
  if (!delivery.ok) {
    // Kept on disk for its retry: the key stays with the visitor, so the form /make-order shows
    // after a reload is this order again, not a second one the dealer would get beside it. Not
    // written at all (503, not counted): the cookie stays as it was (naming an earlier failed order
    // it would replace).
    const key = keyed && delivery.status !== "not written" ? String(body.get("orderKey")) : undefined;
    const headers = key
      ? { "Set-Cookie": await pendingOrderCookieHeader(key, isSecure(services.config), services.cookieSecrets) }
      : undefined;
    return fail(ORDER_ERROR, delivery.status === "not written" ? 503 : 502, textValues(body), headers);
  }
  await services.mail.confirmOrder(delivery.id);
  return placed(delivery.id, services);
}

/** The order `id` names, or the one that replaced it (and so on), with its lead as kept on disk. */
async function latestOf(
  services: AppLoadContext["services"],
  id: string,
): Promise<{ id: string; lead: LeadRecord | undefined }> {
  let lead = await services.notify.load(id);
  for (let hops = 0; lead?.status === "replaced" && lead.replacedBy && hops < 10; hops++) {
    id = lead.replacedBy;
    lead = await services.notify.load(id);
  }
  return { id, lead };
}

/**
 * The order the visitor's pending-order cookie names, when it is another order than `id`, still
 * unsent, and for the same phone: the customer, told it failed, changed the cart and ordered again.
 * Another phone is another customer at the same browser (an office's shared computer): both orders go.
 */
async function waitingEarlierOrder(
  request: Request,
  services: AppLoadContext["services"],
  id: string,
  phone: string,
): Promise<string | undefined> {
  const earlier = orderIdOfKey(await readPendingOrderKey(request, services.cookieSecrets), services.cookieSecrets);
  if (!earlier || earlier === id) return undefined;
  const lead = await services.notify.load(earlier);
  if (!lead?.order || !unsent(lead.status) || lead.request.kind !== "json") return undefined;
  const samePhone = lead.request.body.fields.some((field) => field.key === "phone" && field.value === phone);
  return samePhone ? earlier : undefined;
}

/** The number of the order `id` as kept in the store (derived from the id for an order kept before numbers were drawn). */
async function numberOfOrder(services: AppLoadContext["services"], id: string): Promise<string> {
  const kept = await services.notify.load(id);
  return orderNumberOf({ id, order: kept?.order });
}

/**
 * The number of the order `id`: a new order (`fresh`) draws one no order in the store has (the
 * column is unique besides: two orders drawing the same number at the same instant cannot both be
 * written); one written before (this form sent again) keeps its own. Undefined when the store is away.
 */
async function numberFor(
  services: AppLoadContext["services"],
  id: string,
  fresh: boolean,
): Promise<string | undefined> {
  try {
    const kept = fresh ? undefined : await services.notify.load(id);
    if (kept?.order) return orderNumberOf(kept);
    return await newOrderNumber(async (number) => (await loadOrder(services.store, { number })) === undefined);
  } catch (error) {
    log.error("order not kept: no order number could be taken", { lead: id, error: errorMessage(error) });
    return undefined;
  }
}

/** Whether the order `id` is new: true when the store has none yet, false when it has, undefined when the store is away. */
async function takeOrderId(services: AppLoadContext["services"], id: string): Promise<boolean | undefined> {
  try {
    return (await services.notify.load(id)) === undefined;
  } catch (error) {
    log.error("order not kept: the store could not be read", { lead: id, error: errorMessage(error) });
    return undefined;
  }
}

/**
 * The order's success page: the cart emptied, the order named in the signed last-order cookie, and
 * no order left pending.
 */
async function placed(id: string, services: AppLoadContext["services"]) {
  const secure = isSecure(services.config);
  const headers = new Headers();
  headers.append("Set-Cookie", serializeCartCookie([], { secure }));
  headers.append("Set-Cookie", await pendingOrderCookieHeader(undefined, secure, services.cookieSecrets));
  headers.append(
    "Set-Cookie",
    await lastOrderCookieHeader({ id, purchasePending: true }, secure, services.cookieSecrets),
  );
  return redirect("/order-success", { status: 303, headers });
}
