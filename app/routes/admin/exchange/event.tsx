import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { exchangeId } from "#app/components/exchange/schemas.ts";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, Notice } from "#app/components/admin/AdminField.tsx";
import { type TraderAction, traderActionSchema } from "#app/components/admin/exchange/schemas.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { isExchangeError, marketKind } from "#app/modules/exchange/index.ts";
import {
  addFancyLine,
  ballRunningByTrader,
  lineByTrader,
  quoteByTrader,
  setStatusByTrader,
  setStreamByTrader,
  settleByTrader,
  type Trader,
  traderEvent,
  turnInPlayByTrader,
} from "#app/modules/exchange/index.server.ts";
import { currentStreamHosts } from "#app/modules/settings/index.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { requireTrader } from "./exchange-admin.server.ts";
import type { Route } from "./+types/event";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const DONE = ["created", "open", "suspend", "inplay", "ball", "quote", "line", "addLine", "settle", "stream"] as const;

function readEventId(params: { eventId: string }) {
  const parsed = exchangeId.safeParse(params.eventId);
  if (!parsed.success) throw new Response("No such event", { status: 404 });
  return parsed.data;
}

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  await requireTrader(request);
  const view = await traderEvent(readEventId(params));
  if (!view) throw new Response("No such event", { status: 404 });
  const done = DONE.find((d) => d === url.searchParams.get("done"));
  const count = Number(url.searchParams.get("count") ?? 0) || 0;
  return {
    title: `${view.event.name} · ${translate(context, "adminExchange.title")}`,
    i18n: areaBundle(context, "adminExchange"),
    // Refusals are worded in the exchange's own strings.
    refusals: areaBundle(context, "exchange"),
    event: { ...view.event, startsAt: formatDhakaDateTime(view.event.startsAt) },
    totals: view.totals,
    markets: view.markets,
    streamHosts: await currentStreamHosts(),
    notice: done ? translate(context, done === "created" ? "adminExchange.create.created" : `adminExchange.done.${done}`, { count }) : null,
  };
}

