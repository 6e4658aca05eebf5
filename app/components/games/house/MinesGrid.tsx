import { useTranslation } from "#app/i18n/use-translation.ts";

export type MinesBoard = { revealed: number[]; minePositions: number[] | null; playing: boolean };

/**
 * The 5x5 board. While playing, every closed tile is a submit button carrying its index (the page wraps the grid
 * in a POST form, so it works without JavaScript); once ended, mines and gems are shown.
 */
export function MinesGrid({ board, name = "tile" }: { board: MinesBoard; name?: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-5 gap-2" data-testid="mines-grid">
      {Array.from({ length: 25 }, (_, i) => {
        const open = board.revealed.includes(i);
        const mine = board.minePositions?.includes(i) ?? false;
        const base = "flex aspect-square items-center justify-center rounded-lg text-2xl font-bold";
        if (board.playing && !open) {
          return (
            <button
              key={i}
              type="submit"
              name={name}
              value={i}
              className={`${base} bg-panel-2 hover:bg-brand/30 focus-visible:outline-2 focus-visible:outline-brand`}
              aria-label={t("house.mines.tile", { n: i + 1 })}
              data-tile={i}
            />
          );
        }
        const label = mine
          ? t("house.mines.tileMine", { n: i + 1 })
          : open || board.minePositions
            ? t("house.mines.tileSafe", { n: i + 1 })
            : t("house.mines.tile", { n: i + 1 });
        return (
          <span
            key={i}
            role="img"
            aria-label={label}
            data-tile={i}
            data-state={mine ? "mine" : open ? "gem" : "closed"}
            className={`${base} ${mine ? (open ? "bg-red-700" : "bg-red-900/50") : open ? "bg-emerald-700" : "bg-ink opacity-60"}`}
          >
            {mine ? "💣" : open || board.minePositions ? "💎" : ""}
          </span>
        );
      })}
    </div>
  );
}
