import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { serializeConsentCookie } from "~/lib/cookies";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { isSecure } from "~server/cookies.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const secure = isSecure(context.services.config);
  return redirect(safeRedirectPath(form.get("returnTo")), {
    status: 303,
    headers: { "Set-Cookie": serializeConsentCookie({ secure }) },
  });
}

export function loader() {
  return redirect("/");
}
