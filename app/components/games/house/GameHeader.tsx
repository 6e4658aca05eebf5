/**
 * Title, the player's balance and the game's stake limits and max win: shown on every in-house game page (Dice, Mines, Crash).
 * The texts come translated from the page's own area.
 */
export function GameHeader({
  title,
  limits,
  maxWin = null,
  balanceLabel,
  balance,
  testId,
}: {
  title: string;
  limits: string | null;
  /** "Max win ৳X per bet" (issue 30), and for Crash what this round can still pay. */
  maxWin?: string | null;
  balanceLabel: string;
  balance: string;
  testId: string;
}) {
  return (
    <header className="mb-3 flex flex-wrap items-end justify-between gap-2">
      <div>
        <h1 className="text-xl font-bold text-white">{title}</h1>
        {limits ? <p className="text-xs text-white/60">{limits}</p> : null}
        {maxWin ? (
          <p className="text-xs text-white/60" data-testid="max-win">
            {maxWin}
          </p>
        ) : null}
      </div>
      <p className="rounded-lg bg-ink px-3 py-1 text-right">
        <span className="block text-xs text-white/60">{balanceLabel}</span>
        <span className="text-lg font-bold tabular-nums text-brand" data-testid={testId}>
          {balance}
        </span>
      </p>
    </header>
  );
}
