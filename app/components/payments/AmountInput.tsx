import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useTranslation } from "#app/i18n/use-translation.ts";

/** A taka amount: numeric keyboard, at most two decimals, and no "e", "+" or "-" (the server checks again). */
export function AmountInput({ field, placeholder, className = "" }: { field: FieldMetadata<string>; placeholder: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={`flex items-center rounded-md border border-white/20 bg-ink focus-within:border-brand aria-invalid:border-red-400 ${className}`}
      aria-invalid={!!field.errors?.length || undefined}
    >
      <span className="pl-3 text-white/60">{t("paymentPages.currency")}</span>
      <input
        {...getInputProps(field, { type: "text" })}
        key={field.key}
        inputMode="decimal"
        pattern="[0-9]+([.][0-9]{1,2})?"
        autoComplete="off"
        placeholder={placeholder}
        onKeyDown={(e) => {
          if (["e", "E", "+", "-"].includes(e.key)) e.preventDefault();
        }}
        className="min-w-0 flex-1 bg-transparent px-2 py-2 text-base tabular-nums outline-none"
        data-testid="amount-input"
      />
    </div>
  );
}
