import { useTranslation } from "react-i18next";

/**
 * Errors of the money forms: "payments.*" keys from the shared zod schemas (translated here) or text the server
 * already translated (payment refusals with their ranges filled in).
 */
export function MoneyErrors({ errors, id, className = "field-error" }: { errors?: string[] | null; id?: string; className?: string }) {
  const translate = useMoneyText();
  if (!errors?.length) return null;
  return (
    <div id={id} className={className} role="alert">
      {errors.map((e) => (
        <div key={e}>{translate(e)}</div>
      ))}
    </div>
  );
}

// Values of the few browser-side messages that have one (the server fills in its own before sending).
const browserParams = { mb: "5" };

export function useMoneyText() {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (message: string) => (/^(payments|errors|paymentPages)\.[\w.]+$/.test(message) ? translate(message, browserParams) : message);
}
