import type { MessageKey } from "#app/i18n/message.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data } from "react-router";
import { MINUS, takaText } from "#app/kernel/money.ts";
import { amountTone, shownStatus, StatusBadge } from "#app/components/payments/StatusBadge.tsx";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";
import { OverdueBadge, stepDot, trackerView, WithdrawalTracker } from "#app/components/payments/WithdrawalTracker.tsx";
import { EditCountdown, ResubmitForm, RevertForm } from "#app/components/payments/RequestActions.tsx";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { formatPoisha } from "#app/kernel/money.ts";
import { getTransaction, type TransactionField } from "#app/modules/payments/index.server.ts";
import { clientIp, requirePlayer } from "#app/modules/sessions/index.server.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { detailsAction } from "./transaction-details.server.ts";
import type { Route } from "./+types/transaction-details";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

function display(field: TransactionField, locale: string, t: (key: MessageKey) => string): string {
  switch (field.key) {
    case "channel":
      return t(`payments.channel.${field.value}` as MessageKey);
    case "amount":
    case "bonus":
      return takaText(field.value);
    case "promotion":
    case "race":
      return locale === "bn" ? field.value.bn : field.value.en;
    case "wallet":
      return t(`payments.wallet.${field.value}`);
    case "createdAt":
    case "updatedAt":
      return formatDhaka(field.value);
    default:
      return field.value;
  }
}

/** One of the player's own transactions (D12, W3, A7, R9); any other id, including another player's, is a 404. */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const tx = await getTransaction(player.id, params.id);
  if (!tx) throw data(null, { status: 404 });
  const locale = getLocale(context);
  const t = translator(context);
  return {
    title: t("paymentPages.details.title"),
    tx: {
      id: tx.id,
      type: tx.type,
      status: tx.status,
      refunded: tx.refunded,
      cancelled: tx.cancelled,
      amount: takaText(tx.amount),
      // Money out: a real minus sign before the taka sign (−৳300.00), as every page writes a negative amount.
      sign: tx.type === "withdraw" || tx.direction === "debit" ? MINUS : "+",
      icon: tx.methodIcon,
    },
    timeline: tx.timeline.map((s) => ({ step: s.step, at: s.at ? formatDhaka(s.at) : null })),
    // A withdrawal's timeline is its tracker: paid or rejected (with the reason), the promised payout time, overdue.
    tracker: tx.tracker ? trackerView(tx.tracker) : null,
    fields: tx.fields.map((f) => ({ key: f.key, value: display(f, locale, t) })),
    proof: tx.hasProof ? `/resources/deposit-proof?id=${tx.id}` : null,
    revertible: tx.revertible,
    resubmit: resubmitView(tx),
    resubmittedFrom: tx.resubmittedFrom,
  };
}

