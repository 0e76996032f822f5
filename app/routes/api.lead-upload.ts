import type { ActionFunctionArgs } from "@remix-run/node";
import { handleLeadAction } from "~server/lead-action.server";
import { wrongMethod } from "~server/odd-requests.server";

/**
 * POST /api/lead-upload — the parts-list form as sent by its upload XHR (for the progress bar):
 * the same action as /lead/parts-list, answered JSON (`redirectTo` on success, `formError` or
 * `fieldErrors` on failure). Without JavaScript the form posts to /lead/parts-list instead.
 */
export function action({ request, context }: ActionFunctionArgs) {
  return handleLeadAction(request, context, "parts-list", "json");
}

export const loader = () => wrongMethod("POST");
