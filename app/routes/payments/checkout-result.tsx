// The result of a gateway checkout for its own player: credited (with the new balance), failed, cancelled, or still
// waiting for the gateway (the page re-reads itself every few seconds, with or without JavaScript).
import { translate } from "#app/i18n/translate.server.ts";
import { useEffect } from "react";
import { data } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { useRefresh } from "#app/components/use-refresh.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { takaText } from "#app/kernel/money.ts";
import { getPlayerBalances } from "#app/modules/ledger/index.server.ts";
import { getPlayerCheckout, type GatewayPaymentState } from "#app/modules/payments/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/checkout-result";

const REFRESH_SECONDS = 5;

type Outcome = "credited" | "waiting" | "cancelled" | "expired" | "refused" | "failed";

function outcomeOf(status: GatewayPaymentState): Outcome {
  if (status === "completed") return "credited";
  if (status === "initiated") return "waiting";
  if (status === "cancelled" || status === "expired") return status;
  if (status === "refused" || status === "refunded") return "refused";
  return "failed";
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: loaderData.title }, ...(loaderData.waiting ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) } as const] : [])]
    : [];

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const checkout = await getPlayerCheckout(player.id, params.invoice);
  if (!checkout) throw data(null, { status: 404 });
  const outcome = outcomeOf(checkout.status);
  const balances = outcome === "credited" ? await getPlayerBalances(player.id) : null;
  return {
    title: translate(context, `paymentPages.checkout.title.${outcome}`),
    layout: layoutFor(request.headers.get("user-agent")),
    outcome,
    waiting: outcome === "waiting",
    method: checkout.methodName,
    icon: checkout.methodIcon,
    amount: takaText(checkout.amount, { symbol: false }),
    invoice: checkout.invoice,
    trxId: checkout.trxId,
    reason: checkout.failureReason,
    depositRef: checkout.depositId ? `D${checkout.depositId}` : null,
    balance: balances ? takaText(balances.main.available, { symbol: false }) : null,
    at: formatDhakaDateTime(checkout.finishedAt ?? checkout.createdAt),
  };
}

export default function CheckoutResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { outcome, method, icon, amount, invoice, trxId, depositRef, balance, at, waiting } = loaderData;
  const refresh = useRefresh();
  useEffect(() => {
    if (!waiting) return;
    const id = setInterval(refresh, REFRESH_SECONDS * 1000);
    return () => clearInterval(id);
  }, [waiting, refresh]);
  const good = outcome === "credited";
  return (
    <AccountFrame layout={loaderData.layout}>
      <main className="mx-auto max-w-md rounded-xl bg-panel p-5 text-center" data-testid="checkout-result" data-outcome={outcome}>
        <img src={icon} alt="" width={56} height={56} className="mx-auto mb-3 size-14 rounded bg-white object-contain p-1" />
        <h1 className={`mb-2 text-lg font-bold ${good ? "text-green-400" : outcome === "waiting" ? "text-brand" : "text-red-400"}`}>
          {t(`paymentPages.checkout.title.${outcome}`)}
        </h1>
        <p className="mb-4 text-sm text-white/80" role="status">
          {t(`paymentPages.checkout.body.${outcome}`, { method, amount, balance: balance ?? "" })}
        </p>
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-left text-sm">
          <dt className="text-white/60">{t("paymentPages.checkout.amount")}</dt>
          <dd className="font-semibold tabular-nums">৳{amount}</dd>
          {depositRef ? (
            <>
              <dt className="text-white/60">{t("paymentPages.checkout.reference")}</dt>
              <dd>
                <a href={`/transaction-record/${depositRef}`} className="text-brand">
                  {depositRef}
                </a>
              </dd>
            </>
          ) : null}
          {trxId ? (
            <>
              <dt className="text-white/60">{t("paymentPages.checkout.trxId")}</dt>
              <dd className="font-mono break-all">{trxId}</dd>
            </>
          ) : null}
          <dt className="text-white/60">{t("paymentPages.checkout.invoice")}</dt>
          <dd className="font-mono break-all">{invoice}</dd>
          <dt className="text-white/60">{t("paymentPages.checkout.time")}</dt>
          <dd className="tabular-nums">{at}</dd>
        </dl>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          {good ? (
            <a href="/" className="btn-primary">
              {t("paymentPages.checkout.play")}
            </a>
          ) : outcome === "waiting" ? null : (
            <a href="/deposit" className="btn-primary">
              {t("paymentPages.checkout.tryAgain")}
            </a>
          )}
          <a href="/transaction-record?type=deposit&range=all" className="btn-secondary">
            {t("paymentPages.checkout.records")}
          </a>
        </div>
      </main>
    </AccountFrame>
  );
}
