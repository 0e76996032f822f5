import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { consentCookie } from "~/lib/consent";
import { safeRedirectPath } from "~/lib/safe-redirect";

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const secure = context.services.config.NODE_ENV === "production" && context.services.config.SITE_URL.startsWith("https:");
  return redirect(safeRedirectPath(form.get("returnTo")), { status: 303, headers: { "Set-Cookie": consentCookie(secure) } });
}

export function loader() {
  return redirect("/");
}
