import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { getSiteConfig } from "#app/modules/content/index.server.ts";
import type { Route } from "./+types/age-blocked";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Where a player lands (logged out) after confirming a birthday under 18: the account is blocked; how to reach support. */
export async function loader({ context }: Route.LoaderArgs) {
  const site = await getSiteConfig();
  return { title: translate(context, "identity.blocked.title"), identity: areaBundle(context, "identity"), mail: site.general.supportMail };
}

export default function AgeBlocked({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.identity);
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-xl px-4 py-8" data-testid="age-blocked">
      <h1 className="mb-3 text-2xl font-bold text-white">{t("identity.blocked.title")}</h1>
      <p className="mb-3">{t("identity.blocked.text")}</p>
      <p className="mb-5">
        {t("identity.blocked.support", { mail: loaderData.mail })}{" "}
        <a href={`mailto:${loaderData.mail}`} className="text-brand underline">
          {loaderData.mail}
        </a>
      </p>
      <a href="/" className="btn-secondary">
        {t("identity.blocked.home")}
      </a>
    </main>
  );
}
