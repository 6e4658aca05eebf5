import { groupWhole } from "./format.ts";

/** The spec's quick amounts (taka): deposits add them to the amount, withdrawals set it. */
export const QUICK_DEPOSIT = [100, 500, 1000, 2000, 3000, 5000, 10000, 15000, 20000, 25000] as const;
export const QUICK_WITHDRAW = [500, 1000, 2000, 3000, 5000, 10000, 15000, 20000, 25000] as const;

/**
 * Quick amount buttons. Without JavaScript each one submits the form as a GET (name=value) so the server
 * re-renders with the new amount; with JavaScript `onPick` handles the click in place.
 */
export function QuickAmounts({
  amounts,
  name,
  action,
  onPick,
}: {
  amounts: readonly number[];
  name: string;
  action: string;
  onPick: (amount: number) => void;
}) {
  return (
    <div className="grid grid-cols-5 gap-1.5" data-testid="quick-amounts">
      {amounts.map((n) => (
        <button
          key={n}
          type="submit"
          name={name}
          value={n}
          formMethod="get"
          formAction={action}
          formNoValidate
          onClick={(e) => {
            e.preventDefault();
            onPick(n);
          }}
          className="rounded-md border border-white/15 bg-ink px-0.5 py-1.5 text-xs font-semibold tabular-nums hover:border-brand hover:text-brand"
        >
          {groupWhole(n)}
        </button>
      ))}
    </div>
  );
}
