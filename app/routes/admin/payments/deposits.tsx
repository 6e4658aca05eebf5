import { ErrorList } from "#app/components/forms/Field.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { areasFor } from "#app/i18n/areas.server.ts";
import { PaymentsTextArea } from "#app/components/admin/payments/PaymentsField.tsx";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { Facts } from "#app/components/admin/payments/Facts.tsx";
import { PlayerHistory } from "#app/components/admin/payments/PlayerHistory.tsx";
import { RejectForm, type ReviewActionData, ReviewQueuePage, reviewShouldRevalidate } from "#app/components/admin/payments/ReviewQueue.tsx";
import { type QueueTab } from "#app/components/admin/payments/QueueTabs.tsx";
import { approveDepositSchema, idField } from "#app/components/admin/payments/schemas.ts";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { useArea } from "#app/i18n/use-area.ts";
import {
  approvalFigures,
  approveDeposit,
  getDepositForStaff,
  listDepositQueue,
  rejectDeposit,
  gatewayStatusOfDeposits,
  financeTotals,
  refundGatewayDeposit,
  readMoneySettings,
} from "#app/modules/payments/index.server.ts";
import { isPaymentError } from "#app/modules/payments/index.ts";
import { listPromotions } from "#app/modules/promotions/index.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { financeFilterView, readFinanceQuery } from "./finance-filter.server.ts";
import { paymentsPage, requireFinanceActor, requireFinanceViewer, translate } from "./admin-payments.server.ts";
import { recentTransactionsFor, summaryView } from "./history.server.ts";
import { reviewAction } from "./review-action.server.ts";
import type { Route } from "./+types/deposits";
import { takaText } from "#app/kernel/money.ts";
import { formStatus } from "#app/kernel/domain-error.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const PAGE_SIZE = 20;
const BASE = "/admin/finance/deposits";

