import { Form, data, redirect } from "react-router";
import { z } from "zod";
import { Notice } from "#app/components/admin/AdminField.tsx";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { Facts } from "#app/components/admin/payments/Facts.tsx";
import { FinanceFilterPanel } from "#app/components/admin/payments/FinanceFilter.tsx";
import { PaymentsNav } from "#app/components/admin/payments/PaymentsNav.tsx";
import { Pager, StatusTabs } from "#app/components/admin/payments/QueueTabs.tsx";
import { idField } from "#app/components/admin/payments/schemas.ts";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areasFor } from "#app/i18n/areas.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { isPaymentError, type CheckoutTab, checkoutTabs } from "#app/modules/payments/index.ts";
import { checkGatewayCheckout, checkoutCounts, financeTotals, getGatewayCheckout, listGatewayCheckouts } from "#app/modules/payments/index.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { paymentsPage, requireFinanceActor, requireFinanceViewer, translate } from "./admin-payments.server.ts";
import { financeFilterView, readFinanceQuery } from "./finance-filter.server.ts";
import type { Route } from "./+types/checkouts";
import { takaText } from "#app/kernel/money.ts";
import { formStatus } from "#app/kernel/domain-error.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const PAGE_SIZE = 25;
const BASE = "/admin/finance/checkouts";

/** After "Ask the gateway now": how the checkout stands. */
async function checkedNotice(context: Route.LoaderArgs["context"], url: URL) {
  const row = await getGatewayCheckout(url.searchParams.get("checked"));
  if (!row) return null;
  const status = translate(context, `adminPayments.checkouts.status.${row.status}`);
  return translate(context, "adminPayments.checkouts.checked", { invoice: row.invoice, status });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { canAct } = await requireFinanceViewer(request);
  // The tab and the filter as the deposits page reads them: a refused field (an unknown tab too) answers 400 with the
  // form as sent and no rows.
  const query = readFinanceQuery(url, "checkouts");
  const refused = query.filter === null;
  // A refused filter keeps the tab it was sent on (when that tab is a real one), so correcting it stays there.
  const sentTab = query.values.status as CheckoutTab;
  const tab = refused && checkoutTabs.includes(sentTab) ? sentTab : (query.status as CheckoutTab);
  const page = query.page;
  const [list, totals, counts, notice] = await Promise.all([
    refused ? null : listGatewayCheckouts({ filter: query.filter!, page, pageSize: PAGE_SIZE }),
    refused ? null : financeTotals("checkouts", query.filter!),
    checkoutCounts(),
    checkedNotice(context, url),
  ]);
  return data(
    {
      ...paymentsPage(context, "adminPayments.checkouts.title"),
      canAct,
      tab,
      page,
      hasMore: list?.hasMore ?? false,
      counts,
      filter: await financeFilterView(context, BASE, "checkouts", query, totals),
      notice,
      rows: (list?.items ?? []).map((c) => ({
        id: c.id,
        invoice: c.invoice,
        status: c.status,
        username: c.username,
        method: c.methodName,
        amount: takaText(c.amount, { decimals: "trim" }),
        gatewayId: c.gatewayPaymentId,
        trxId: c.trxId,
        payer: c.payer,
        reason: c.failureReason,
        deposit: c.depositId ? `D${c.depositId}` : null,
        opened: formatDhakaDateTime(c.createdAt),
        finished: formatDhakaDateTime(c.finishedAt),
        checks: c.checks,
      })),
    },
    { status: refused ? 400 : 200 },
  );
}

const checkSchema = z.object({ intent: z.literal("check"), id: idField });