async function perform(
  trader: Trader,
  id: number,
  a: Exclude<TraderAction, { intent: "stream" }>,
): Promise<{ done: (typeof DONE)[number]; count?: number }> {
  switch (a.intent) {
    case "open":
    case "suspend":
      await setStatusByTrader(trader, a.market, a.intent === "open" ? "open" : "suspended");
      return { done: a.intent };
    case "inplay":
      await turnInPlayByTrader(trader, id);
      return { done: "inplay" };
    case "ball":
      await ballRunningByTrader(trader, id, a.running === "1");
      return { done: "ball" };
    case "quote":
      await quoteByTrader(trader, a.runner, a.back || null, a.lay || null);
      return { done: "quote" };
    case "line":
      await lineByTrader(trader, a.market, { noLine: a.noLine, yesLine: a.yesLine, noRate: a.noRate, yesRate: a.yesRate });
      return { done: "line" };
    case "addLine":
      await addFancyLine(trader, id, { name: a.name, noLine: a.noLine, yesLine: a.yesLine, noRate: a.noRate, yesRate: a.yesRate });
      return { done: "addLine" };
    case "winner":
      return { done: "settle", count: (await settleByTrader(trader, a.market, { winnerRunnerId: a.runner })).length };
    case "runs":
      return { done: "settle", count: (await settleByTrader(trader, a.market, { resultRuns: a.runs })).length };
    case "void":
      return { done: "settle", count: (await settleByTrader(trader, a.market, { void: true })).length };
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const trader = await requireTrader(request);
  const id = readEventId(params);
  const submission = parseWithZod(await request.formData(), { schema: traderActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const a = submission.value;
  if (a.intent === "stream") {
    const set = await setStreamByTrader(trader, id, a.url ?? null);
    if (!set.ok) return data({ result: submission.reply({ fieldErrors: { url: [`adminExchange.errors.stream.${set.error}`] } }) }, { status: 400 });
    return redirect(`/admin/exchange/${id}?done=stream`);
  }
  try {
    const { done, count } = await perform(trader, id, a);
    return redirect(`/admin/exchange/${id}?done=${done}${count !== undefined ? `&count=${count}` : ""}`);
  } catch (e) {
    if (!isExchangeError(e)) throw e;
    return data({ result: submission.reply({ formErrors: [messageToken(`exchange.errors.${e.code}`)] }) }, { status: 400 });
  }
}

type Market = Route.ComponentProps["loaderData"]["markets"][number];

/** The event's stream slot: a provider's player URL on an allowed host, or empty for our match tracker. */
function StreamForm({ streamUrl, hosts, errors }: { streamUrl: string | null; hosts: string[]; errors?: string[] }) {
  const { t } = useTranslation();
  return (
    <section className="mb-3 rounded-xl bg-panel p-3" aria-labelledby="stream-title" data-testid="trader-stream">
      <h2 id="stream-title" className="mb-1 font-bold">
        {t("adminExchange.stream.title")}
      </h2>
      <p className="mb-2 text-xs text-white/60">
        {hosts.length ? t("adminExchange.stream.hosts", { hosts: hosts.join(", ") }) : t("adminExchange.stream.noHosts")}
      </p>
      <Form method="post" className="flex flex-wrap items-start gap-2">
        <input type="hidden" name="intent" value="stream" />
        <div className="min-w-64 flex-1">
          <label htmlFor="stream-url" className="sr-only">
            {t("adminExchange.stream.url")}
          </label>
          <input
            id="stream-url"
            name="url"
            type="url"
            maxLength={500}
            defaultValue={streamUrl ?? ""}
            placeholder="https://"
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? "stream-url-error" : undefined}
            className="w-full rounded bg-ink px-2 py-1 text-sm text-white"
          />
          <AdminErrorList errors={errors} id="stream-url-error" className="field-error" />
        </div>
        <button type="submit" className="btn-primary px-3 py-1 text-sm">
          {t("adminExchange.stream.save")}
        </button>
      </Form>
      <p className="mt-1 text-xs text-white/60">{t("adminExchange.stream.hint")}</p>
    </section>
  );
}

function Hidden({ values }: { values: Record<string, string | number> }) {
  return (
    <>
      {Object.entries(values).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

function ActionButton({ values, label, tone = "btn-secondary" }: { values: Record<string, string | number>; label: string; tone?: string }) {
  return (
    <Form method="post" className="inline">
      <Hidden values={values} />
      <button type="submit" className={`${tone} px-3 py-1 text-xs`}>
        {label}
      </button>
    </Form>
  );
}

function NumberInput({ name, label, value }: { name: string; label: string; value: number | null }) {
  return (
    <label className="flex flex-col text-xs text-white/70">
      {label}
      <input name={name} defaultValue={value ?? 0} inputMode="numeric" className="w-20 rounded bg-ink px-2 py-1 text-sm text-white" />
    </label>
  );
}

/** The exposure the rules require (players and market maker) against what the ledger's holds reserve for it. */
function Reconciliation({ value }: { value: Market["reconciliation"] }) {
  const { t } = useTranslation();
  return (
    <p className="text-xs" data-testid="reconciliation" data-matches={value.matches}>
      <span className="text-white/70">{t("adminExchange.market.reconcile.required", { amount: value.required })}</span> ·{" "}
      <b className={value.matches ? "text-emerald-400" : "text-red-400"}>
        {t(value.matches ? "adminExchange.market.reconcile.matches" : "adminExchange.market.reconcile.differs", { amount: value.ledger })}
      </b>
    </p>
  );
}

/** The outcome the market maker (match odds) or the house (Bookmaker, Fancy) fares worst on. */
function WorstCase({ market }: { market: Market }) {
  const { t } = useTranslation();
  const w = market.worst;
  if (!w) return <p className="text-xs text-white/60">{t("adminExchange.market.worst.none")}</p>;
  const runs = w.runs
    ? w.runs.to === null
      ? t("adminExchange.market.runsFrom", { from: w.runs.from })
      : t("adminExchange.market.runsBetween", { from: w.runs.from, to: w.runs.to })
    : null;
  return (
    <p className={`text-xs tabular-nums ${w.negative ? "text-red-300" : "text-emerald-300"}`} data-testid="market-worst">
      {t(`adminExchange.market.worst.${market.pnlOf}${runs === null ? "" : "Runs"}`, { amount: w.pnl, outcome: runs ?? w.runner ?? "" })}
    </p>
  );
}

function MarketCard({ market }: { market: Market }) {
  const { t } = useTranslation();
  const m = market;
  const kind = marketKind(m.kind);
  return (
    <section className="mb-3 rounded-xl bg-panel p-3" data-testid={`trader-market-${m.kind}`} aria-labelledby={`m-${m.id}`}>
      <header className="mb-2 flex flex-wrap items-center gap-2">
        <h2 id={`m-${m.id}`} className="font-bold">
          {kind.hasRunners ? t(`adminExchange.market.kinds.${m.kind}`) : m.name}
        </h2>
        <span className="rounded bg-panel-2 px-2 text-xs" data-testid="market-status">
          {m.settled
            ? m.voided
              ? t("adminExchange.market.voided")
              : t("adminExchange.market.settledAs", { count: m.settleCount })
            : t(`adminExchange.market.status.${m.status}`)}
        </span>
        {m.resultRuns !== null ? <span className="text-xs">{t("adminExchange.market.result", { runs: m.resultRuns })}</span> : null}
        <span className="text-xs text-white/60" data-testid="market-matched">
          {t("adminExchange.market.matched", { amount: m.matched, count: m.bets })}
        </span>
        <span className="text-xs text-white/60" data-testid="market-held">
          {t("adminExchange.market.held", { amount: m.held })}
        </span>
        {kind.hasBook ? <span className="text-xs text-white/60">{t("adminExchange.market.makerHeld", { amount: m.makerHeld })}</span> : null}
        {!m.settled ? (
          <span className="ml-auto flex gap-1">
            {m.status === "open" ? (
              <ActionButton values={{ intent: "suspend", market: m.id }} label={t("adminExchange.actions.suspend")} />
            ) : (
              <ActionButton values={{ intent: "open", market: m.id }} label={t("adminExchange.actions.open")} />
            )}
          </span>
        ) : null}
      </header>
      <div className="mb-2">
        <WorstCase market={m} />
        <Reconciliation value={m.reconciliation} />
      </div>
      {kind.hasRunners ? (
        // A phone scrolls the runners' quote forms inside the card rather than the page.
        <div className="mb-2 overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-xs text-white/60">
              <tr>
                <th className="text-left">{t("adminExchange.columns.runner")}</th>
                <th className="text-right">{t(`adminExchange.market.pnlOf.${m.pnlOf}`)}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {m.runners.map((r) => (
                <tr key={r.id} className="border-t border-white/10" data-testid="trader-runner">
                  <td className="py-1">
                    {r.name} {r.status === "winner" ? <b className="text-emerald-400">({t("adminExchange.market.winner")})</b> : null}
                  </td>
                  <td className="py-1 text-right tabular-nums">{r.pnl}</td>
                  <td className="py-1 text-right">
                    {!kind.hasBook && !m.settled ? (
                      <Form method="post" className="inline-flex items-end gap-1">
                        <Hidden values={{ intent: "quote", runner: r.id }} />
                        <NumberInput name="back" label={t("adminExchange.actions.back")} value={r.backRate} />
                        <NumberInput name="lay" label={t("adminExchange.actions.lay")} value={r.layRate} />
                        <button type="submit" className="btn-secondary px-2 py-1 text-xs">
                          {t("adminExchange.actions.saveQuote")}
                        </button>
                      </Form>
                    ) : null}{" "}
                    <ActionButton
                      values={{ intent: "winner", market: m.id, runner: r.id }}
                      label={t(m.settled ? "adminExchange.actions.correctWinner" : "adminExchange.actions.settleWinner", { runner: r.name })}
                      tone="btn-primary"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="mb-2 flex flex-wrap items-end gap-3">
          {m.runs ? (
            <table className="w-full text-sm" data-testid="trader-runs">
              <thead className="text-xs text-white/60">
                <tr>
                  <th className="text-left">{t("adminExchange.market.resultRuns")}</th>
                  <th className="text-right">{t("adminExchange.market.houseIfResult")}</th>
                </tr>
              </thead>
              <tbody>
                {m.runs.map((r) => (
                  <tr key={r.from} className="border-t border-white/10">
                    <td className="py-1 tabular-nums">
                      {r.to === null
                        ? t("adminExchange.market.runsFrom", { from: r.from })
                        : t("adminExchange.market.runsBetween", { from: r.from, to: r.to })}
                    </td>
                    <td className="py-1 text-right tabular-nums">{r.pnl}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {!m.settled && m.line ? (
            <Form method="post" className="flex flex-wrap items-end gap-1">
              <Hidden values={{ intent: "line", market: m.id }} />
              <NumberInput name="noLine" label={t("adminExchange.actions.noLine")} value={m.line.noLine} />
              <NumberInput name="noRate" label={t("adminExchange.actions.noRate")} value={m.line.noRate} />
              <NumberInput name="yesLine" label={t("adminExchange.actions.yesLine")} value={m.line.yesLine} />
              <NumberInput name="yesRate" label={t("adminExchange.actions.yesRate")} value={m.line.yesRate} />
              <button type="submit" className="btn-secondary px-2 py-1 text-xs">
                {t("adminExchange.actions.saveLine")}
              </button>
            </Form>
          ) : null}
          <Form method="post" className="flex items-end gap-1">
            <Hidden values={{ intent: "runs", market: m.id }} />
            <NumberInput name="runs" label={t("adminExchange.actions.runs")} value={m.resultRuns} />
            <button type="submit" className="btn-primary px-2 py-1 text-xs">
              {t("adminExchange.actions.settleRuns")}
            </button>
          </Form>
        </div>
      )}
      {!m.voided ? <ActionButton values={{ intent: "void", market: m.id }} label={t("adminExchange.actions.void")} /> : null}
    </section>
  );
}

export default function AdminExchangeEvent({ loaderData, actionData }: Route.ComponentProps) {
  useArea([loaderData.i18n, loaderData.refusals]);
  const { t } = useTranslation();
  const { event, totals, markets, notice } = loaderData;
  return (
    <main className="mx-auto max-w-6xl p-3" data-testid="admin-exchange-event">
      <p className="text-sm">
        <a href="/admin/exchange" className="underline">
          {t("adminExchange.backToEvents")}
        </a>
      </p>
      <h1 className="text-xl font-bold">{event.name}</h1>
      <p className="mb-2 text-sm text-white/70">
        {event.competition} · <span className="tabular-nums">{event.startsAt}</span> ·{" "}
        {t(`adminExchange.state.${event.closed ? "closed" : event.inPlay ? "inPlay" : "open"}`)}
      </p>
      <p className="mb-2 flex flex-wrap gap-x-3 text-sm text-white/80" data-testid="event-totals">
        <span>{t("adminExchange.market.matched", { amount: totals.matched, count: totals.bets })}</span>
        <span>{t("adminExchange.market.held", { amount: totals.held })}</span>
        <span>{t("adminExchange.market.makerHeld", { amount: totals.makerHeld })}</span>
      </p>
      <div className="mb-2" data-testid="event-reconciliation">
        <Reconciliation value={totals.reconciliation} />
      </div>
      {notice ? <Notice>{notice}</Notice> : null}
      <AdminErrorList errors={actionData?.result.error?.[""] ?? undefined} className="form-error" />
      <p className="mb-1 text-xs text-white/60">{t("adminExchange.actions.confirmSettle")}</p>
      {!event.closed ? (
        <div className="mb-3 flex flex-wrap gap-2">
          {!event.inPlay ? <ActionButton values={{ intent: "inplay" }} label={t("adminExchange.actions.inPlay")} /> : null}
          <ActionButton values={{ intent: "ball", running: "1" }} label={t("adminExchange.actions.ballOn")} />
          <ActionButton values={{ intent: "ball", running: "0" }} label={t("adminExchange.actions.ballOff")} />
        </div>
      ) : null}
      <StreamForm streamUrl={event.streamUrl} hosts={loaderData.streamHosts} errors={actionData?.result.error?.url ?? undefined} />
      {markets.map((m) => (
        <MarketCard key={m.id} market={m} />
      ))}
      {!event.closed ? (
        <section className="rounded-xl bg-panel p-3" aria-labelledby="add-line">
          <h2 id="add-line" className="mb-2 font-bold">
            {t("adminExchange.actions.addLine")}
          </h2>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="addLine" />
            <label className="flex flex-col text-xs text-white/70">
              {t("adminExchange.actions.lineName")}
              <input name="name" maxLength={60} className="rounded bg-ink px-2 py-1 text-sm text-white" />
            </label>
            <NumberInput name="noLine" label={t("adminExchange.actions.noLine")} value={null} />
            <NumberInput name="noRate" label={t("adminExchange.actions.noRate")} value={100} />
            <NumberInput name="yesLine" label={t("adminExchange.actions.yesLine")} value={null} />
            <NumberInput name="yesRate" label={t("adminExchange.actions.yesRate")} value={100} />
            <button type="submit" className="btn-primary px-3 py-1 text-sm">
              {t("adminExchange.actions.addLine")}
            </button>
          </Form>
        </section>
      ) : null}
    </main>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
