import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useLocation } from "react-router";
import { type HeaderBalanceData, pollBalance, useLiveBalance } from "./live-balance.ts";

const HIDDEN_KEY = "balance-hidden";

const icons = {
  eye: "M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
  eyeOff:
    "M3 3l18 18M10.6 5.1A11 11 0 0 1 12 5c7 0 11 7 11 7a18 18 0 0 1-3.2 4.1M6.6 6.6C3.2 8.6 1 12 1 12s4 7 11 7a10 10 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2",
  refresh: "M20 11A8 8 0 1 0 18 17M20 4v7h-7",
  gift: "M4 10h16v11H4zM2 7h20v3H2zM12 7v14M12 7c-2-4-6-4-6-1s6 1 6 1zm0 0c2-4 6-4 6-1s-6 1-6 1z",
} as const;

function Icon({ d, spin = false, size = 16 }: { d: string; spin?: boolean; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={spin ? "animate-spin" : undefined}
    >
      <path d={d} />
    </svg>
  );
}

/**
 * The player's balance in the header: main (and bonus when the promotion wallet is on), live over SSE with a
 * polling fallback. Show/hide needs JavaScript (without it the balance simply shows); refresh is a link to
 * the same page, which reloads the balance without JavaScript and polls once with it.
 */
export function HeaderBalance({ balance, variant }: { balance: HeaderBalanceData; variant: "mobile" | "desktop" }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const value = useLiveBalance(balance);
  const [hydrated, setHydrated] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    setHydrated(true);
    setHidden(localStorage.getItem(HIDDEN_KEY) === "1");
  }, []);

  function toggle() {
    const next = !hidden;
    setHidden(next);
    localStorage.setItem(HIDDEN_KEY, next ? "1" : "0");
  }

  async function refresh(e: React.MouseEvent) {
    e.preventDefault();
    setRefreshing(true);
    await Promise.all([pollBalance(), new Promise((r) => setTimeout(r, 400))]);
    setRefreshing(false);
  }

  const shown = (amount: string) => (hidden ? t("paymentPages.balance.hidden") : `${t("paymentPages.currency")}${amount}`);
  const desktop = variant === "desktop";
  // Each control is a 24 px touch target around its small icon.
  const target = "inline-flex size-6 items-center justify-center text-white/70 hover:text-white";
  const controls = (
    <>
      {hydrated ? (
        <button
          type="button"
          onClick={toggle}
          className={target}
          aria-pressed={hidden}
          aria-label={hidden ? t("paymentPages.balance.show") : t("paymentPages.balance.hide")}
          title={hidden ? t("paymentPages.balance.show") : t("paymentPages.balance.hide")}
          data-testid="balance-toggle"
        >
          <Icon d={hidden ? icons.eyeOff : icons.eye} size={desktop ? 16 : 14} />
        </button>
      ) : null}
      <a
        href={pathname + search}
        onClick={refresh}
        className={target}
        aria-label={t("paymentPages.balance.refresh")}
        title={t("paymentPages.balance.refresh")}
        data-testid="balance-refresh"
      >
        <Icon d={icons.refresh} spin={refreshing} size={desktop ? 16 : 14} />
      </a>
    </>
  );
  return (
    <div
      className={`flex shrink-0 items-center ${desktop ? "gap-1 rounded-lg bg-ink/60 px-2 py-1" : "gap-0.5"}`}
      data-testid={`header-balance-${variant}`}
    >
      <a href="/deposit" className="flex flex-col leading-tight" aria-live="polite" title={t("common.deposit")}>
        <span className={`whitespace-nowrap font-bold tabular-nums text-brand ${desktop ? "text-sm" : "text-[0.8rem]"}`} data-testid="balance-main">
          <span className="sr-only">{t("paymentPages.balance.main")} </span>
          {shown(value.main)}
        </span>
        {value.bonus !== null ? (
          <span
            className={`flex items-center gap-0.5 whitespace-nowrap tabular-nums text-white/70 ${desktop ? "text-[0.7rem]" : "text-[0.65rem]"}`}
            data-testid="balance-bonus"
          >
            <span className="sr-only">{t("paymentPages.balance.bonus")} </span>
            {desktop ? <span aria-hidden="true">{t("paymentPages.balance.bonusShort")} </span> : <Icon d={icons.gift} size={10} />}
            {shown(value.bonus)}
          </span>
        ) : null}
      </a>
      {desktop ? controls : <span className="-my-1.5 flex flex-col">{controls}</span>}
    </div>
  );
}