/** "Ask the gateway now" on an open checkout (finance roles only). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireFinanceActor(request);
  const fail = (error: string, status: number) => data({ error, areas: areasFor(context, [error]) }, { status });
  const parsed = checkSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return fail(messageToken("payments.errors.notFound"), 400);
  try {
    await checkGatewayCheckout(parsed.data.id);
  } catch (e) {
    if (!isPaymentError(e)) throw e;
    return fail(e.token, formStatus(e, { already_reviewed: 409 }));
  }
  return redirect(`${BASE}?${new URLSearchParams({ status: "all", checked: String(parsed.data.id) })}`);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const statusColour: Record<Row["status"], string> = {
  initiated: "bg-brand/20 text-brand",
  completed: "bg-accent/20 text-accent-light",
  refunded: "bg-white/10 text-white/80",
  failed: "bg-white/10 text-white/60",
  cancelled: "bg-white/10 text-white/60",
  expired: "bg-white/10 text-white/60",
  refused: "bg-amber-500/20 text-amber-300",
  mismatch: "bg-red-500/20 text-red-300",
};

function CheckoutCard({ row, canAct }: { row: Row; canAct: boolean }) {
  const { t } = useTranslation();
  const none = t("adminPayments.none");
  return (
    <li className="rounded-xl bg-panel p-3" data-testid={`checkout-${row.id}`}>
      <div className="mb-2 flex flex-wrap items-baseline gap-x-3">
        <span className="font-mono font-bold">{row.invoice}</span>
        <span className="text-lg font-bold text-brand">{row.amount}</span>
        <span>{row.username}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusColour[row.status]}`} data-testid="checkout-status">
          {t(`adminPayments.checkouts.status.${row.status}`)}
        </span>
        <span className="ml-auto text-xs text-white/60">{row.opened}</span>
      </div>
      <Facts
        rows={[
          [t("adminPayments.fields.method"), row.method],
          [t("adminPayments.checkouts.gatewayId"), <span className="font-mono">{row.gatewayId ?? none}</span>],
          [t("adminPayments.fields.trxId"), <span className="font-mono">{row.trxId ?? none}</span>],
          [t("adminPayments.checkouts.payer"), row.payer ?? none],
          [t("adminPayments.checkouts.deposit"), row.deposit ?? none],
          [t("adminPayments.checkouts.reason"), row.reason ?? none],
          [t("adminPayments.checkouts.finished"), row.finished || none],
          [t("adminPayments.checkouts.checks"), String(row.checks)],
        ]}
      />
      {row.status === "initiated" && canAct ? (
        <Form method="post" action={BASE} className="mt-3 border-t border-white/10 pt-3" data-testid="check-form">
          <input type="hidden" name="intent" value="check" />
          <input type="hidden" name="id" value={row.id} />
          <SubmitButton
            label={t("adminPayments.checkouts.check")}
            pendingLabel={t("adminPayments.checkouts.checking")}
            action={BASE}
            className="btn-secondary w-full sm:w-auto"
          />
        </Form>
      ) : null}
    </li>
  );
}

export default function Checkouts({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, rows, counts, notice, canAct, page, hasMore, filter } = loaderData;
  useArea([loaderData.i18n, filter.i18n]);
  useArea(actionData?.areas);
  const { t } = useTranslation();
  return (
    <>
      <PaymentsNav />
      <h1 className="mb-1 text-xl font-bold">{t("adminPayments.checkouts.title")}</h1>
      <p className="mb-3 text-sm text-white/60">
        {t("adminPayments.checkouts.intro")} {t("adminPayments.time")}.
      </p>
      {notice && !actionData ? <Notice>{notice}</Notice> : null}
      <ErrorList errors={actionData ? [actionData.error] : undefined} className="form-error" />
      {!canAct ? <p className="mb-3 text-sm text-amber-300">{t("adminPayments.viewOnly")}</p> : null}
      <StatusTabs
        base={BASE}
        tabs={checkoutTabs}
        current={tab}
        label={(s) => `${t(`adminPayments.checkouts.tabs.${s}`)}${s === "open" || s === "attention" ? ` (${counts[s]})` : ""}`}
        query={filter.query}
      />
      <FinanceFilterPanel base={BASE} view={filter} hidden={{ status: tab === "open" ? "" : tab }} qHint={t("adminExports.filter.qHintCheckouts")} />
      {rows.length ? (
        <ul className="space-y-3" data-testid="checkout-list">
          {rows.map((row) => (
            <CheckoutCard key={row.id} row={row} canAct={canAct} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl bg-panel p-4 text-white/70">{t("adminPayments.checkouts.empty")}</p>
      )}
      <Pager base={BASE} status={tab} page={page} hasMore={hasMore} defaultStatus="open" query={filter.query} />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
