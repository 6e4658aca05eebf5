/** A signed taka amount, green when the player won, red when they lost. `value` is formatted ("1,250.00", "-50.00"). */
export function ProfitLoss({ value, className = "" }: { value: string; className?: string }) {
  const negative = value.startsWith("-");
  const zero = /^-?[0.,]+$/.test(value);
  const tone = zero ? "text-white/70" : negative ? "text-red-300" : "text-accent";
  return (
    <span className={`font-semibold tabular-nums ${tone} ${className}`} data-testid="profit-loss">
      {negative ? "−" : zero ? "" : "+"}৳{value.replace(/^-/, "")}
    </span>
  );
}