async function doneNotice(context: Route.LoaderArgs["context"], url: URL) {
  const done = url.searchParams.get("done");
  if (done === "refunded") {
    const dep = await getDepositForStaff(url.searchParams.get("id"));
    if (!dep || (await gatewayStatusOfDeposits([dep.id])).get(dep.id) !== "refunded") return null;
    return translate(context, "adminPayments.deposits.refundedNotice", {
      id: `D${dep.id}`,
      amount: takaText(dep.amount, { decimals: "trim" }),
      username: dep.username,
    });
  }
  if (done !== "approved" && done !== "rejected") return null;
  const dep = await getDepositForStaff(url.searchParams.get("id"));
  if (!dep || dep.status !== done) return null;
  if (done === "rejected") return translate(context, "adminPayments.deposits.rejected", { id: `D${dep.id}` });
  const params = {
    id: `D${dep.id}`,
    amount: takaText(dep.amount, { decimals: "trim" }),
    username: dep.username,
    bonus: takaText(dep.bonusAmount ?? 0n, { decimals: "trim" }),
  };
  return translate(context, dep.bonusAmount ? "adminPayments.deposits.approvedBonus" : "adminPayments.deposits.approved", params);
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { canAct } = await requireFinanceViewer(request);
  const query = readFinanceQuery(url, "deposits");
  const status = query.status as QueueTab;
  const page = query.page;
  const { status: _tab, ...filter } = query.filter ?? {};
  const refused = query.filter === null;
  const filtered = Object.values(filter).some((v) => v !== undefined);
  // The totals of what the filter shows (per status on the "all" tab), on the primary like the page itself.
  const totals = refused ? null : await financeTotals("deposits", { ...filter, status: status === "all" ? undefined : status });
  const [{ items, total }, pending, settings, notice] = await Promise.all([
    refused ? { items: [], total: 0 } : listDepositQueue({ status, page, pageSize: PAGE_SIZE, filter }),
    status === "pending" && !filtered ? null : listDepositQueue({ status: "pending", page: 1, pageSize: 1 }),
    readMoneySettings(),
    doneNotice(context, url),
  ]);
  const promotionIds = [...new Set(items.flatMap((d) => (d.promotionId ? [d.promotionId] : [])))];
  const promotionsById = new Map(promotionIds.length ? (await listPromotions()).map((p) => [p.id, p] as const) : []);
  const recent = await recentTransactionsFor(items.map((x) => ({ playerId: x.playerId, ref: `D${x.id}` })));
  // Approved gateway deposits: whether the payment is refundable (completed), being refunded or refunded.
  const gatewayStatuses = await gatewayStatusOfDeposits(items.filter((d) => d.channelType === "Gateway" && d.status === "approved").map((d) => d.id));
  const rows = await Promise.all(
    items.map(async (d) => {
      const promotion = d.promotionId ? (promotionsById.get(d.promotionId) ?? null) : null;
      // A pending deposit shows what approving it would grant; a reviewed one what it did grant.
      const bonus = d.status === "pending" ? approvalFigures(d.amount, promotion, settings).bonus : (d.bonusAmount ?? 0n);
      return {
        id: d.id,
        ref: `D${d.id}`,
        status: d.status,
        username: d.username,
        method: d.methodName,
        methodIcon: d.methodIcon,
        channelType: d.channelType,
        wallet: d.walletAccountNumber,
        hasProof: d.proofFile !== null,
        amount: takaText(d.amount, { decimals: "trim" }),
        promotion: d.promotionNameEn,
        bonus: promotion || d.bonusAmount ? takaText(bonus, { decimals: "trim" }) : null,
        sender: d.senderNumber,
        trxId: d.trxId,
        submittedAt: formatDhakaDateTime(d.createdAt),
        reviewedAt: formatDhakaDateTime(d.reviewedAt),
        cancelledAt: d.cancelledAt ? formatDhakaDateTime(d.cancelledAt) : null,
        reviewer: d.reviewerUsername,
        reason: d.rejectReason,
        summary: summaryView(d.history, d.otherPlayersOnSender),
        recent: recent.get(`D${d.id}`) ?? [],
        gatewayStatus: gatewayStatuses.get(d.id) ?? null,
      };
    }),
  );
  // A refused filter: 400 with the form as sent and its messages, no rows.
  return data(
    {
      ...paymentsPage(context, "adminPayments.deposits.title"),
      canAct,
      status,
      page,
      hasMore: page * PAGE_SIZE < total,
      pendingCount: status === "pending" && !filtered ? total : (pending?.total ?? 0),
      filter: await financeFilterView(context, BASE, "deposits", query, totals),
      notice,
      rows,
    },
    { status: refused ? 400 : 200 },
  );
}

type RefundActionData = Omit<ReviewActionData, "intent"> & { intent: "refund" };
type ActionData = ReviewActionData | RefundActionData;

export const shouldRevalidate = reviewShouldRevalidate;

const refundSchema = z.object({
  intent: z.literal("refund"),
  id: idField,
  reason: z
    .string({ error: "adminPayments.errors.reasonRequired" })
    .trim()
    .min(1, "adminPayments.errors.reasonRequired")
    .max(500, "adminPayments.errors.reasonTooLong"),
});

/** A completed gateway deposit refunded to the payer's wallet (finance roles only; 400/404/409 with the message). */
async function refundAction({ request, context }: Route.ActionArgs) {
  const actor = await requireFinanceActor(request);
  const formData = await request.formData();
  const rawId = idField.safeParse(formData.get("id") ?? undefined);
  const id = rawId.success ? rawId.data : null;
  const submission = parseWithZod(formData, { schema: refundSchema });
  if (submission.status !== "success") return data<ActionData>({ id, intent: "refund", result: submission.reply() }, { status: 400 });
  try {
    await refundGatewayDeposit({ staffId: actor.staffId, depositId: submission.value.id, reason: submission.value.reason, ip: actor.ip });
  } catch (e) {
    if (!isPaymentError(e)) throw e;
    const status = formStatus(e, { already_reviewed: 409 });
    const message = e.token;
    const reply = e.field === "reason" ? submission.reply({ fieldErrors: { reason: [message] } }) : submission.reply({ formErrors: [message] });
    return data<ActionData>({ id, intent: "refund", result: reply, areas: areasFor(context, [message]) }, { status });
  }
  return redirect(`${BASE}?${new URLSearchParams({ status: "approved", done: "refunded", id: String(submission.value.id) })}`);
}

