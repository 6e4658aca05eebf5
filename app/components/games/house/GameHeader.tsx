import { useTranslation } from "react-i18next";

export type HouseGameInfo = { name: string; min: string; max: string } | null;

/** Title, the player's balance and the game's stake limits: shown on every in-house game page. */
export function GameHeader({ title, balance, game }: { title: string; balance: string; game: HouseGameInfo }) {
  const { t } = useTranslation();
  return (
    <header className="mb-3 flex flex-wrap items-end justify-between gap-2">
      <div>
        <h1 className="text-xl font-bold text-white">{title}</h1>
        {game ? <p className="text-xs text-white/60">{t("house.limits", { min: game.min, max: game.max })}</p> : null}
      </div>
      <p className="rounded-lg bg-ink px-3 py-1 text-right">
        <span className="block text-xs text-white/60">{t("house.balance")}</span>
        <span className="text-lg font-bold tabular-nums text-brand" data-testid="house-balance">
          {balance}
        </span>
      </p>
    </header>
  );
}
