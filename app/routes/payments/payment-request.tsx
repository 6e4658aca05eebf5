import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, redirect } from "react-router";
import { Countdown } from "#app/components/payments/Countdown.tsx";
import { TransferAnimation } from "#app/components/payments/TransferAnimation.tsx";
import { trackerView, WithdrawalTracker } from "#app/components/payments/WithdrawalTracker.tsx";
import { takaText } from "#app/kernel/money.ts";
import { getTransaction } from "#app/modules/payments/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/payment-request";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/**
 * After a deposit or withdrawal request: ?id=D12 / W3 names it, and the amount and icon are read from that
 * record (the player's own; anything else is a 404), never from the address. Without ?id= it goes to /transaction-record.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const id = url.searchParams.get("id");
  // Opened without a request (a bookmark, the history): the transaction record lists them all.
  if (!id) throw redirect("/transaction-record");
  const tx = await getTransaction(player.id, id);
  if (!tx || tx.type === "adjustment") throw data(null, { status: 404 });
  return {
    title: translate(context, "paymentPages.request.title"),
    kind: tx.type,
    amount: takaText(tx.amount, { symbol: false }),
    icon: tx.methodIcon,
    startedAt: tx.createdAt.getTime(),
    serverNow: Date.now(),
    // A withdrawal waits for staff: its status, steps and promised payout time instead of a deposit's countdown.
    tracker: tx.tracker ? trackerView(tx.tracker) : null,
  };
}

export default function PaymentRequest({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kind, amount, icon, startedAt, serverNow, tracker } = loaderData;
  if (tracker) {
    return (
      <main className="mx-auto max-w-md p-3 min-[769px]:py-8" data-testid="payment-request-page">
        <section className="mb-3 rounded-xl bg-panel p-5 text-center">
          <h1
            className={`mb-2 text-2xl font-bold ${tracker.status === "rejected" ? "text-red-300" : "text-brand"}`}
            role="status"
            data-testid="request-headline"
          >
            {t(`payments.tracker.headline.${tracker.status}`)}
          </h1>
          <TransferAnimation amount={amount} icon={icon} direction="out" />
          <p className="text-3xl font-bold tabular-nums" data-testid="request-amount">
            {t("paymentPages.currency")}
            {amount}
          </p>
        </section>
        <WithdrawalTracker tracker={tracker} />
        <div className="mt-3 grid grid-cols-2 gap-2">
          <a href="/transaction-record" className="btn-secondary block w-full text-center text-sm">
            {t("paymentPages.records.title")}
          </a>
          <a href="/account" className="btn-primary block w-full text-center" data-testid="request-close">
            {t("paymentPages.request.close")}
          </a>
        </div>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-md p-3 min-[769px]:py-8" data-testid="payment-request-page">
      <section className="rounded-xl bg-panel p-5 text-center">
        <p className="mb-1 text-sm font-semibold text-accent" role="status">
          {kind === "deposit" ? t("payments.messages.depositSubmitted") : t("payments.messages.withdrawalRequested")}
        </p>
        <h1 className="mb-2 text-2xl font-bold text-brand">{t("paymentPages.request.ready")}</h1>
        <p className="text-sm text-white/80">
          {kind === "deposit" ? t("paymentPages.request.onTheWay") : t("paymentPages.request.withdrawalOnTheWay")}{" "}
          <Countdown startedAt={startedAt} serverNow={serverNow} />{" "}
          {kind === "deposit" ? t("paymentPages.request.onTheWayAfter") : t("paymentPages.request.withdrawalOnTheWayAfter")}
        </p>
        <TransferAnimation amount={amount} icon={icon} direction={kind === "deposit" ? "in" : "out"} />
        <p className="mb-5 text-3xl font-bold tabular-nums" data-testid="request-amount">
          {t("paymentPages.currency")}
          {amount}
        </p>
        <a href="/account" className="btn-primary block w-full" data-testid="request-close">
          {t("paymentPages.request.close")}
        </a>
      </section>
    </main>
  );
}
