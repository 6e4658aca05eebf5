import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Section, withPart } from "#app/components/pages/InfoPage.tsx";
import { Link } from "react-router";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { getSiteConfig } from "#app/modules/content/index.server.ts";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/terms";

const account = ["age", "one", "details"] as const;
const money = ["own", "checks", "bonus"] as const;
const play = ["final", "abuse"] as const;

/** /terms: the terms a player accepts with the 18+ box of the sign-up form. */
export async function loader({ context }: Route.LoaderArgs) {
  const site = await getSiteConfig();
  return {
    title: `${translate(context, "pages.terms.title")} | ${site.general.siteTitle}`,
    site: site.general.siteTitle,
    area: areaBundle(context, "pages"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }] : [];
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  const mail = useRootData()?.site.supportMail ?? "";
  return (
    <main className="mx-auto max-w-3xl px-4 py-5 text-[0.95rem] leading-relaxed text-slate-200" data-testid="terms">
      <h1 className="text-2xl font-bold text-white">{t("pages.terms.title")}</h1>
      <p className="mt-3">{t("pages.terms.intro", { site: loaderData.site })}</p>

      <Section title={t("pages.terms.accountTitle")}>
        <ul className="list-disc space-y-1 pl-6">
          {account.map((key) => (
            <li key={key}>{t(`pages.terms.account.${key}`)}</li>
          ))}
        </ul>
      </Section>

      <Section title={t("pages.terms.moneyTitle")}>
        <ul className="list-disc space-y-1 pl-6">
          {money.map((key) => (
            <li key={key}>{t(`pages.terms.money.${key}`)}</li>
          ))}
        </ul>
      </Section>

      <Section title={t("pages.terms.playTitle")}>
        <ul className="list-disc space-y-1 pl-6">
          {play.map((key) => (
            <li key={key}>{t(`pages.terms.play.${key}`)}</li>
          ))}
        </ul>
      </Section>

      <Section title={t("pages.terms.responsibleTitle")}>
        <p>
          {withPart(
            t("pages.terms.responsible", { link: "\u0000" }),
            <Link className="text-brand underline" to="/responsible-gaming">
              {t("pages.terms.responsibleLink")}
            </Link>,
          )}
        </p>
      </Section>

      <Section title={t("pages.terms.changesTitle")}>
        <p>
          {withPart(
            t("pages.terms.changes", { mail: "\u0000" }),
            <a className="text-brand underline" href={`mailto:${mail}`}>
              {mail}
            </a>,
          )}
        </p>
      </Section>
    </main>
  );
}
