import { useTranslation } from "#app/i18n/use-translation.ts";
import { PartnerCard } from "#app/components/content/PartnerCard.tsx";
import type { HomeContent } from "#app/modules/content/index.server.ts";

/**
 * The marketing text is folded (200 px in the mobile arrangement, 970 px in the desktop one, see home.css).
 * Show More / Show Less is a visually hidden checkbox with a label, so it works without JavaScript. The label
 * sits at the fold inside the clipped box, so it is only visible when the text is longer than the fold.
 */
function FoldedText({ text }: { text: string }) {
  const { t } = useTranslation();
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim());
  if (paragraphs.length === 0) return null;
  return (
    <section className="footer-about" data-testid="footer-text">
      <input type="checkbox" id="footer-more" className="footer-toggle sr-only" />
      <div className="footer-text">
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        <label htmlFor="footer-more" className="footer-more" data-testid="footer-more">
          <span className="when-folded">{t("common.showMore")}</span>
          <span className="when-open">{t("common.showLess")}</span>
        </label>
      </div>
    </section>
  );
}

export function SiteFooter({ footer, siteTitle, year }: { footer: HomeContent["footer"]; siteTitle: string; year: string }) {
  const { t } = useTranslation();
  const licence =
    footer.mode === "demo"
      ? t("common.footer.demoLicence")
      : footer.licenceIssuer && footer.licenceNumber
        ? t("common.footer.licensedBy", { issuer: footer.licenceIssuer, number: footer.licenceNumber })
        : null;
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="footer-inner">
        <FoldedText text={footer.text} />

        {footer.payments.length > 0 ? (
          <section className="footer-block" aria-labelledby="footer-payments">
            <h2 id="footer-payments" className="footer-heading">
              {t("common.footer.paymentMethods")}
            </h2>
            <ul className="payment-logos">
              {footer.payments.map((p) => (
                <li key={p.id}>
                  <img src={p.icon} alt={p.name} width={120} height={40} loading="lazy" decoding="async" />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {footer.partners.sponsor || footer.partners.ambassadors.length ? (
          <section className="footer-block" aria-labelledby="footer-partners" data-testid="footer-partners">
            <h2 id="footer-partners" className="footer-heading">
              <a href="/brand-ambassador" className="footer-link">
                {t("centre.partners.sponsor")} · {t("centre.partners.ambassadors")}
              </a>
            </h2>
            <ul className="grid gap-3 min-[600px]:grid-cols-3">
              {[...(footer.partners.sponsor ? [footer.partners.sponsor] : []), ...footer.partners.ambassadors].map((p) => (
                <li key={p.id} data-testid="footer-partner">
                  <PartnerCard partner={p} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section className="footer-block" aria-labelledby="footer-rg">
          <h2 id="footer-rg" className="footer-heading">
            {t("common.footer.responsibleGaming")}
          </h2>
          <div className="footer-rg">
            <span className="age-badge" aria-hidden="true">
              {t("home.ageBadge")}
            </span>
            <p>
              {t("common.footer.ageLimit")}{" "}
              <a href="/responsible-gaming" className="footer-link">
                {t("home.readMoreResponsible")}
              </a>{" "}
              ·{" "}
              <a href="/account/responsible-gaming" className="footer-link" data-testid="footer-rg-tools">
                {t("common.footer.rgTools")}
              </a>
            </p>
          </div>
        </section>

        {licence ? (
          <section className="footer-block" aria-labelledby="footer-licence">
            <h2 id="footer-licence" className="footer-heading">
              {t("common.footer.licence")}
            </h2>
            <p data-testid="footer-licence">{licence}</p>
          </section>
        ) : null}

        <div className="footer-bottom">
          <span>{t("common.footer.rights", { year, site: siteTitle })}</span>
          <span className="footer-bottom-links">
            <a href="/responsible-gaming" className="footer-link">
              {t("common.footer.responsibleGaming")}
            </a>
            <a href="/terms" className="footer-link">
              {t("common.footer.terms")}
            </a>
            <a href="#top" className="footer-link" data-testid="footer-top">
              ↑ {t("common.backToTop")}
            </a>
          </span>
        </div>
      </div>
    </footer>
  );
}
