import { ErrorList } from "#app/components/forms/Field.tsx";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { Facts } from "#app/components/admin/payments/Facts.tsx";
import { PaymentsField } from "#app/components/admin/payments/PaymentsField.tsx";
import { PlayerHistory } from "#app/components/admin/payments/PlayerHistory.tsx";
import { RejectForm, type ReviewActionData, ReviewQueuePage, reviewShouldRevalidate } from "#app/components/admin/payments/ReviewQueue.tsx";
import { type QueueTab } from "#app/components/admin/payments/QueueTabs.tsx";
import { approveWithdrawalSchema } from "#app/components/admin/payments/schemas.ts";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { useArea } from "#app/i18n/use-area.ts";
import {
  type PlayerMoneyState,
  playerMoneyStates,
  approveWithdrawal,
  getWithdrawalForStaff,
  listWithdrawalQueue,
  financeTotals,
  payWithdrawalThroughGateway,
  rejectWithdrawal,
} from "#app/modules/payments/index.server.ts";
import { playersUnderReview } from "#app/modules/risk/index.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { financeFilterView, readFinanceQuery } from "./finance-filter.server.ts";
import { paymentsPage, requireFinanceViewer, translate } from "./admin-payments.server.ts";
import { recentTransactionsFor, summaryView } from "./history.server.ts";
import { reviewAction } from "./review-action.server.ts";
import type { Route } from "./+types/withdrawals";
import { takaText } from "#app/kernel/money.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const PAGE_SIZE = 20;
const BASE = "/admin/finance/withdrawals";

async function doneNotice(context: Route.LoaderArgs["context"], url: URL) {
  const done = url.searchParams.get("done");
  if (done !== "approved" && done !== "rejected" && done !== "first-approved") return null;
  const w = await getWithdrawalForStaff(url.searchParams.get("id"));
  if (!w) return null;
  if (done === "first-approved") {
    if (w.fourEyes !== "second") return null;
    return translate(context, "adminPayments.withdrawals.firstApproved", {
      id: `W${w.id}`,
      amount: takaText(w.amount, { decimals: "trim" }),
      username: w.username,
    });
  }
  if (w.status !== done) return null;
  return translate(context, `adminPayments.withdrawals.${done}`, {
    id: `W${w.id}`,
    amount: takaText(w.amount, { decimals: "trim" }),
    username: w.username,
  });
}

/** What staff check before paying: the balances (the amount is already held) and any turnover still open. */
function stateView(s: PlayerMoneyState) {
  return {
    main: takaText(s.main, { decimals: "trim" }),
    held: s.held > 0n ? takaText(s.held, { decimals: "trim" }) : null,
    bonus: takaText(s.bonus, { decimals: "trim" }),
    turnover: s.turnoverCount ? { count: s.turnoverCount, remaining: takaText(s.turnoverRemaining, { decimals: "trim" }) } : null,
  };
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { canAct, staff } = await requireFinanceViewer(request);
  const query = readFinanceQuery(url, "withdrawals");
  const status = query.status as QueueTab;
  const page = query.page;
  const { status: _tab, ...filter } = query.filter ?? {};
  const refused = query.filter === null;
  const filtered = Object.values(filter).some((v) => v !== undefined);
  // The totals of what the filter shows (per status on the "all" tab), on the primary like the page itself.
  const totals = refused ? null : await financeTotals("withdrawals", { ...filter, status: status === "all" ? undefined : status });
  const [{ items, total }, pending, notice] = await Promise.all([
    refused ? { items: [], total: 0 } : listWithdrawalQueue({ status, page, pageSize: PAGE_SIZE, filter }),
    status === "pending" && !filtered ? null : listWithdrawalQueue({ status: "pending", page: 1, pageSize: 1 }),
    doneNotice(context, url),
  ]);
  const recent = await recentTransactionsFor(items.map((x) => ({ playerId: x.playerId, ref: `W${x.id}` })));
  // AML: a player under review has their withdrawals held (approveWithdrawal refuses them too).
  const pendingPlayers = items.filter((w) => w.status === "pending").map((w) => w.playerId);
  const [underReview, states] = await Promise.all([playersUnderReview(pendingPlayers), playerMoneyStates(pendingPlayers)]);
  const rows = items.map((w) => {
    const state = w.status === "pending" ? states.get(w.playerId) : undefined;
    return {
      id: w.id,
      ref: `W${w.id}`,
      status: w.status,
      playerId: w.playerId,
      held: w.status === "pending" && underReview.has(w.playerId),
      username: w.username,
      // Not asked for by the player: the balance of a self-exclusion or closure, paid to their own phone.
      exclusion: w.exclusionKind
        ? translate(context, `protectionExclusion.admin.queueBadge.${w.exclusionKind as "closure" | "self_exclusion"}`)
        : null,
      method: w.methodName,
      gateway: w.methodGateway,
      receiving: w.accountNumber,
      amount: takaText(w.amount, { decimals: "trim" }),
      requestedAt: formatDhakaDateTime(w.createdAt),
      reviewedAt: formatDhakaDateTime(w.reviewedAt),
      cancelledAt: w.cancelledAt ? formatDhakaDateTime(w.cancelledAt) : null,
      reviewer: w.reviewerUsername,
      payoutReference: w.payoutReference,
      reason: w.rejectReason,
      // Four-eyes payouts: "first" = this approval is the first of two, "second" = awaiting a different approver.
      fourEyes: w.fourEyes,
      firstApprover: w.firstApproverUsername,
      firstApprovedAt: w.firstApprovedAt ? formatDhakaDateTime(w.firstApprovedAt) : null,
      // The first approver cannot give the second: the page says so instead of offering the form (the module refuses it too).
      firstApprovedByViewer: w.fourEyes === "second" && w.firstApprovedBy === staff.id,
      // Balances and turnover now: what matters for a request still to decide, misleading for an old one.
      state: state ? stateView(state) : null,
      summary: summaryView(w.history),
      recent: recent.get(`W${w.id}`) ?? [],
    };
  });
  // A refused filter: 400 with the form as sent and its messages, no rows.
  return data(
    {
      ...paymentsPage(context, "adminPayments.withdrawals.title"),
      canAct,
      status,
      page,
      hasMore: page * PAGE_SIZE < total,
      pendingCount: status === "pending" && !filtered ? total : (pending?.total ?? 0),
      filter: await financeFilterView(context, BASE, "withdrawals", query, totals),
      notice,
      heldLabel: translate(context, "risk.held"),
      rows,
    },
    { status: refused ? 400 : 200 },
  );
}

