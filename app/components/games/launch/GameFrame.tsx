import { useTranslation } from "#app/i18n/use-translation.ts";
import type { HeaderBalanceData } from "#app/components/payments/live-balance.ts";
import { useLiveBalance } from "#app/components/payments/live-balance.ts";

/**
 * The running game: a slim bar (name, live balance, Close) over the game's page in a full-height iframe. It covers
 * the site's chrome so the game gets the whole screen on a phone.
 */
export function GameFrame({
  name,
  url,
  closeHref,
  balance,
  aside,
}: {
  name: string;
  url: string;
  closeHref: string;
  balance: HeaderBalanceData;
  /** Shown in the bar before Close (the responsible-gaming link). */
  aside?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const live = useLiveBalance(balance);
  return (
    <div className="fixed inset-0 z-[100] flex flex-col bg-black" data-testid="game-frame">
      <header className="flex h-11 shrink-0 items-center gap-2 bg-ink px-2 text-sm">
        <h1 className="min-w-0 flex-1 truncate font-bold text-white">{name}</h1>
        {/* The game plays from both wallets, so both are shown: they add up to the balance the game shows. */}
        <p className="whitespace-nowrap tabular-nums" aria-live="polite">
          <span className="sr-only">{t("gamerun.mainWallet")} </span>
          <span className="font-bold text-brand" data-testid="gamerun-balance">
            {`৳${live.main}`}
          </span>
          {live.bonus !== null ? (
            <span className="text-xs text-white/70" data-testid="gamerun-bonus">
              {" + "}
              <span className="sr-only">{t("gamerun.bonusWallet")} </span>
              {`৳${live.bonus}`} <span aria-hidden="true">{t("gamerun.bonusShort")}</span>
            </span>
          ) : null}
        </p>
        {aside}
        <a href={closeHref} className="rounded-md bg-white/10 px-3 py-1 font-semibold text-white hover:bg-white/20" data-testid="gamerun-close">
          {t("gamerun.close")}
        </a>
      </header>
      <iframe
        src={url}
        title={t("gamerun.frameTitle", { name })}
        className="w-full flex-1 border-0"
        allow="fullscreen; autoplay"
        allowFullScreen
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        referrerPolicy="no-referrer"
        data-testid="game-iframe"
      />
    </div>
  );
}
