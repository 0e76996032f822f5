import type { LoaderFunctionArgs } from "@remix-run/node";
import { wrongMethod } from "~server/odd-requests.server";
import { pictureResponse } from "~server/onec/pictures.server";

/** /1c-files/import_files/…: the part pictures 1C uploaded with the catalogue (off with the exchange). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { exchange } = context.services;
  const picture = exchange ? await pictureResponse(exchange.filesDir, params["*"]) : undefined;
  if (picture) return picture;
  throw new Response("Изображение не найдено", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export const action = () => wrongMethod("GET, HEAD");
