// The transaction details' player actions: Revert (cancel a pending request) and, for a rejected deposit, Edit and
// resubmit after the countdown. Plain form posts to the details route; JavaScript only ticks the countdown and
// opens the form when it ends.
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { useRefresh } from "#app/components/use-refresh.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { minutesLeft } from "#app/modules/payments/index.ts";
import { ErrorDialog } from "./ErrorDialog.tsx";
import { resubmitFormSchema } from "./form-schemas.ts";
import { TransferFields, transferInputClass } from "./TransferFields.tsx";

export function RevertForm({ action, lastResult }: { action: string; lastResult?: SubmissionResult }) {
  const { t } = useTranslation();
  const errors = lastResult?.error?.[""] ?? [];
  return (
    <Form method="post" action={action} className="mb-3 rounded-xl bg-panel p-4" data-testid="revert-form">
      <input type="hidden" name="intent" value="revert" />
      <p className="mb-2 text-sm text-white/70">{t("paymentPages.details.revertHint")}</p>
      <ErrorList errors={errors} className="form-error mb-2" />
      <SubmitButton
        label={t("paymentPages.details.revert")}
        pendingLabel={t("paymentPages.details.reverting")}
        action={action}
        intent="revert"
        className="btn-secondary w-full border border-red-400/60 text-red-200"
      />
    </Form>
  );
}

/** "You can edit after N minutes", counting down with JavaScript; at zero the page reloads its data (the form). */
export function EditCountdown({ after, minutes }: { after: string; minutes: number }) {
  const { t } = useTranslation();
  const refresh = useRefresh();
  const [left, setLeft] = useState(minutes);
  useEffect(() => {
    const until = new Date(after);
    const tick = () => {
      const n = minutesLeft(until, new Date());
      setLeft(Math.max(1, n));
      if (n === 0) {
        clearInterval(timer);
        refresh();
      }
    };
    const timer = setInterval(tick, 5_000);
    return () => clearInterval(timer);
  }, [after, refresh]);
  return (
    <section className="mb-3 rounded-xl bg-panel p-4" data-testid="edit-countdown">
      <h2 className="mb-1 text-sm font-semibold">{t("paymentPages.details.editResubmit")}</h2>
      <p className="text-sm text-brand" role="status">
        {t("paymentPages.details.editAfter", { count: left })}
      </p>
    </section>
  );
}

export type ResubmitDefaults = { amount: string; senderNumber: string; trxId: string; paidTo: string };

export function ResubmitForm({
  action,
  defaults,
  idempotencyKey,
  lastResult,
  answer,
}: {
  action: string;
  defaults: ResubmitDefaults;
  idempotencyKey: string;
  lastResult?: SubmissionResult;
  answer: { result?: SubmissionResult } | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "resubmit",
    lastResult,
    defaultValue: { amount: defaults.amount, senderNumber: defaults.senderNumber, trxId: defaults.trxId },
    constraint: getZodConstraint(resubmitFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resubmitFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const input = transferInputClass;
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="mb-3 rounded-xl bg-panel p-4"
      data-testid="resubmit-form"
    >
      <h2 className="mb-1 text-sm font-semibold">{t("paymentPages.details.editResubmit")}</h2>
      <p className="mb-3 text-xs text-white/60">{t("paymentPages.details.resubmitHint", { number: defaults.paidTo })}</p>
      <ErrorDialog formErrors={form.errors ?? []} answer={answer} id={form.errorId} />
      <input type="hidden" name="intent" value="resubmit" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <div className="field">
        <label htmlFor={fields.amount.id}>{t("paymentPages.pay.amount")}</label>
        <input {...getInputProps(fields.amount, { type: "text" })} key={fields.amount.key} inputMode="decimal" className={input} />
        <ErrorList errors={fields.amount.errors} id={fields.amount.errorId} />
      </div>
      <TransferFields fields={fields} />
      <SubmitButton
        label={t("paymentPages.details.resubmit")}
        pendingLabel={t("paymentPages.details.resubmitting")}
        action={action}
        intent="resubmit"
      />
    </Form>
  );
}
