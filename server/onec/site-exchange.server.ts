/**
 * The exchange as the site runs it: on when ONEC_EXCHANGE_USER and ONEC_EXCHANGE_PASSWORD are set,
 * its files under DATA_DIR/1c, and the answer turned into the route's Response.
 */
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Config } from "../config.server";
import { errorMessage, log } from "../log.server";
import { createExchange, type Exchange } from "./exchange.server";
import { createMemoryCatalogue, createMemoryOrders } from "./memory.server";
import type { CatalogueSink, OrderSource, PictureSink } from "./ports.server";

export interface ExchangeSinks {
  catalogue: CatalogueSink;
  orders: OrderSource;
  /** The goods' pictures, for every server to serve. */
  pictures?: PictureSink;
}

/**
 * Undefined when the exchange is off. Without `sinks` the catalogue and orders are kept in this
 * process's memory only, until the store takes them.
 */
export function createSiteExchange(config: Config, sinks?: ExchangeSinks): Exchange | undefined {
  const user = config.ONEC_EXCHANGE_USER;
  const password = config.ONEC_EXCHANGE_PASSWORD;
  if (!user || !password) return undefined;
  return createExchange({
    dir: path.join(config.dataDir, "1c"),
    user,
    password,
    priceType: config.ONEC_PRICE_TYPE,
    ordersEncoding: config.ONEC_ORDERS_ENCODING,
    catalogue: sinks?.catalogue ?? createMemoryCatalogue(),
    orders: sinks?.orders ?? createMemoryOrders(),
    pictures: sinks?.pictures,
  });
}

/** The route's answer: the exchange's plain text (or the orders' XML), never a 500. */
export async function answerExchange(exchange: Exchange, request: Request, clientIp?: string): Promise<Response> {
  try {
    const url = new URL(request.url);
    const body = request.body ? Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>) : null;
    const answer = await exchange.handle({
      method: request.method,
      query: url.searchParams,
      headers: request.headers,
      body,
      clientIp,
    });
    const text = typeof answer.body === "string" ? answer.body : new Uint8Array(answer.body);
    return new Response(text, { status: answer.status, headers: answer.headers });
  } catch (error) {
    log.error("1C exchange: answer failed", { error: errorMessage(error) });
    return new Response("failure\nОшибка сайта", {
      status: 200,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
