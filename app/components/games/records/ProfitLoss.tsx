/**
 * A signed taka amount, green when the player won, red when they lost. `value` is groupTaka's ("1,250.00",
 * "−50.00"); a loss is written with the minus before the taka sign (−৳50.00), as every page writes a negative amount.
 */
export function ProfitLoss({ value, className = "" }: { value: string; className?: string }) {
  const negative = /^[-\u2212]/.test(value);
  const digits = value.replace(/^[-\u2212]/, "");
  const zero = /^[0.,]+$/.test(digits);
  const tone = zero ? "text-white/70" : negative ? "text-red-300" : "text-accent";
  return (
    <span className={`font-semibold tabular-nums ${tone} ${className}`} data-testid="profit-loss">
      {negative && !zero ? "\u2212" : zero ? "" : "+"}৳{digits}
    </span>
  );
}
