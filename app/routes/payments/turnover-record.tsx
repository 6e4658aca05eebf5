import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { listTurnovers } from "#app/modules/payments/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/turnover-record";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const tab = url.searchParams.get("tab") === "complete" ? "complete" : "active";
  const locale = getLocale(context);
  const rows = await listTurnovers(player.id, tab);
  return {
    title: translate(context, "paymentPages.turnover.title"),
    layout: layoutFor(request.headers.get("user-agent")),
    tab,
    rows: rows.map((r) => ({
      id: r.id,
      status: r.status,
      // "complete" always shows as 100 %; progress is already capped at 100 by the module.
      progress: r.status === "complete" ? 100 : Math.min(100, Math.max(0, r.progress)),
      required: takaText(r.required, { symbol: false }),
      remaining: takaText(r.remaining, { symbol: false }),
      bonus: r.bonusAmount > 0n ? takaText(r.bonusAmount, { symbol: false }) : null,
      method: r.methodName,
      promotion: (locale === "bn" ? r.promotionNameBn : r.promotionNameEn) ?? null,
      depositId: r.depositId,
      promotionId: r.promotionId,
      createdAt: formatDhakaDateTime(r.createdAt),
      completedAt: r.completedAt ? formatDhakaDateTime(r.completedAt) : null,
    })),
  };
}

export default function TurnoverRecord({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tab, rows } = loaderData;
  const tabClass = (name: string) =>
    `flex-1 rounded-lg py-2 text-center text-sm font-semibold ${tab === name ? "bg-brand text-black" : "text-white/80 hover:bg-white/5"}`;
  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="turnover-page">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h1 className="text-xl font-bold">{t("paymentPages.turnover.title")}</h1>
          <details className="relative">
            <summary className="cursor-pointer list-none rounded-full border border-white/20 px-3 py-1 text-sm" data-testid="turnover-help">
              ? {t("paymentPages.turnover.help")}
            </summary>
            <p className="absolute right-0 z-10 mt-2 w-72 rounded-lg bg-panel-2 p-3 text-xs leading-relaxed shadow-xl">
              {t("paymentPages.turnover.helpText")}
            </p>
          </details>
        </div>
        <nav className="mb-3 flex gap-1 rounded-xl bg-panel p-1">
          <a href="/turnover-record" className={tabClass("active")} aria-current={tab === "active" ? "page" : undefined}>
            {t("paymentPages.turnover.active")}
          </a>
          <a href="/turnover-record?tab=complete" className={tabClass("complete")} aria-current={tab === "complete" ? "page" : undefined}>
            {t("paymentPages.turnover.complete")}
          </a>
        </nav>
        {rows.length === 0 ? (
          <p className="rounded-xl bg-panel p-6 text-center text-sm text-white/50">{t("paymentPages.turnover.noData")}</p>
        ) : (
          <ul className="space-y-3">
            {rows.map((r) => (
              <li key={r.id} className="rounded-xl bg-panel p-4" data-testid="turnover-row">
                <div className="mb-2 flex items-start justify-between gap-2">
                  <div className="min-w-0 text-sm">
                    {r.promotionId !== null ? (
                      <a href={`/promotions/${r.promotionId}`} className="block truncate font-semibold text-brand">
                        {r.promotion}
                      </a>
                    ) : (
                      <span className="block font-semibold">{t("paymentPages.turnover.noPromotion")}</span>
                    )}
                    {r.depositId !== null ? (
                      <a href={`/transaction-record/D${r.depositId}`} className="text-xs text-white/60 underline decoration-white/20">
                        {t("paymentPages.turnover.deposit")} D{r.depositId}
                        {r.method ? ` · ${r.method}` : ""}
                      </a>
                    ) : null}
                  </div>
                  <span
                    className={`shrink-0 rounded-full px-2 py-0.5 text-[0.7rem] font-semibold ${r.status === "complete" ? "bg-accent/20 text-accent-light" : "bg-brand/15 text-brand"}`}
                  >
                    {r.status === "complete" ? t("paymentPages.turnover.completed") : t("paymentPages.turnover.pending")}
                  </span>
                </div>
                <div className="mb-1 flex justify-between text-xs tabular-nums">
                  <span className="text-white/60">{r.createdAt}</span>
                  <span className="font-semibold">{r.progress}%</span>
                </div>
                <div
                  className="mb-2 h-2 overflow-hidden rounded-full bg-white/10"
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={r.progress}
                  aria-label={t("paymentPages.turnover.title")}
                >
                  <div className={`h-full rounded-full ${r.status === "complete" ? "bg-accent" : "bg-brand"}`} style={{ width: `${r.progress}%` }} />
                </div>
                <dl className="grid grid-cols-3 gap-2 text-xs">
                  <div>
                    <dt className="text-white/50">{t("paymentPages.turnover.required")}</dt>
                    <dd className="tabular-nums">৳{r.required}</dd>
                  </div>
                  <div>
                    <dt className="text-white/50">{t("paymentPages.turnover.remaining")}</dt>
                    <dd className="tabular-nums">৳{r.remaining}</dd>
                  </div>
                  <div>
                    <dt className="text-white/50">{t("paymentPages.turnover.bonus")}</dt>
                    <dd className="tabular-nums">{r.bonus ? `৳${r.bonus}` : "—"}</dd>
                  </div>
                </dl>
                {r.completedAt ? (
                  <p className="mt-2 text-xs text-white/50">
                    {t("paymentPages.turnover.completedAt")}: {r.completedAt} ({t("payments.gmt6")})
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </main>
    </AccountFrame>
  );
}
