import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, Link, redirect } from "react-router";
import { clearSessionCookie, getAuth, readSessionToken, deleteSession } from "#app/modules/sessions/index.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import type { Route } from "./+types/logout";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/**
 * GET /logout and /player/logout (the original site's link) ask a player for confirmation, since a GET never changes
 * state; a guest has nothing to log out of and goes home.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (!getAuth(context)) throw redirect("/");
  return { title: translate(context, "auth.logout.title") };
}

export async function action({ request }: Route.ActionArgs) {
  const token = await readSessionToken(request);
  if (token) await deleteSession(token);
  return redirectWithToast("/", "loggedOut", { "Set-Cookie": await clearSessionCookie() });
}

export default function Logout() {
  const { t } = useTranslation();
  return (
    <main className="form-card text-center" data-testid="logout-page">
      <h1 className="mb-2 text-xl font-bold">{t("auth.logout.title")}</h1>
      <p className="mb-5 text-sm text-white/70">{t("auth.logout.text")}</p>
      <Form method="post" action="/logout">
        <button type="submit" className="btn-primary w-full" data-testid="logout-confirm">
          {t("auth.logout.confirm")}
        </button>
      </Form>
      <Link to="/" className="btn-secondary mt-3 w-full" data-testid="logout-cancel">
        {t("auth.logout.cancel")}
      </Link>
    </main>
  );
}
