import { json, type ActionFunctionArgs } from "@remix-run/node";
import { isLeadFormName } from "~/lib/lead-forms";
import { handleLeadAction } from "~server/lead-action.server";

/** The same lead action answering JSON: the parts-list upload posts here by XHR to show progress. */
export async function action({ params, request, context }: ActionFunctionArgs) {
  if (!isLeadFormName(params.form)) return json({ formError: "Такой формы нет" }, { status: 404 });
  return handleLeadAction(request, context, params.form, "json");
}

export function loader() {
  return json({ formError: "Метод не поддерживается" }, { status: 405 });
}
