import { messageToken } from "#app/i18n/message.ts";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { randomBytes } from "node:crypto";
import { getCollectionProps, getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { Notice } from "#app/components/admin/AdminField.tsx";
import { Facts } from "#app/components/admin/payments/Facts.tsx";
import { PaymentsField, PaymentsTextArea } from "#app/components/admin/payments/PaymentsField.tsx";
import { PaymentsNav } from "#app/components/admin/payments/PaymentsNav.tsx";
import { adjustmentSchema, findPlayerSchema } from "#app/components/admin/payments/schemas.ts";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { useArea } from "#app/i18n/use-area.ts";
import { getPlayerBalances } from "#app/modules/ledger/index.server.ts";
import { adjustBalance, financeTotals, getTransaction, listAdjustments, listTransactions } from "#app/modules/payments/index.server.ts";
import { FinanceFilterPanel } from "#app/components/admin/payments/FinanceFilter.tsx";
import { financeFilterView, readFinanceQuery } from "./finance-filter.server.ts";
import { isPaymentError } from "#app/modules/payments/index.ts";
import { findPlayerById, findPlayerByUsername } from "#app/modules/players/index.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { paymentsPage, requireFinanceActor, requireFinanceViewer, translate } from "./admin-payments.server.ts";
import type { Route } from "./+types/adjustments";
import { takaText } from "#app/kernel/money.ts";
import { formStatus } from "#app/kernel/domain-error.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const BASE = "/admin/finance/adjustments";

async function playerCard(username: string) {
  const player = await findPlayerByUsername(username);
  if (!player) return null;
  const [balances, adjustments] = await Promise.all([
    getPlayerBalances(player.id),
    listTransactions(player.id, { type: "adjustment", range: "all", page: 1, pageSize: 10 }),
  ]);
  return {
    id: player.id,
    username: player.username,
    name: player.name,
    phone: player.phone,
    status: player.status,
    main: takaText(balances.main.available, { decimals: "trim" }),
    bonus: takaText(balances.bonus.available, { decimals: "trim" }),
    adjustments: adjustments.items.map((a) => ({
      id: a.id,
      direction: a.direction,
      amount: takaText(a.amount, { decimals: "trim" }),
      createdAt: formatDhakaDateTime(a.createdAt),
    })),
  };
}

async function doneNotice(context: Route.LoaderArgs["context"], url: URL, playerId: number | undefined) {
  const done = url.searchParams.get("done");
  if (!done || !playerId) return null;
  const tx = await getTransaction(playerId, done);
  if (!tx || tx.type !== "adjustment") return null;
  const params = { amount: takaText(tx.amount, { decimals: "trim" }), username: url.searchParams.get("username") ?? "" };
  return translate(context, tx.direction === "debit" ? "adminPayments.adjust.debited" : "adminPayments.adjust.credited", params);
}

const HISTORY_PAGE_SIZE = 20;

/** Every adjustment staff made, by the finance filter (dates, username or phone, amount, direction): a page and totals. */
async function adjustmentHistory(context: Route.LoaderArgs["context"], url: URL) {
  const query = readFinanceQuery(url, "adjustments");
  const [list, totals] = query.filter
    ? await Promise.all([
        listAdjustments(query.filter, { page: query.page, pageSize: HISTORY_PAGE_SIZE }),
        financeTotals("adjustments", query.filter),
      ])
    : [{ items: [], hasMore: false }, null];
  const filter = await financeFilterView(context, BASE, "adjustments", query, totals);
  const href = (p: number) => {
    const q = new URLSearchParams(filter.query);
    if (p > 1) q.set("page", String(p));
    return `${BASE}?${q}#history`;
  };
  return {
    filter,
    rows: list.items.map((a) => ({
      id: a.id,
      ref: `A${a.id}`,
      createdAt: formatDhakaDateTime(a.createdAt),
      username: a.username,
      phone: a.phone,
      direction: a.direction,
      amount: takaText(a.amount, { decimals: "trim" }),
      reason: a.reason,
      staff: a.staff,
    })),
    page: query.page,
    newer: query.page > 1 ? href(query.page - 1) : null,
    older: list.hasMore ? href(query.page + 1) : null,
  };
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { canAct } = await requireFinanceViewer(request);
  const page = {
    ...paymentsPage(context, "adminPayments.adjust.title"),
    canAct,
    key: randomBytes(16).toString("base64url"),
    history: await adjustmentHistory(context, url),
  };
  const raw = url.searchParams.get("username");
  if (raw === null)
    return data({ ...page, search: "", searchError: null, player: null, notice: null }, { status: page.history.filter.totals ? 200 : 400 });
  const parsed = findPlayerSchema.safeParse({ username: raw || undefined });
  if (!parsed.success)
    return data({ ...page, search: raw, searchError: parsed.error.issues[0]!.message, player: null, notice: null }, { status: 400 });
  const player = await playerCard(parsed.data.username);
  if (!player) {
    const message = messageToken("adminPayments.adjust.notFound", { username: parsed.data.username });
    return data({ ...page, search: raw, searchError: message, player: null, notice: null }, { status: 404 });
  }
  return { ...page, search: player.username, searchError: null, player, notice: await doneNotice(context, url, player.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const { staffId, ip } = await requireFinanceActor(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: adjustmentSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { playerId, direction, amount, reason, key } = submission.value;
  const player = await findPlayerById(playerId);
  if (!player) return data({ result: submission.reply({ formErrors: ["adminPayments.errors.playerNotFound"] }) }, { status: 404 });
  try {
    const { adjustment } = await adjustBalance({ staffId, playerId, direction, amount, reason, ip, idempotencyKey: key });
    return redirect(`${BASE}?${new URLSearchParams({ username: player.username, done: `A${adjustment.id}` })}`);
  } catch (e) {
    if (!isPaymentError(e)) throw e;
    const message = e.token;
    const field = e.field === "amount" || e.field === "reason" ? e.field : null;
    const reply = field ? submission.reply({ fieldErrors: { [field]: [message] } }) : submission.reply({ formErrors: [message] });
    return data({ result: reply }, { status: formStatus(e) });
  }
}

type Player = NonNullable<Route.ComponentProps["loaderData"]["player"]>;

function AdjustmentForm({ player, formKey, lastResult }: { player: Player; formKey: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `adjust-${player.id}`,
    lastResult,
    defaultValue: { direction: "credit" },
    constraint: getZodConstraint(adjustmentSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adjustmentSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // The player stays in the URL, so a page re-rendered without JavaScript (a refused form) still shows them.
  const action = `${BASE}?${new URLSearchParams({ username: player.username })}`;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="rounded-xl bg-panel p-4" data-testid="adjustment-form">
      <input type="hidden" name="playerId" value={player.id} />
      <input type="hidden" name="key" value={formKey} />
      <ErrorList errors={form.errors} id={form.errorId} className="form-error" />
      <fieldset className="field">
        <legend className="mb-1 text-sm text-white/80">{t("adminPayments.adjust.direction")}</legend>
        <div className="flex flex-wrap gap-4">
          {getCollectionProps(fields.direction, { type: "radio", options: ["credit", "debit"] }).map(({ key, ...props }) => (
            <label key={key} className="flex items-center gap-2">
              <input {...props} className="!w-auto" />
              {t(props.value === "debit" ? "adminPayments.adjust.debit" : "adminPayments.adjust.credit")}
            </label>
          ))}
        </div>
        <ErrorList errors={fields.direction.errors} id={fields.direction.errorId} />
      </fieldset>
      <PaymentsField
        label={t("adminPayments.adjust.amountLabel")}
        inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", autoComplete: "off", className: "!w-48" }}
        errors={fields.amount.errors}
        errorId={fields.amount.errorId}
      />
      <PaymentsTextArea
        label={t("adminPayments.adjust.reasonLabel")}
        textareaProps={{ ...getTextareaProps(fields.reason), maxLength: 500 }}
        errors={fields.reason.errors}
        errorId={fields.reason.errorId}
      />
      <SubmitButton
        label={t("adminPayments.adjust.submit")}
        pendingLabel={t("adminPayments.adjust.submitting")}
        action={action}
        className="btn-primary w-full sm:w-auto"
      />
    </Form>
  );
}

export default function Adjustments({ loaderData, actionData }: Route.ComponentProps) {
  useArea([loaderData.i18n, loaderData.history.filter.i18n]);
  const { t } = useTranslation();
  const { player } = loaderData;
  return (
    <>
      <PaymentsNav />
      <h1 className="mb-1 text-xl font-bold">{t("adminPayments.adjust.title")}</h1>
      <p className="mb-3 text-sm text-white/60">{t("adminPayments.adjust.intro")}</p>
      {loaderData.notice && !actionData ? <Notice>{loaderData.notice}</Notice> : null}
      <Form method="get" action={BASE} className="mb-4 flex flex-wrap items-end gap-3 rounded-xl bg-panel p-3" data-testid="find-player">
        <div className="field !mb-0 min-w-48 flex-1">
          <label htmlFor="adjust-username">{t("adminPayments.adjust.username")}</label>
          <input
            id="adjust-username"
            name="username"
            type="text"
            defaultValue={loaderData.search}
            autoComplete="off"
            autoCapitalize="none"
            required
            aria-invalid={loaderData.searchError ? true : undefined}
            aria-describedby={loaderData.searchError ? "adjust-username-error" : undefined}
          />
          <ErrorList errors={loaderData.searchError ? [loaderData.searchError] : null} id="adjust-username-error" />
        </div>
        <button type="submit" className="btn-secondary">
          {t("adminPayments.adjust.search")}
        </button>
      </Form>
      {player ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <section className="rounded-xl bg-panel p-4" data-testid="adjust-player">
            <h2 className="mb-2 font-bold">{t("adminPayments.adjust.playerTitle", { username: player.username, name: player.name || "—" })}</h2>
            <Facts
              rows={[
                [t("adminPayments.adjust.phone"), player.phone],
                [t("adminPayments.adjust.status"), player.status],
                [t("adminPayments.fields.main"), player.main, "adjust-main"],
                [t("adminPayments.fields.bonusWallet"), player.bonus],
              ]}
            />
            <h3 className="mt-3 mb-1 text-sm font-bold">{t("adminPayments.adjust.recent")}</h3>
            {player.adjustments.length ? (
              <ul className="space-y-0.5 text-sm" data-testid="recent-adjustments">
                {player.adjustments.map((a) => (
                  <li key={a.id} className="flex gap-3">
                    <span className="w-12 text-white/60">{a.id}</span>
                    <span className={a.direction === "debit" ? "text-red-300" : "text-accent"}>
                      {a.direction === "debit" ? "−" : "+"}
                      {a.amount}
                    </span>
                    <span className="ml-auto text-white/60">{a.createdAt}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-white/60">{t("adminPayments.empty")}</p>
            )}
          </section>
          {loaderData.canAct ? (
            <AdjustmentForm player={player} formKey={loaderData.key} lastResult={actionData?.result} />
          ) : (
            <p className="text-sm text-amber-300">{t("adminPayments.viewOnly")}</p>
          )}
        </div>
      ) : null}
      <AdjustmentHistory history={loaderData.history} />
    </>
  );
}

function AdjustmentHistory({ history }: { history: Route.ComponentProps["loaderData"]["history"] }) {
  const { t } = useTranslation();
  return (
    <section id="history" className="mt-6" data-testid="adjustment-history">
      <h2 className="mb-1 text-lg font-bold">{t("adminExports.adjustments.title")}</h2>
      <p className="mb-3 text-sm text-white/60">{t("adminExports.adjustments.intro")}</p>
      <FinanceFilterPanel base={BASE} view={history.filter} directions />
      {history.rows.length ? (
        <div className="overflow-x-auto rounded-xl bg-panel">
          <table className="w-full text-left text-sm" data-testid="adjustment-table">
            <thead className="text-xs text-white/60">
              <tr className="border-b border-white/10">
                <th className="p-2 font-normal">{t("adminExports.columns.ref")}</th>
                <th className="p-2 font-normal">{t("adminExports.columns.time")}</th>
                <th className="p-2 font-normal">{t("adminExports.columns.username")}</th>
                <th className="p-2 font-normal">{t("adminExports.columns.direction")}</th>
                <th className="p-2 font-normal">{t("adminExports.columns.amount")}</th>
                <th className="p-2 font-normal">{t("adminExports.columns.reason")}</th>
                <th className="p-2 font-normal">{t("adminExports.columns.staff")}</th>
              </tr>
            </thead>
            <tbody>
              {history.rows.map((r) => (
                <tr key={r.id} className="border-b border-white/5 align-top" data-testid="adjustment-row">
                  <td className="p-2 font-mono">{r.ref}</td>
                  <td className="whitespace-nowrap p-2 tabular-nums">{r.createdAt}</td>
                  <td className="p-2">
                    {r.username}
                    <div className="text-xs text-white/50">{r.phone}</div>
                  </td>
                  <td className="p-2">{t(`adminExports.statuses.${r.direction}`)}</td>
                  <td className="whitespace-nowrap p-2 tabular-nums">{r.direction === "debit" ? `−${r.amount}` : r.amount}</td>
                  <td className="min-w-48 p-2">{r.reason}</td>
                  <td className="p-2">{r.staff}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="rounded-xl bg-panel p-4 text-white/70">{t("adminExports.adjustments.empty")}</p>
      )}
      {history.newer || history.older ? (
        <nav className="mt-3 flex items-center justify-between text-sm">
          {history.newer ? <a href={history.newer}>{t("adminPayments.prev")}</a> : <span />}
          <span className="text-white/60">{t("adminPayments.page", { page: history.page })}</span>
          {history.older ? <a href={history.older}>{t("adminPayments.next")}</a> : <span />}
        </nav>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