/** What the Edit and resubmit part shows: the countdown, the form (with what was sent before), or a link. */
function resubmitView(tx: NonNullable<Awaited<ReturnType<typeof getTransaction>>>) {
  const state = tx.resubmit;
  if (state.kind === "wait") return { kind: "wait" as const, after: state.after.toISOString(), minutes: state.minutes };
  if (state.kind === "done") return { kind: "done" as const, id: `D${state.asId}` };
  if (state.kind === "none") return null;
  const field = (key: TransactionField["key"]) => String(tx.fields.find((f) => f.key === key)?.value ?? "");
  return {
    kind: "open" as const,
    defaults: { amount: formatPoisha(tx.amount), senderNumber: field("senderNumber"), trxId: field("trxId"), paidTo: field("paidTo") },
    // A new key each time the page is served: the same form sent twice is one deposit.
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  return detailsAction(request, player.id, params.id, clientIp(request));
}

export default function TransactionDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tx, timeline, fields, proof, tracker, revertible, resubmit, resubmittedFrom } = loaderData;
  const hydrated = useHydrated();
  const shown = shownStatus(tx.status, tx.refunded, tx.cancelled);
  const self = `/transaction-record/${tx.id}`;
  const [tab, setTab] = useState<"timeline" | "details">("timeline");
  const show = (name: typeof tab) => !hydrated || tab === name;
  // A pending request shows where it will end up as a greyed last step.
  const steps = tx.status === "pending" ? [...timeline, { step: "success" as const, at: null }] : timeline;
  const tabClass = (name: typeof tab) =>
    `flex-1 rounded-lg py-2 text-center text-sm font-semibold ${hydrated && tab === name ? "bg-brand text-black" : "text-white/80 hover:bg-white/5"}`;

  return (
    <div className="mx-auto max-w-xl p-3 min-[769px]:py-6">
      <main data-testid="transaction-details-page">
        <a href="/transaction-record" className="mb-3 inline-flex items-center gap-1 text-sm text-brand">
          <span aria-hidden="true">‹</span> {t("paymentPages.details.back")}
        </a>
        <h1 className="mb-3 text-xl font-bold">{t("paymentPages.details.title")}</h1>

        <section className="mb-3 flex items-center gap-3 rounded-xl bg-panel p-4">
          {tx.icon ? <img src={tx.icon} alt="" width={40} height={40} className="size-10 rounded-lg bg-white object-contain p-1" /> : null}
          <div className="min-w-0 flex-1">
            <p className="text-sm text-white/70">
              {t(`payments.type.${tx.type}`)} · {tx.id}
            </p>
            <p className={`text-xl font-bold tabular-nums ${amountTone(shown, tx.sign === MINUS)}`} data-testid="details-amount">
              {tx.sign}
              {tx.amount}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <StatusBadge status={shown} />
            {tracker?.overdue ? <OverdueBadge /> : null}
          </div>
        </section>

        {resubmittedFrom ? (
          <p className="mb-3 text-sm text-white/70">
            <a href={`/transaction-record/${resubmittedFrom}`} className="text-brand">
              {t("paymentPages.details.resubmittedFrom", { id: resubmittedFrom })}
            </a>
          </p>
        ) : null}
        {revertible ? <RevertForm action={self} lastResult={actionData?.intent === "revert" ? actionData.result : undefined} /> : null}
        {resubmit?.kind === "wait" ? <EditCountdown after={resubmit.after} minutes={resubmit.minutes} /> : null}
        {resubmit?.kind === "open" ? (
          <ResubmitForm
            action={self}
            defaults={resubmit.defaults}
            idempotencyKey={resubmit.idempotencyKey}
            lastResult={actionData?.intent === "resubmit" ? actionData.result : undefined}
            answer={actionData?.intent === "resubmit" ? actionData : undefined}
          />
        ) : null}
        {resubmit?.kind === "done" ? (
          <p className="mb-3 text-sm text-white/70" data-testid="resubmitted-as">
            <a href={`/transaction-record/${resubmit.id}`} className="text-brand">
              {t("paymentPages.details.resubmittedAs", { id: resubmit.id })}
            </a>
          </p>
        ) : null}

        <nav className="mb-3 flex gap-1 rounded-xl bg-panel p-1" role={hydrated ? "tablist" : undefined}>
          <a
            href="#timeline"
            className={tabClass("timeline")}
            role={hydrated ? "tab" : undefined}
            aria-selected={hydrated ? tab === "timeline" : undefined}
            onClick={(e) => (e.preventDefault(), setTab("timeline"))}
          >
            {t("paymentPages.details.timeline")}
          </a>
          <a
            href="#details"
            className={tabClass("details")}
            role={hydrated ? "tab" : undefined}
            aria-selected={hydrated ? tab === "details" : undefined}
            onClick={(e) => (e.preventDefault(), setTab("details"))}
          >
            {t("paymentPages.details.details")}
          </a>
        </nav>

        {show("timeline") && tracker ? (
          <div id="timeline" className="mb-3" data-testid="details-timeline">
            <WithdrawalTracker tracker={tracker} />
          </div>
        ) : show("timeline") ? (
          <section
            id="timeline"
            className="mb-3 rounded-xl bg-panel p-4"
            aria-label={t("paymentPages.details.timeline")}
            data-testid="details-timeline"
          >
            <ol className="relative ml-2 border-l-2 border-white/10">
              {steps.map((s, i) => {
                const done = s.at !== null;
                const colour = stepDot(s.step, done);
                return (
                  <li key={`${s.step}-${i}`} className="mb-4 ml-4 last:mb-0" data-step={s.step} data-done={done}>
                    <span className={`absolute -left-[7px] mt-1 size-3 rounded-full ring-4 ring-panel ${colour}`} aria-hidden="true" />
                    <p className={`text-sm font-semibold ${done ? "" : "text-white/40"}`}>{t(`payments.timeline.${s.step}`)}</p>
                    <p className="text-xs tabular-nums text-white/50">
                      {s.at ? `${s.at} (${t("payments.gmt6")})` : t("paymentPages.details.waiting")}
                    </p>
                  </li>
                );
              })}
            </ol>
          </section>
        ) : null}

        {show("details") ? (
          <section id="details" className="rounded-xl bg-panel p-4" aria-label={t("paymentPages.details.details")} data-testid="details-table">
            <table className="w-full text-sm">
              <tbody className="divide-y divide-white/10">
                {fields.map((f) => (
                  <tr key={f.key}>
                    <th scope="row" className="py-2 pr-3 text-left align-top font-normal text-white/60">
                      {t(`payments.fields.${f.key}`)}
                    </th>
                    <td className="break-all py-2 text-right tabular-nums">{f.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {proof ? (
              <a href={proof} target="_blank" rel="noopener" className="mt-3 block">
                <img
                  src={proof}
                  alt={t("paymentPages.proofAlt")}
                  loading="lazy"
                  className="max-h-64 rounded-lg border border-white/10 object-contain"
                />
              </a>
            ) : null}
          </section>
        ) : null}
      </main>
    </div>
  );
}
