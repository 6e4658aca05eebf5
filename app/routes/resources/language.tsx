import { redirect } from "react-router";
import { isLanguage } from "#app/i18n/config.ts";
import { languageCookie } from "#app/i18n/i18n.server.ts";
import { safeRedirect } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/language";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lng = form.get("lng");
  const back = safeRedirect(form.get("redirectTo"));
  if (!isLanguage(lng)) return Response.json({ message: "Unsupported language" }, { status: 400 });
  return redirect(back, { headers: { "Set-Cookie": await languageCookie.serialize(lng) } });
}

export function loader() {
  return redirect("/");
}
