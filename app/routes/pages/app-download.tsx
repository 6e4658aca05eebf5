import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { getSiteConfig } from "#app/modules/content/index.server.ts";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/app-download";

const androidSteps = ["open", "menu", "add", "confirm"] as const;
const reasons = ["data", "storage", "updates"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const site = await getSiteConfig();
  return { title: `${translate(context, "pages.appDownload.title")} | ${site.general.siteTitle}`, area: areaBundle(context, "pages") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }] : [];
}

/** There is no native app: this page explains how to add the site (web app manifest) to the home screen. */
export default function AppDownload({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  const site = useRootData()?.site;
  return (
    <main className="mx-auto max-w-2xl px-4 py-5 text-[0.95rem] leading-relaxed text-slate-200" data-testid="app-download">
      <div className="flex items-center gap-3">
        {site ? <img src={site.favicon} alt="" width={56} height={56} className="rounded-xl" /> : null}
        <h1 className="text-2xl font-bold text-white">{t("pages.appDownload.title")}</h1>
      </div>
      <p className="mt-3">{t("pages.appDownload.intro")}</p>
      <p className="mt-3 rounded-lg border border-red-400/50 bg-red-600/15 px-3 py-2 text-red-100" role="note">
        {t("pages.appDownload.noApk")}
      </p>

      <h2 className="mt-5 mb-2 border-l-4 border-brand pl-2 text-lg font-bold text-white">{t("pages.appDownload.androidTitle")}</h2>
      <ol className="space-y-2">
        {androidSteps.map((key, i) => (
          <li key={key} className="flex items-start gap-3 rounded-lg bg-panel px-3 py-2">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand font-bold text-ink" aria-hidden="true">
              {i + 1}
            </span>
            <span>{t(`pages.appDownload.android.${key}`)}</span>
          </li>
        ))}
      </ol>

      <h2 className="mt-5 mb-2 border-l-4 border-brand pl-2 text-lg font-bold text-white">{t("pages.appDownload.otherTitle")}</h2>
      <ul className="list-disc space-y-1 pl-6">
        <li>{t("pages.appDownload.samsung")}</li>
        <li>{t("pages.appDownload.iphone")}</li>
      </ul>

      <h2 className="mt-5 mb-2 border-l-4 border-brand pl-2 text-lg font-bold text-white">{t("pages.appDownload.whyTitle")}</h2>
      <ul className="list-disc space-y-1 pl-6">
        {reasons.map((key) => (
          <li key={key}>{t(`pages.appDownload.why.${key}`)}</li>
        ))}
      </ul>

      <p className="mt-6">
        <a href="/" className="btn-primary">
          {t("pages.appDownload.goHome")}
        </a>
      </p>
    </main>
  );
}
