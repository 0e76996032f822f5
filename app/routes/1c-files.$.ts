import type { LoaderFunctionArgs } from "@remix-run/node";
import { wrongMethod } from "~server/odd-requests.server";
import { pictureResponse } from "~server/onec/pictures.server";
import { createStorePictures } from "~server/store/onec-pictures.server";

/** /1c-files/import_files/…: the part pictures 1C uploaded with the catalogue, from the store (any server). */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const picture = await pictureResponse(
    createStorePictures(context.services.store),
    params["*"],
    request.headers.get("if-none-match"),
  );
  if (picture) return picture;
  throw new Response("Изображение не найдено", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export const action = () => wrongMethod("GET, HEAD");