type ActionData = ReviewActionData;

export const shouldRevalidate = reviewShouldRevalidate;

export function action(args: Route.ActionArgs) {
  return reviewAction(args, {
    base: BASE,
    approveSchema: approveWithdrawalSchema,
    fields: ["reason", "payoutReference"],
    approve: async ({ id, payoutReference, payVia }, { staffId, ip }) => {
      const w =
        payVia === "gateway"
          ? await payWithdrawalThroughGateway({ staffId, withdrawalId: id, ip })
          : await approveWithdrawal({ staffId, withdrawalId: id, payoutReference: payoutReference ?? "", ip });
      return w.status === "pending" ? "first-approved" : "approved";
    },
    reject: ({ id, reason }, { staffId, ip }) => rejectWithdrawal({ staffId, withdrawalId: id, reason, ip }),
  });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function ApproveForm({ row, lastResult }: { row: Row; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `approve-withdrawal-${row.id}`,
    lastResult,
    constraint: getZodConstraint(approveWithdrawalSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: approveWithdrawalSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={BASE} {...getFormProps(form)} className="flex-1" data-testid="approve-form">
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="id" value={row.id} />
      {row.fourEyes === "first" ? (
        // The first of two approvals pays nothing: no reference yet (the gateway, if any, is called on the second).
        <>
          <input type="hidden" name="approval" value="first" />
          {row.gateway ? <input type="hidden" name="payVia" value="gateway" /> : null}
          <p className="mb-2 text-sm text-white/70" data-testid="four-eyes-note">
            {t("adminPayments.withdrawals.firstApprovalNote")}
          </p>
          {fields.payoutReference.errors?.length ? <ErrorList errors={fields.payoutReference.errors} id={fields.payoutReference.errorId} /> : null}
        </>
      ) : row.gateway ? (
        // The gateway pays the player's wallet and answers its transaction id: nothing to type.
        <>
          <input type="hidden" name="payVia" value="gateway" />
          <p className="mb-2 text-sm text-white/70">{t("adminPayments.withdrawals.gatewayNote", { method: row.method })}</p>
          {fields.payoutReference.errors?.length ? <ErrorList errors={fields.payoutReference.errors} id={fields.payoutReference.errorId} /> : null}
        </>
      ) : (
        <PaymentsField
          label={t("adminPayments.withdrawals.referenceLabel")}
          inputProps={{ ...getInputProps(fields.payoutReference, { type: "text" }), autoComplete: "off", maxLength: 100 }}
          errors={fields.payoutReference.errors}
          errorId={fields.payoutReference.errorId}
        />
      )}
      <SubmitButton
        label={
          row.fourEyes === "first"
            ? t("adminPayments.withdrawals.firstApprove")
            : row.gateway
              ? t("adminPayments.withdrawals.payThrough", { method: row.method })
              : t("adminPayments.withdrawals.approve")
        }
        pendingLabel={t("adminPayments.withdrawals.approving")}
        action={BASE}
        className="btn-primary w-full sm:w-auto"
      />
    </Form>
  );
}

function WithdrawalCard({ row, canAct, actionData, heldLabel }: { row: Row; canAct: boolean; actionData?: ActionData; heldLabel: string }) {
  const { t } = useTranslation();
  const mine = actionData?.id === row.id ? actionData : undefined;
  const formErrors = mine?.result.error?.[""] ?? mine?.result.error?.id;
  const state = row.state;
  return (
    <li className="rounded-xl bg-panel p-3" data-testid={`withdrawal-${row.id}`}>
      <div className="mb-2 flex flex-wrap items-baseline gap-x-3">
        <span className="font-bold">{row.ref}</span>
        <span className="text-lg font-bold text-brand">{row.amount}</span>
        <span>{row.username}</span>
        {row.exclusion ? (
          <span className="rounded bg-amber-500/20 px-2 py-0.5 text-xs font-semibold text-amber-300" data-testid="withdrawal-exclusion">
            {row.exclusion}
          </span>
        ) : null}
        {row.fourEyes === "second" ? (
          <span className="rounded bg-sky-500/20 px-2 py-0.5 text-xs font-semibold text-sky-200" data-testid="awaiting-second">
            {t("adminPayments.withdrawals.awaitingSecond", { username: row.firstApprover ?? "" })}
          </span>
        ) : null}
        {row.held ? (
          <a
            href={`/admin/players/${row.playerId}/risk`}
            className="rounded bg-red-500/20 px-1.5 text-xs font-semibold text-red-200"
            data-testid="withdrawal-held"
          >
            {heldLabel}
          </a>
        ) : null}
        <span className="ml-auto text-xs text-white/60">{row.requestedAt}</span>
      </div>
      <ErrorList errors={formErrors} className="form-error" />
      <div className="grid gap-3 md:grid-cols-2">
        <Facts
          rows={[
            [t("adminPayments.fields.player"), row.username],
            [t("adminPayments.fields.method"), row.method],
            [t("adminPayments.fields.receiving"), <span className="font-mono">{row.receiving}</span>, "withdrawal-receiving"],
            [t("adminPayments.fields.amount"), row.amount, "withdrawal-amount"],
            ...(state
              ? ([
                  [
                    t("adminPayments.fields.main"),
                    state.held ? t("adminPayments.withdrawals.mainWithHeld", { available: state.main, held: state.held }) : state.main,
                  ],
                  [t("adminPayments.fields.bonusWallet"), state.bonus],
                  [
                    t("adminPayments.fields.turnover"),
                    state.turnover ? (
                      <span className="text-amber-300">
                        {t("adminPayments.withdrawals.turnoverOpen", { count: state.turnover.count, remaining: state.turnover.remaining })}
                      </span>
                    ) : (
                      <span className="text-accent">{t("adminPayments.withdrawals.turnoverDone")}</span>
                    ),
                    "withdrawal-turnover",
                  ],
                ] as Array<[string, React.ReactNode, string?]>)
              : []),
            [t("adminPayments.fields.requested"), row.requestedAt],
            ...(row.firstApprover
              ? ([
                  [
                    t("adminPayments.withdrawals.firstApproval"),
                    t("adminPayments.withdrawals.firstApprovalBy", { username: row.firstApprover, at: row.firstApprovedAt ?? "" }),
                    "withdrawal-first-approval",
                  ],
                ] as Array<[string, React.ReactNode, string?]>)
              : []),
            ...(row.cancelledAt
              ? ([[t("adminPayments.fields.cancelled"), row.cancelledAt, "cancelled-at"]] as Array<[string, React.ReactNode, string?]>)
              : row.status !== "pending"
                ? ([
                    [t("adminPayments.fields.reviewedBy"), row.reviewer ?? t("adminPayments.none")],
                    [t("adminPayments.fields.reviewed"), row.reviewedAt],
                  ] as Array<[string, React.ReactNode]>)
                : []),
            ...(row.payoutReference ? ([[t("adminPayments.fields.payoutReference"), row.payoutReference]] as Array<[string, React.ReactNode]>) : []),
            ...(row.reason ? ([[t("adminPayments.fields.reason"), row.reason]] as Array<[string, React.ReactNode]>) : []),
          ]}
        />
        <PlayerHistory summary={row.summary} recent={row.recent} />
      </div>
      {row.status === "pending" && canAct ? (
        <div className="mt-3 flex flex-col gap-3 border-t border-white/10 pt-3 sm:flex-row sm:items-end">
          {row.held ? null : row.firstApprovedByViewer ? (
            <p className="flex-1 text-sm text-sky-200" data-testid="four-eyes-yours">
              {t("adminPayments.withdrawals.secondApprovalYours")}
            </p>
          ) : (
            <ApproveForm row={row} lastResult={mine?.intent === "approve" ? mine.result : undefined} />
          )}
          <RejectForm kind="withdrawals" base={BASE} id={row.id} lastResult={mine?.intent === "reject" ? mine.result : undefined} />
        </div>
      ) : null}
    </li>
  );
}

export default function Withdrawals({ loaderData, actionData }: Route.ComponentProps) {
  useArea([loaderData.i18n, loaderData.filter.i18n]);
  const a = actionData as ActionData | undefined;
  return (
    <ReviewQueuePage
      kind="withdrawals"
      base={BASE}
      rows={loaderData.rows}
      status={loaderData.status}
      notice={loaderData.notice}
      canAct={loaderData.canAct}
      pendingCount={loaderData.pendingCount}
      page={loaderData.page}
      hasMore={loaderData.hasMore}
      actionData={a}
      filter={loaderData.filter}
      renderRow={(row) => <WithdrawalCard key={row.id} row={row} canAct={loaderData.canAct} actionData={a} heldLabel={loaderData.heldLabel} />}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
