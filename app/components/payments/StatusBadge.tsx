import { useTranslation } from "#app/i18n/use-translation.ts";

/**
 * A transaction's status as the player reads it; "refunded" is a paid gateway deposit that staff sent back,
 * "cancelled" a request the player reverted (it counts as Fail in the record's status filter).
 */
export type PlayerStatus = "pending" | "success" | "fail" | "refunded" | "cancelled";

const colour: Record<PlayerStatus, string> = {
  pending: "bg-brand/15 text-brand",
  success: "bg-accent/20 text-accent-light",
  fail: "bg-red-500/20 text-red-300",
  refunded: "bg-white/10 text-white/80",
  cancelled: "bg-white/10 text-white/70",
};

/**
 * What the badge shows for a transaction: a refunded deposit stays "success" in the filters but reads Refunded; a
 * cancelled request stays "fail" there but reads Cancelled.
 */
export const shownStatus = (status: Exclude<PlayerStatus, "refunded" | "cancelled">, refunded: boolean, cancelled = false): PlayerStatus =>
  refunded ? "refunded" : cancelled ? "cancelled" : status;

/** The colour of a transaction's amount: greyed when it failed or was refunded, red for money out, green for in. */
export function amountTone(status: PlayerStatus, negative: boolean) {
  return status === "fail" || status === "refunded" || status === "cancelled" ? "text-white/40" : negative ? "text-red-300" : "text-accent";
}

export function StatusBadge({ status }: { status: PlayerStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-[0.7rem] font-semibold ${colour[status]}`} data-status={status}>
      {t(`payments.status.${status}`)}
    </span>
  );
}
