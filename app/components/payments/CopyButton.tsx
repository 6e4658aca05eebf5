import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useHydrated } from "./use-hydrated.ts";

/** Copies the wallet number (JavaScript only; without it the number is selectable text). */
export function CopyButton({ value }: { value: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [note, setNote] = useState("");
  if (!hydrated) return null;

  async function copy() {
    if (!value) return setNote(t("payments.messages.nothingToCopy"));
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Older WebViews without the async clipboard: select-and-copy fallback.
      const area = document.createElement("textarea");
      area.value = value;
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setNote(t("payments.messages.accountCopied", { number: value }));
  }

  return (
    <>
      <button type="button" onClick={copy} className="btn-primary shrink-0 !px-3 !py-1.5 text-sm" data-testid="copy-number">
        {t("paymentPages.pay.copy")}
      </button>
      <p role="status" aria-live="polite" className="basis-full text-xs text-accent empty:hidden" data-testid="copy-note">
        {note}
      </p>
    </>
  );
}
