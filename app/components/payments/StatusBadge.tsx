import { useTranslation } from "#app/i18n/use-translation.ts";

/** A transaction's status as the player reads it; "refunded" is a paid gateway deposit that staff sent back. */
export type PlayerStatus = "pending" | "success" | "fail" | "refunded";

const colour: Record<PlayerStatus, string> = {
  pending: "bg-brand/15 text-brand",
  success: "bg-accent/20 text-accent-light",
  fail: "bg-red-500/20 text-red-300",
  refunded: "bg-white/10 text-white/80",
};

export function StatusBadge({ status }: { status: PlayerStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-[0.7rem] font-semibold ${colour[status]}`} data-status={status}>
      {t(`payments.status.${status}`)}
    </span>
  );
}
