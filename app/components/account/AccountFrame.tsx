import { useTranslation } from "#app/i18n/use-translation.ts";
import type { LayoutKind } from "#app/utils/layout.server.ts";
import { AccountMenu } from "./AccountMenu.tsx";

/**
 * A member-centre section page: in the desktop arrangement the member menu sits at the left; in the
 * mobile one (phones, and desktop windows up to 768 px) a link leads back to the member centre instead.
 */
export function AccountFrame({ layout, children }: { layout: LayoutKind; children: React.ReactNode }) {
  const { t } = useTranslation();
  const desktop = layout === "desktop";
  return (
    <div
      className={
        desktop
          ? "mx-auto max-w-5xl p-3 min-[769px]:grid min-[769px]:grid-cols-[16rem_1fr] min-[769px]:items-start min-[769px]:gap-4 min-[769px]:p-6"
          : "mx-auto max-w-xl p-3"
      }
    >
      {desktop ? (
        <aside className="hidden min-[769px]:block" aria-label={t("account.backNav")}>
          <AccountMenu />
        </aside>
      ) : null}
      <div className="min-w-0">
        <BackToAccount className={desktop ? "min-[769px]:hidden" : ""} />
        {children}
      </div>
    </div>
  );
}

function BackToAccount({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("account.backNav")} className={className}>
      <a href="/account" className="mb-3 inline-flex items-center gap-1 text-sm text-brand">
        <span aria-hidden="true">‹</span> {t("account.backToAccount")}
      </a>
    </nav>
  );
}
