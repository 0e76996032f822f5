import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { serializeConsentCookie } from "~/lib/cookies";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { isSecure } from "~server/cookies.server";
import { readSmallForm } from "~server/form-post.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readSmallForm(request);
  // A body larger than any consent form: no consent, and the connection closes on the rest.
  if (!form) return redirect("/", { status: 303, headers: { Connection: "close" } });
  const secure = isSecure(context.services.config);
  return redirect(safeRedirectPath(form.get("returnTo")), {
    status: 303,
    headers: { "Set-Cookie": serializeConsentCookie({ secure }) },
  });
}

export function loader() {
  return redirect("/");
}