export async function action(args: Route.ActionArgs) {
  const intent = (await args.request.clone().formData()).get("intent");
  if (intent === "refund") return refundAction(args);
  return reviewAction(args, {
    base: BASE,
    approveSchema: approveDepositSchema,
    fields: ["reason"],
    approve: ({ id }, { staffId, ip }) => approveDeposit({ staffId, depositId: id, ip }),
    reject: ({ id, reason }, { staffId, ip }) => rejectDeposit({ staffId, depositId: id, reason, ip }),
  });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function RefundForm({ id, lastResult }: { id: number; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `refund-deposit-${id}`,
    lastResult,
    constraint: getZodConstraint(refundSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: refundSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={BASE} {...getFormProps(form)} className="flex-1" data-testid="refund-form">
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="id" value={id} />
      <PaymentsTextArea
        label={t("adminPayments.deposits.refundReasonLabel")}
        textareaProps={{ ...getTextareaProps(fields.reason), maxLength: 500 }}
        errors={fields.reason.errors}
        errorId={fields.reason.errorId}
      />
      <p className="mb-2 text-xs text-white/60">{t("adminPayments.deposits.refundHint")}</p>
      <SubmitButton
        label={t("adminPayments.deposits.refund")}
        pendingLabel={t("adminPayments.deposits.refunding")}
        action={BASE}
        className="btn-secondary w-full sm:w-auto"
      />
    </Form>
  );
}

function DepositCard({ row, canAct, actionData }: { row: Row; canAct: boolean; actionData?: ActionData }) {
  const { t } = useTranslation();
  const mine = actionData?.id === row.id ? actionData : undefined;
  const formErrors = mine?.result.error?.[""] ?? mine?.result.error?.id;
  return (
    <li className="rounded-xl bg-panel p-3" data-testid={`deposit-${row.id}`}>
      <div className="mb-2 flex flex-wrap items-baseline gap-x-3">
        <span className="font-bold">{row.ref}</span>
        <span className="text-lg font-bold text-brand">{row.amount}</span>
        <span>{row.username}</span>
        <span className="ml-auto text-xs text-white/60">{row.submittedAt}</span>
      </div>
      <ErrorList errors={formErrors} className="form-error" />
      <div className="grid gap-3 md:grid-cols-[1fr_180px] lg:grid-cols-[1fr_200px_1fr]">
        <Facts
          rows={[
            [t("adminPayments.fields.player"), row.username],
            [t("adminPayments.fields.method"), row.method],
            [t("adminPayments.fields.channel"), t(`adminPayments.channel.${row.channelType}`)],
            [
              t("adminPayments.fields.walletNumber"),
              row.wallet ?? (row.channelType === "Gateway" ? t("adminPayments.none") : t("adminPayments.deposits.walletNotNamed")),
            ],
            [t("adminPayments.fields.amount"), row.amount, "deposit-amount"],
            [t("adminPayments.fields.promotion"), row.promotion ?? t("adminPayments.deposits.noPromotion")],
            [t("adminPayments.fields.bonus"), row.bonus ?? t("adminPayments.none")],
            [t("adminPayments.fields.sender"), row.sender],
            [t("adminPayments.fields.trxId"), <span className="font-mono">{row.trxId}</span>, "deposit-trx"],
            [t("adminPayments.fields.submitted"), row.submittedAt],
            ...(row.cancelledAt
              ? ([[t("adminPayments.fields.cancelled"), row.cancelledAt, "cancelled-at"]] as Array<[string, React.ReactNode, string?]>)
              : row.status !== "pending"
                ? ([
                    [t("adminPayments.fields.reviewedBy"), row.reviewer ?? t("adminPayments.none")],
                    [t("adminPayments.fields.reviewed"), row.reviewedAt],
                  ] as Array<[string, React.ReactNode]>)
                : []),
            ...(row.reason ? ([[t("adminPayments.fields.reason"), row.reason]] as Array<[string, React.ReactNode]>) : []),
          ]}
        />
        {/* A gateway checkout has no screenshot: the gateway itself confirmed the payment. */}
        {row.channelType === "Gateway" ? (
          <p className="text-sm text-white/60">{t("adminPayments.deposits.byGateway")}</p>
        ) : !row.hasProof ? (
          <p className="rounded-md border border-amber-400/40 p-2 text-sm text-amber-200" data-testid="deposit-no-proof">
            {t("adminPayments.deposits.noProof")}
          </p>
        ) : (
          <figure>
            <a href={`${BASE}/${row.id}/proof`} target="_blank" rel="noreferrer" className="block">
              <img
                src={`${BASE}/${row.id}/proof`}
                alt={t("adminPayments.deposits.proof")}
                loading="lazy"
                className="max-h-72 w-full rounded-md bg-ink object-contain"
                data-testid="deposit-proof"
              />
            </a>
            <figcaption className="mt-1 text-xs">
              <a href={`${BASE}/${row.id}/proof`} target="_blank" rel="noreferrer">
                {t("adminPayments.deposits.openProof")}
              </a>
            </figcaption>
          </figure>
        )}
        <PlayerHistory summary={row.summary} recent={row.recent} />
      </div>
      {row.status === "pending" && canAct ? (
        <div className="mt-3 flex flex-col gap-3 border-t border-white/10 pt-3 sm:flex-row sm:items-end">
          <Form method="post" action={BASE} data-testid="approve-form">
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="id" value={row.id} />
            <SubmitButton
              label={t("adminPayments.deposits.approve")}
              pendingLabel={t("adminPayments.deposits.approving")}
              action={BASE}
              className="btn-primary w-full sm:w-auto"
            />
          </Form>
          <RejectForm kind="deposits" base={BASE} id={row.id} lastResult={mine?.intent === "reject" ? mine.result : undefined} />
        </div>
      ) : null}
      {row.gatewayStatus === "refunded" ? (
        <p className="mt-3 border-t border-white/10 pt-3 font-bold text-amber-300" data-testid="deposit-refunded">
          {t("adminPayments.deposits.refundedBadge")}
        </p>
      ) : row.gatewayStatus === "refunding" ? (
        <p className="mt-3 border-t border-white/10 pt-3 text-sm text-amber-300">{t("adminPayments.deposits.refundUnderWay")}</p>
      ) : row.gatewayStatus === "completed" && row.status === "approved" && canAct ? (
        <div className="mt-3 border-t border-white/10 pt-3">
          <RefundForm id={row.id} lastResult={mine?.intent === "refund" ? mine.result : undefined} />
        </div>
      ) : null}
    </li>
  );
}

export default function Deposits({ loaderData, actionData }: Route.ComponentProps) {
  useArea([loaderData.i18n, loaderData.filter.i18n]);
  const a = actionData as ActionData | undefined;
  return (
    <ReviewQueuePage
      kind="deposits"
      base={BASE}
      rows={loaderData.rows}
      status={loaderData.status}
      notice={loaderData.notice}
      canAct={loaderData.canAct}
      pendingCount={loaderData.pendingCount}
      page={loaderData.page}
      hasMore={loaderData.hasMore}
      actionData={a as ReviewActionData | undefined}
      filter={loaderData.filter}
      renderRow={(row) => <DepositCard key={row.id} row={row} canAct={loaderData.canAct} actionData={a} />}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
