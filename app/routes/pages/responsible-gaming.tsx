import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Section, withPart } from "#app/components/pages/InfoPage.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { getSiteConfig } from "#app/modules/content/index.server.ts";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/responsible-gaming";

// Each tool's page in the player's account (a guest is asked to log in and comes back there).
const tools = [
  ["deposit", "/account/responsible-gaming"],
  ["timeOut", "/account/responsible-gaming/time-out"],
  ["selfExclusion", "/account/responsible-gaming/self-exclusion"],
  ["reality", "/account/responsible-gaming/reality-check"],
] as const;
const signs = ["more", "chase", "borrow", "hide", "mood", "life"] as const;
const help = ["support", "trust", "ga", "gamcare", "emergency"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const site = await getSiteConfig();
  return { title: `${translate(context, "pages.responsibleGaming.title")} | ${site.general.siteTitle}`, area: areaBundle(context, "pages") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }] : [];
}

export default function ResponsibleGaming({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  const mail = useRootData()?.site.supportMail ?? "";
  const mailLink = (
    <a className="text-brand underline" href={`mailto:${mail}`}>
      {mail}
    </a>
  );
  return (
    <main className="mx-auto max-w-3xl px-4 py-5 text-[0.95rem] leading-relaxed text-slate-200" data-testid="responsible-gaming">
      <div className="flex items-center gap-3">
        <span
          className="flex size-14 shrink-0 items-center justify-center rounded-full border-4 border-red-600 bg-white text-lg font-extrabold text-black"
          aria-hidden="true"
        >
          {t("home.ageBadge")}
        </span>
        <h1 className="text-2xl font-bold text-white">{t("pages.responsibleGaming.title")}</h1>
      </div>
      <p className="mt-3">{t("pages.responsibleGaming.intro")}</p>

      <Section title={t("pages.responsibleGaming.ageTitle")}>
        <p>{t("pages.responsibleGaming.ageText")}</p>
      </Section>

      <Section title={t("pages.responsibleGaming.limitsTitle")}>
        <p>{t("pages.responsibleGaming.limitsText")}</p>
      </Section>

      <Section title={t("pages.responsibleGaming.toolsTitle")}>
        <p>{t("pages.responsibleGaming.toolsText")}</p>
        <ul className="my-2 grid gap-2 sm:grid-cols-2">
          {tools.map(([key, href]) => (
            <li key={key}>
              <a
                href={href}
                className="flex h-full items-center justify-between gap-2 rounded-lg bg-panel px-3 py-2 text-brand hover:bg-panel-2"
                data-testid={`rg-tool-${key}`}
              >
                <span>{t(`pages.responsibleGaming.tools.${key}`)}</span>
                <span aria-hidden="true">›</span>
              </a>
            </li>
          ))}
        </ul>
        <p>{withPart(t("pages.responsibleGaming.toolsUntil", { mail: "\u0000" }), mailLink)}</p>
      </Section>

      <Section title={t("pages.responsibleGaming.signsTitle")}>
        <p>{t("pages.responsibleGaming.signsText")}</p>
        <ul className="my-2 list-disc space-y-1 pl-6">
          {signs.map((key) => (
            <li key={key}>{t(`pages.responsibleGaming.signs.${key}`)}</li>
          ))}
        </ul>
        <p className="font-semibold text-white">{t("pages.responsibleGaming.signsAfter")}</p>
      </Section>

      <Section title={t("pages.responsibleGaming.helpTitle")}>
        <ul className="list-disc space-y-1 pl-6">
          {help.map((key) => (
            <li key={key}>{withPart(t(`pages.responsibleGaming.help.${key}`, { mail: "\u0000" }), mailLink)}</li>
          ))}
        </ul>
      </Section>
    </main>
  );
}
