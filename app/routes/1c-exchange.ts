import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { answerExchange } from "~server/onec/site-exchange.server";

/**
 * 1C's exchange with the site (CommerceML 2): 1C calls this address with `type` and `mode`, GET
 * or POST. Off (ONEC_EXCHANGE_USER and ONEC_EXCHANGE_PASSWORD unset), it answers as any unknown
 * address does.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const { exchange } = context.services;
  return exchange ? answerExchange(exchange, request, context.clientIp) : redirect("/not-found");
}

export function action({ request, context }: ActionFunctionArgs) {
  const { exchange } = context.services;
  return exchange ? answerExchange(exchange, request, context.clientIp) : redirect("/not-found", 303);
}
