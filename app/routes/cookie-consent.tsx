import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { consentCookie } from "~/lib/consent";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { isSecure } from "~server/cart-cookie.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const secure = isSecure(context.services.config);
  return redirect(safeRedirectPath(form.get("returnTo")), { status: 303, headers: { "Set-Cookie": consentCookie(secure) } });
}

export function loader() {
  return redirect("/");
}
