import { useEffect, useRef } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { replyMessages, useMessageText } from "#app/i18n/message.ts";
import { useHydrated } from "./use-hydrated.ts";

type Answer = { result?: { error?: Record<string, string[] | null> | null } } | undefined;

/**
 * The spec's error modal (titled Error). With JavaScript it opens each time the server refuses the form
 * (`answer`, the action data), listing all its messages; the browser's own checks stay next to the fields.
 * Without JavaScript the form-level messages show inline where the dialog would be (field messages are
 * already next to their fields).
 */
export function ErrorDialog({ formErrors, answer, id }: { formErrors: string[]; answer: Answer; id?: string }) {
  const { t } = useTranslation();
  const translate = useMessageText();
  const hydrated = useHydrated();
  const ref = useRef<HTMLDialogElement>(null);
  const messages = hydrated ? [...new Set(replyMessages(answer?.result))] : formErrors;

  useEffect(() => {
    const dialog = ref.current;
    if (hydrated && dialog && messages.length && !dialog.open) dialog.showModal();
  }, [hydrated, answer, messages.length]);

  if (!messages.length) return null;
  const list = (
    <ul className="space-y-1">
      {messages.map((m) => (
        <li key={m}>{translate(m)}</li>
      ))}
    </ul>
  );
  if (!hydrated) {
    return (
      <div id={id} className="form-error" role="alert" data-testid="error-inline">
        <p className="mb-1 font-bold">{t("paymentPages.errorDialog.title")}</p>
        {list}
      </div>
    );
  }
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby="money-error-title"
      className="m-auto w-[min(22rem,calc(100vw-2rem))] rounded-xl bg-panel p-0 text-white shadow-2xl backdrop:bg-black/60"
      data-testid="error-dialog"
    >
      <form method="dialog" className="p-5">
        <h2 id="money-error-title" className="mb-2 text-lg font-bold text-red-300">
          {t("paymentPages.errorDialog.title")}
        </h2>
        <div className="mb-4 text-sm">{list}</div>
        <button type="submit" className="btn-primary w-full" autoFocus>
          {t("paymentPages.errorDialog.ok")}
        </button>
      </form>
    </dialog>
  );
}
