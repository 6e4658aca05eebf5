// What the deposit and withdrawal queues share: the reject form and the page around the list of cards.
import { useArea } from "#app/i18n/use-area.ts";
import type { AreaBundle } from "#app/i18n/areas.server.ts";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form, type ShouldRevalidateFunctionArgs } from "react-router";
import { Notice } from "#app/components/admin/AdminField.tsx";
import { PaymentsTextArea } from "#app/components/admin/payments/PaymentsField.tsx";
import { PaymentsNav } from "#app/components/admin/payments/PaymentsNav.tsx";
import { Pager, type QueueTab, QueueTabs } from "#app/components/admin/payments/QueueTabs.tsx";
import { rejectSchema } from "#app/components/admin/payments/schemas.ts";
import { FinanceFilterPanel, type FinanceFilterView } from "#app/components/admin/payments/FinanceFilter.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";

export type ReviewKind = "deposits" | "withdrawals";
/** `areas`: the strings of other areas its error messages use (see areasFor). */
export type ReviewActionData = { id: number | null; intent: "approve" | "reject"; result: SubmissionResult<string[]>; areas?: AreaBundle[] };

/** After "already reviewed" (409) the queue is read again, so the item someone else decided leaves the list. */
export function reviewShouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

const labels = {
  deposits: {
    title: "adminPayments.deposits.title",
    intro: "adminPayments.deposits.intro",
    emptyPending: "adminPayments.deposits.emptyPending",
    reasonLabel: "adminPayments.deposits.reasonLabel",
    reject: "adminPayments.deposits.reject",
    rejecting: "adminPayments.deposits.rejecting",
    testId: "deposit-queue",
    formId: "reject-deposit",
  },
  withdrawals: {
    title: "adminPayments.withdrawals.title",
    intro: "adminPayments.withdrawals.intro",
    emptyPending: "adminPayments.withdrawals.emptyPending",
    reasonLabel: "adminPayments.withdrawals.reasonLabel",
    reject: "adminPayments.withdrawals.reject",
    rejecting: "adminPayments.withdrawals.rejecting",
    testId: "withdrawal-queue",
    formId: "reject-withdrawal",
  },
} as const;

export function RejectForm({ kind, base, id, lastResult }: { kind: ReviewKind; base: string; id: number; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const l = labels[kind];
  const [form, fields] = useForm({
    id: `${l.formId}-${id}`,
    lastResult,
    constraint: getZodConstraint(rejectSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rejectSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={base} {...getFormProps(form)} className="flex-1" data-testid="reject-form">
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="id" value={id} />
      <PaymentsTextArea
        label={t(l.reasonLabel)}
        textareaProps={{ ...getTextareaProps(fields.reason), maxLength: 500 }}
        errors={fields.reason.errors}
        errorId={fields.reason.errorId}
      />
      <SubmitButton label={t(l.reject)} pendingLabel={t(l.rejecting)} action={base} className="btn-secondary w-full sm:w-auto" />
    </Form>
  );
}

type QueueProps<R extends { id: number }> = {
  kind: ReviewKind;
  base: string;
  rows: R[];
  status: QueueTab;
  notice: string | null;
  canAct: boolean;
  pendingCount: number;
  page: number;
  hasMore: boolean;
  actionData?: ReviewActionData;
  renderRow: (row: R) => React.ReactNode;
  /** The search over the tab: dates, text, amount, method; totals and the export. */
  filter: FinanceFilterView;
};

export function ReviewQueuePage<R extends { id: number }>({
  kind,
  base,
  rows,
  status,
  notice,
  canAct,
  pendingCount,
  page,
  hasMore,
  actionData: a,
  renderRow,
  filter,
}: QueueProps<R>) {
  useArea(a?.areas);
  const { t } = useTranslation();
  const l = labels[kind];
  // An error about an item no longer on the page (reviewed meanwhile, or a forged id) is shown on top.
  const orphan = a && !rows.some((r) => r.id === a.id) ? (a.result.error?.[""] ?? a.result.error?.id) : undefined;
  return (
    <>
      <PaymentsNav />
      <h1 className="mb-1 text-xl font-bold">{t(l.title)}</h1>
      <p className="mb-3 text-sm text-white/60">
        {t(l.intro)} {t("adminPayments.time")}.
      </p>
      {notice && !a ? <Notice>{notice}</Notice> : null}
      <ErrorList errors={orphan} className="form-error" />
      {!canAct ? <p className="mb-3 text-sm text-amber-300">{t("adminPayments.viewOnly")}</p> : null}
      <QueueTabs base={base} current={status} pendingCount={pendingCount} query={filter.query} />
      <FinanceFilterPanel base={base} view={filter} hidden={{ status: status === "pending" ? "" : status }} />
      {rows.length ? (
        <ul className="space-y-3" data-testid={l.testId}>
          {rows.map(renderRow)}
        </ul>
      ) : (
        <p className="rounded-xl bg-panel p-4 text-white/70">{status === "pending" ? t(l.emptyPending) : t("adminPayments.empty")}</p>
      )}
      <Pager base={base} status={status} page={page} hasMore={hasMore} query={filter.query} />
    </>
  );
}
