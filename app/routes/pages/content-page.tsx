import { useTranslation } from "#app/i18n/use-translation.ts";
import { data } from "react-router";
import { PartnerCard } from "#app/components/content/PartnerCard.tsx";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { getSiteConfig, getContentPage, getFooterPartners } from "#app/modules/content/index.server.ts";
import type { Route } from "./+types/content-page";

/** /affiliate and /brand-ambassador: pages content staff write (the Brand Ambassador page also shows the partners). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const slug = url.pathname.replace(/\/+$/, "") === "/affiliate" ? "affiliate" : "brand-ambassador";
  const locale = getLocale(context);
  const [page, site, partners] = await Promise.all([
    getContentPage(slug, locale),
    getSiteConfig(),
    slug === "brand-ambassador" ? getFooterPartners(locale) : Promise.resolve(null),
  ]);
  if (!page) throw data(null, { status: 404 });
  return { title: `${page.title} | ${site.general.siteTitle}`, slug, page, partners, supportMail: site.general.supportMail };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.title }] : [];
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, partners, slug, supportMail } = loaderData;
  const paragraphs = page.body.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <main className="mx-auto max-w-3xl px-4 py-5 leading-relaxed" data-testid={`page-${slug}`}>
      {page.image ? <img src={page.image} alt="" width={1200} height={400} className="mb-4 aspect-[3/1] w-full rounded-xl object-cover" /> : null}
      <h1 className="mb-3 text-2xl font-bold">{page.title}</h1>
      {paragraphs.map((p, i) => (
        <p key={i} className="mb-3 whitespace-pre-line text-white/85">
          {p}
        </p>
      ))}
      {partners?.sponsor ? (
        <section className="mt-5" aria-labelledby="page-sponsor">
          <h2 id="page-sponsor" className="mb-2 border-l-4 border-brand pl-2 text-lg font-bold">
            {t("centre.partners.sponsor")}
          </h2>
          <PartnerCard partner={partners.sponsor} size="large" />
        </section>
      ) : null}
      {partners?.ambassadors.length ? (
        <section className="mt-5" aria-labelledby="page-ambassadors">
          <h2 id="page-ambassadors" className="mb-2 border-l-4 border-brand pl-2 text-lg font-bold">
            {t("centre.partners.ambassadors")}
          </h2>
          <ul className="grid gap-3 min-[600px]:grid-cols-2">
            {partners.ambassadors.map((a) => (
              <li key={a.id}>
                <PartnerCard partner={a} size="large" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {slug === "affiliate" && supportMail ? (
        <a href={`mailto:${supportMail}`} className="btn-primary mt-3 inline-block">
          {t("centre.partners.contact")}
        </a>
      ) : null}
    </main>
  );
}
