import type { LoaderFunctionArgs } from "@remix-run/node";
import { DEALER, LEGAL } from "~/content";
import { chunkedBody } from "~server/feeds/body-stream.server";
import { isNotModified, notModified, stampedCatalogue, stampHeaders } from "~server/feeds/catalogue-stamp.server";
import { ymlFeed } from "~server/feeds/yml-feed.server";
import { wrongMethod } from "~server/odd-requests.server";

/**
 * The parts catalogue for Яндекс Товары and Директ's product campaigns (YML), streamed from the
 * current snapshot; a repeat request for the same catalogue is answered 304.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { parts, config } = context.services;
  const { snapshot, stamp } = await stampedCatalogue(parts);
  if (isNotModified(request, stamp)) return notModified(stamp);
  const shop = { name: DEALER.name, company: LEGAL.name, siteUrl: config.SITE_URL };
  const body = chunkedBody(ymlFeed(snapshot, shop, stamp.lastModified), {
    signal: request.signal,
    writable: context.responseWritable,
  });
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", ...stampHeaders(stamp) },
  });
}

export const action = () => wrongMethod("GET, HEAD");
