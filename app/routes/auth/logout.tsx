import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { clearSessionCookie, readSessionToken } from "#app/modules/sessions/auth.server.ts";
import { deleteSession } from "#app/modules/sessions/sessions.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import type { Route } from "./+types/logout";

/** GET /player/logout (the original site's link) asks for confirmation: a GET never changes state. */
export function loader() {
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const token = await readSessionToken(request);
  if (token) await deleteSession(token);
  return redirectWithToast("/", "loggedOut", { "Set-Cookie": await clearSessionCookie() });
}

export default function Logout() {
  const { t } = useTranslation();
  return (
    <main className="form-card text-center">
      <Form method="post" action="/logout">
        <button type="submit" className="btn-primary w-full" data-testid="logout-confirm">
          {t("common.logout")}
        </button>
      </Form>
    </main>
  );
}
