import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { Notice } from "#app/components/admin/AdminField.tsx";
import { PaymentsNav } from "#app/components/admin/payments/PaymentsNav.tsx";
import { useArea } from "#app/i18n/use-area.ts";
import { listPromotions } from "#app/modules/promotions/index.server.ts";
import { formatHundredths } from "#app/modules/settings/index.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { paymentsPage, requireFinanceViewer, translate } from "./admin-payments.server.ts";
import type { Route } from "./+types/promotions";
import { takaText } from "#app/kernel/money.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { canAct } = await requireFinanceViewer(request);
  const rows = await listPromotions();
  const saved = url.searchParams.get("saved");
  const savedRow = saved ? rows.find((p) => String(p.id) === saved) : undefined;
  const now = new Date();
  return {
    ...paymentsPage(context, "adminPayments.promotions.title"),
    canAct,
    notice: savedRow ? translate(context, "adminPayments.promotions.saved", { name: savedRow.nameEn }) : null,
    rows: rows.map((p) => ({
      id: p.id,
      nameEn: p.nameEn,
      nameBn: p.nameBn,
      bonusPercent: p.bonusPercent,
      multiplier: formatHundredths(p.turnoverMultiplierHundredths),
      maxBonus: p.maxBonus === null ? null : takaText(p.maxBonus, { decimals: "trim" }),
      startsAt: formatDhakaDateTime(p.startsAt),
      endsAt: p.endsAt ? formatDhakaDateTime(p.endsAt) : null,
      active: p.status === "active",
      // What players see now: active and within its dates.
      live: p.status === "active" && p.startsAt <= now && (!p.endsAt || p.endsAt > now),
    })),
  };
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  return (
    <>
      <PaymentsNav />
      <div className="mb-1 flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold">{t("adminPayments.promotions.title")}</h1>
        {loaderData.canAct ? (
          <Link to="/admin/finance/promotions/new" className="btn-primary ml-auto !py-1.5 text-sm" data-testid="new-promotion">
            {t("adminPayments.promotions.new")}
          </Link>
        ) : null}
      </div>
      <p className="mb-3 text-sm text-white/60">
        {t("adminPayments.promotions.intro")} {t("adminPayments.time")}.
      </p>
      {loaderData.notice ? <Notice>{loaderData.notice}</Notice> : null}
      {!loaderData.canAct ? <p className="mb-3 text-sm text-amber-300">{t("adminPayments.viewOnly")}</p> : null}
      {loaderData.rows.length ? (
        <ul className="divide-y divide-white/10 rounded-xl bg-panel" data-testid="promotion-list">
          {loaderData.rows.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3" data-testid={`promotion-${p.id}`}>
              <div className="min-w-48 flex-1">
                <Link to={`/admin/finance/promotions/${p.id}`} className="font-bold">
                  {p.nameEn}
                </Link>
                <div className="text-sm text-white/70">{p.nameBn}</div>
              </div>
              <div className="w-56 text-sm">
                <span className="text-white/60">{t("adminPayments.promotions.bonus")}:</span> {p.bonusPercent}%{" "}
                <span className="text-white/60">
                  ({p.maxBonus ? t("adminPayments.promotions.upTo", { amount: p.maxBonus }) : t("adminPayments.promotions.noMax")})
                </span>
              </div>
              <div className="w-24 text-sm">
                <span className="text-white/60">{t("adminPayments.promotions.multiplier")}</span> {p.multiplier}
              </div>
              <div className="w-64 text-xs text-white/70">
                {p.startsAt} → {p.endsAt ?? "…"}
              </div>
              <div className={`w-20 text-sm ${p.live ? "text-accent" : "text-white/50"}`}>
                {p.active ? t("adminPayments.active") : t("adminPayments.inactive")}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl bg-panel p-4 text-white/70">{t("adminPayments.promotions.empty")}</p>
      )}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
