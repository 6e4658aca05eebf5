import { useTranslation } from "#app/i18n/use-translation.ts";
import "./payments.css";

const userPath = "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6";
const housePath = "M3 10l9-6 9 6M5 10v9h14v-9M9 19v-5h6v5";

function Node({ path, label, className }: { path: string; label: string; className: string }) {
  return (
    <div className={`transfer-node ${className}`}>
      <span className="flex size-14 items-center justify-center rounded-full bg-panel-2 ring-2 ring-white/10">
        <svg
          aria-hidden="true"
          width="28"
          height="28"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={path} />
        </svg>
      </span>
      <span className="mt-1 text-xs text-white/70">{label}</span>
    </div>
  );
}

/**
 * The staged picture of the money moving (CSS only, delays 0 to 5 s): the two ends appear, the amount leaves
 * one and travels to the other, which lights up with a tick. With reduced motion it shows the end state.
 * A deposit goes from the player to the platform; a withdrawal the other way.
 */
export function TransferAnimation({ amount, icon, direction }: { amount: string; icon: string | null; direction: "in" | "out" }) {
  const { t } = useTranslation();
  const player = <Node path={userPath} label={t("paymentPages.request.you")} className={direction === "in" ? "transfer-from" : "transfer-to"} />;
  const platform = (
    <Node path={housePath} label={t("paymentPages.request.platform")} className={direction === "in" ? "transfer-to" : "transfer-from"} />
  );
  return (
    <div className="transfer" role="img" aria-label={`${t("paymentPages.currency")}${amount}`} data-testid="transfer-animation">
      {direction === "in" ? player : platform}
      <div className="transfer-track">
        <span className="transfer-coin">
          {icon ? <img src={icon} alt="" width={20} height={20} className="size-5 rounded-sm object-contain" /> : null}
          <span className="tabular-nums">
            {t("paymentPages.currency")}
            {amount}
          </span>
        </span>
      </div>
      {direction === "in" ? platform : player}
      <span className="transfer-tick" aria-hidden="true">
        ✓
      </span>
    </div>
  );
}
