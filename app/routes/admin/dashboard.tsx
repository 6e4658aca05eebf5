import { data } from "react-router";
import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { groupWhole } from "#app/components/payments/format.ts";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { BarChart, type BarDatum } from "#app/components/admin/dashboard/BarChart.tsx";
import { getSiteConfig } from "#app/modules/content/index.server.ts";
import { dashboard } from "#app/modules/reporting/index.server.ts";
import { queuesFor, readRange, sectionsFor, type DashboardSection } from "#app/modules/reporting/index.ts";
import { RangeForm } from "#app/components/admin/RangeForm.tsx";
import { requireStaff, dashboardCounts } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { takaText } from "#app/kernel/money.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.dashboard);
  const url = new URL(request.url);
  const form = { range: url.searchParams.get("range") ?? "", from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  const now = new Date();
  const read = readRange(form, now);
  const range = read.ok ? read.range : read.fallback;
  const [counts, site, board] = await Promise.all([
    dashboardCounts(now),
    getSiteConfig(),
    dashboard(range, { sections: sectionsFor([staff.role]), queues: queuesFor([staff.role]) }, now),
  ]);
  const g = site.general;
  const body = {
    title: translate(context, "admin.dashboard.title"),
    i18n: areaBundle(context, "adminDashboard"),
    form: { ...form, range: read.ok ? range.choice : "custom" },
    problem: read.ok ? null : { field: read.field, problem: read.problem },
    range,
    board: {
      ...board,
      queues: board.queues.map((q) => ({
        ...q,
        waitMinutes: q.oldest ? Math.max(0, Math.floor((now.getTime() - Date.parse(q.oldest)) / 60_000)) : null,
        oldest: q.oldest ? formatDhakaDateTime(q.oldest) : null,
      })),
    },
    counts: { ...counts, since: formatDhakaDateTime(counts.since) },
    site: {
      mode: g.mode,
      withdrawals: g.withdrawalStatus,
      licenceIssuer: g.licenceIssuer,
      licenceNumber: g.licenceNumber,
      jurisdictions: g.jurisdictions,
    },
  };
  return read.ok ? body : data(body, { status: 400 });
}

type Kind = "money" | "count" | "percent";
type Fig = { id: string; label: string; cur: number | bigint; prev: number | bigint; kind: Kind };

const ratio = (a: bigint | number, b: bigint | number) => (Number(b) === 0 ? 0 : (Number(a) / Number(b)) * 100);

function show(v: number | bigint, kind: Kind) {
  if (kind === "money") return takaText(BigInt(v));
  if (kind === "percent") return `${Number(v).toFixed(1)}%`;
  return groupWhole(Number(v));
}

function Change({ cur, prev, kind }: { cur: number | bigint; prev: number | bigint; kind: Kind }) {
  const { t } = useTranslation();
  const c = Number(cur);
  const p = Number(prev);
  if (c === p) return <span className="text-white/50">{t("adminDashboard.noChange")}</span>;
  const up = c > p;
  const text =
    kind === "percent"
      ? `${up ? "+" : "−"}${Math.abs(c - p).toFixed(1)} pp`
      : p === 0
        ? t("adminDashboard.new")
        : `${up ? "+" : "−"}${Math.abs(((c - p) / Math.abs(p)) * 100).toFixed(1)}%`;
  return <span className={up ? "text-emerald-400" : "text-rose-400"}>{text}</span>;
}

function Stat({ fig }: { fig: Fig }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 rounded-xl bg-panel p-3" data-testid={`fig-${fig.id}`}>
      <div className="text-xs text-white/60">{fig.label}</div>
      <div className="mt-1 text-lg font-bold break-words" data-testid={`fig-${fig.id}-value`}>
        {show(fig.cur, fig.kind)}
      </div>
      <div className="mt-1 flex flex-wrap gap-x-2 text-xs text-white/60">
        <span>{t("adminDashboard.previous", { value: show(fig.prev, fig.kind) })}</span>
        <Change cur={fig.cur} prev={fig.prev} kind={fig.kind} />
      </div>
    </div>
  );
}

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="mt-5" data-testid={testId}>
      <h2 className="mb-2 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const grid = "grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-4";

function ChartBlock({ title, chart, table, testId }: { title: string; chart: React.ReactNode; table: React.ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <figure className="min-w-0 rounded-xl bg-panel p-3" data-testid={testId}>
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      <div className="grid min-w-0 gap-3 lg:grid-cols-2">
        <div className="min-w-0">{chart}</div>
        <div className="max-h-80 min-w-0 overflow-auto" role="region" aria-label={t("adminDashboard.charts.table")} tabIndex={0}>
          {table}
        </div>
      </div>
    </figure>
  );
}

const th = "px-2 py-1 text-left font-medium text-white/60 whitespace-nowrap";
const td = "px-2 py-1 whitespace-nowrap tabular-nums";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useArea(loaderData.i18n);
  const { counts, site, board, range, form, problem } = loaderData;
  const n = (v: number) => groupWhole(v);
  const has = (s: DashboardSection) => board.sections.includes(s);
  const cur = board.current;
  const prev = board.previous;
  const charts = board.charts;
  const productName = (p: string) => t(`adminDashboard.products.${p as "house" | "provider"}`);
  const kindName = (k: string) => t(`adminDashboard.kinds.${k as "match_odds" | "bookmaker" | "fancy"}`);
  const wait = (m: number) =>
    m < 60
      ? t("adminDashboard.queues.minutes", { count: m })
      : m < 1440
        ? t("adminDashboard.queues.hours", { hours: Math.floor(m / 60), minutes: m % 60 })
        : t("adminDashboard.queues.days", { days: Math.floor(m / 1440), hours: Math.floor((m % 1440) / 60) });

  const money: Fig[] = [];
  const casino: Fig[] = [];
  const exchange: Fig[] = [];
  const players: Fig[] = [];
  if (cur?.deposits && prev?.deposits && cur.withdrawals && prev.withdrawals) {
    money.push(
      {
        id: "deposits",
        label: t("adminDashboard.figures.deposits"),
        cur: BigInt(cur.deposits.amount),
        prev: BigInt(prev.deposits.amount),
        kind: "money",
      },
      { id: "deposit-count", label: t("adminDashboard.figures.depositCount"), cur: cur.deposits.count, prev: prev.deposits.count, kind: "count" },
      {
        id: "depositors",
        label: t("adminDashboard.figures.depositors"),
        cur: cur.deposits.depositors,
        prev: prev.deposits.depositors,
        kind: "count",
      },
      {
        id: "withdrawals-requested",
        label: t("adminDashboard.figures.withdrawalsRequested"),
        cur: BigInt(cur.withdrawals.requestedAmount),
        prev: BigInt(prev.withdrawals.requestedAmount),
        kind: "money",
      },
      {
        id: "withdrawals-paid",
        label: t("adminDashboard.figures.withdrawalsPaid"),
        cur: BigInt(cur.withdrawals.paidAmount),
        prev: BigInt(prev.withdrawals.paidAmount),
        kind: "money",
      },
      {
        id: "net-deposits",
        label: t("adminDashboard.figures.netDeposits"),
        cur: BigInt(cur.netDeposits!),
        prev: BigInt(prev.netDeposits!),
        kind: "money",
      },
      { id: "bonus-cost", label: t("adminDashboard.figures.bonusCost"), cur: BigInt(cur.bonusCost!), prev: BigInt(prev.bonusCost!), kind: "money" },
      {
        id: "adjustment-credits",
        label: t("adminDashboard.figures.adjustmentCredits"),
        cur: BigInt(cur.adjustments!.credits),
        prev: BigInt(prev.adjustments!.credits),
        kind: "money",
      },
      {
        id: "adjustment-debits",
        label: t("adminDashboard.figures.adjustmentDebits"),
        cur: BigInt(cur.adjustments!.debits),
        prev: BigInt(prev.adjustments!.debits),
        kind: "money",
      },
      { id: "ngr", label: t("adminDashboard.figures.ngr"), cur: BigInt(cur.ngr!), prev: BigInt(prev.ngr!), kind: "money" },
      { id: "arpu", label: t("adminDashboard.figures.arpu"), cur: BigInt(cur.arpu!), prev: BigInt(prev.arpu!), kind: "money" },
    );
  }
  if (cur?.casino && prev?.casino) {
    casino.push({ id: "ggr", label: t("adminDashboard.figures.ggr"), cur: BigInt(cur.casinoGgr!), prev: BigInt(prev.casinoGgr!), kind: "money" });
    for (const product of ["house", "provider"] as const) {
      const c = cur.casino.find((r) => r.product === product);
      const p = prev.casino!.find((r) => r.product === product);
      casino.push(
        {
          id: `ggr-${product}`,
          label: t("adminDashboard.figures.ggrOf", { product: productName(product) }),
          cur: BigInt(c?.ggr ?? 0),
          prev: BigInt(p?.ggr ?? 0),
          kind: "money",
        },
        {
          id: `hold-${product}`,
          label: t("adminDashboard.figures.holdOf", { product: productName(product) }),
          cur: ratio(BigInt(c?.ggr ?? 0), BigInt(c?.stakes ?? 0)),
          prev: ratio(BigInt(p?.ggr ?? 0), BigInt(p?.stakes ?? 0)),
          kind: "percent",
        },
      );
    }
  }
  if (cur?.exchange && prev?.exchange) {
    const sum = (rows: NonNullable<typeof cur.exchange>, f: "matched") => rows.reduce((s, r) => s + BigInt(r[f]), 0n);
    exchange.push(
      {
        id: "commission",
        label: t("adminDashboard.figures.commission"),
        cur: BigInt(cur.commission!),
        prev: BigInt(prev.commission!),
        kind: "money",
      },
      {
        id: "matched",
        label: t("adminDashboard.figures.matched"),
        cur: sum(cur.exchange, "matched"),
        prev: sum(prev.exchange, "matched"),
        kind: "money",
      },
    );
    for (const kind of ["bookmaker", "fancy"] as const) {
      exchange.push({
        id: `house-${kind}`,
        label: t("adminDashboard.figures.houseOf", { kind: kindName(kind) }),
        cur: BigInt(cur.exchange.find((r) => r.kind === kind)?.houseResult ?? 0),
        prev: BigInt(prev.exchange!.find((r) => r.kind === kind)?.houseResult ?? 0),
        kind: "money",
      });
    }
  }
  if (cur?.active !== undefined && prev?.active !== undefined) {
    players.push(
      { id: "active", label: t("adminDashboard.figures.active"), cur: cur.active, prev: prev.active, kind: "count" },
      { id: "signups", label: t("adminDashboard.figures.signups"), cur: cur.signups!, prev: prev.signups!, kind: "count" },
      { id: "ftd", label: t("adminDashboard.figures.firstDepositors"), cur: cur.firstDepositors!, prev: prev.firstDepositors!, kind: "count" },
      {
        id: "conversion",
        label: t("adminDashboard.figures.conversion"),
        cur: ratio(cur.converted!, cur.signups!),
        prev: ratio(prev.converted!, prev.signups!),
        kind: "percent",
      },
    );
  }

  const dailyData: BarDatum[] = (charts?.daily ?? []).map((d) => ({
    label: d.day.slice(5),
    values: { deposits: Number(BigInt(d.deposits)) / 100, withdrawals: Number(BigInt(d.withdrawals)) / 100 },
    titles: {
      deposits: `${d.day} · ${t("adminDashboard.charts.deposits")}: ${takaText(d.deposits)}`,
      withdrawals: `${d.day} · ${t("adminDashboard.charts.withdrawals")}: ${takaText(d.withdrawals)}`,
    },
  }));
  const productData: BarDatum[] = (cur?.casino ?? []).map((r) => ({
    label: productName(r.product),
    values: { ggr: Number(BigInt(r.ggr)) / 100 },
    titles: { ggr: `${productName(r.product)} · GGR ${takaText(r.ggr)}` },
  }));
  const providerRows = charts?.providers ?? [];
  const providerData: BarDatum[] = providerRows.slice(0, 12).map((r) => ({
    label: r.provider,
    values: { ggr: Number(BigInt(r.ggr)) / 100 },
    titles: { ggr: `${r.provider} · GGR ${takaText(r.ggr)}` },
  }));
  const pct = (a: number, of: number) => (of ? `${((a / of) * 100).toFixed(1)}%` : t("adminDashboard.charts.notYet"));

  return (
    <>
      <h1 className="mb-3 text-xl font-bold">{t("admin.dashboard.title")}</h1>
      <RangeForm form={form} problem={problem} range={range} />

      {board.queues.length ? (
        <Section title={t("adminDashboard.sections.queues")} testId="queues">
          <div className={grid}>
            {board.queues.map((q) => (
              <div key={q.queue} className="rounded-xl bg-panel p-3" data-testid={`queue-${q.queue}`}>
                <div className="text-xs text-white/60">{t(`adminDashboard.queues.${q.queue}`)}</div>
                <div className="mt-1 text-lg font-bold">{n(q.count)}</div>
                <div className="mt-1 text-xs text-white/60">
                  {q.oldest && q.waitMinutes !== null
                    ? t("adminDashboard.queues.oldest", { wait: wait(q.waitMinutes), time: q.oldest })
                    : t("adminDashboard.queues.empty")}
                </div>
              </div>
            ))}
          </div>
        </Section>
      ) : null}

      {has("money") ? (
        <Section title={t("adminDashboard.sections.money")} testId="section-money">
          <div className={grid}>
            {money.map((f) => (
              <Stat key={f.id} fig={f} />
            ))}
          </div>
          <div className="mt-3">
            <ChartBlock
              testId="chart-daily"
              title={t("adminDashboard.charts.daily")}
              chart={
                <BarChart
                  title={t("adminDashboard.charts.daily")}
                  data={dailyData}
                  series={[
                    { key: "deposits", label: t("adminDashboard.charts.deposits"), color: "#34d399" },
                    { key: "withdrawals", label: t("adminDashboard.charts.withdrawals"), color: "#fb7185" },
                  ]}
                />
              }
              table={
                <table className="w-full text-sm" data-testid="table-daily">
                  <thead>
                    <tr>
                      <th className={th}>{t("adminDashboard.charts.day")}</th>
                      <th className={th}>{t("adminDashboard.charts.deposits")}</th>
                      <th className={th}>{t("adminDashboard.charts.withdrawals")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {(charts?.daily ?? []).map((d) => (
                      <tr key={d.day} className="border-t border-white/5">
                        <td className={td}>{d.day}</td>
                        <td className={td}>{takaText(d.deposits)}</td>
                        <td className={td}>{takaText(d.withdrawals)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              }
            />
          </div>
        </Section>
      ) : null}

      {has("casino") ? (
        <Section title={t("adminDashboard.sections.casino")} testId="section-casino">
          <div className={grid}>
            {casino.map((f) => (
              <Stat key={f.id} fig={f} />
            ))}
          </div>
          <div className="mt-3 grid gap-3">
            <ChartBlock
              testId="chart-products"
              title={t("adminDashboard.charts.products")}
              chart={
                <BarChart
                  title={t("adminDashboard.charts.products")}
                  data={productData}
                  series={[{ key: "ggr", label: t("adminDashboard.charts.ggr"), color: "#fbbf24" }]}
                />
              }
              table={
                <table className="w-full text-sm" data-testid="table-products">
                  <thead>
                    <tr>
                      <th className={th}>{t("adminDashboard.charts.product")}</th>
                      <th className={th}>{t("adminDashboard.charts.rounds")}</th>
                      <th className={th}>{t("adminDashboard.charts.stakes")}</th>
                      <th className={th}>{t("adminDashboard.charts.wins")}</th>
                      <th className={th}>{t("adminDashboard.charts.ggr")}</th>
                      <th className={th}>{t("adminDashboard.charts.hold")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {(cur?.casino ?? []).map((r) => (
                      <tr key={r.product} className="border-t border-white/5">
                        <td className={td}>{productName(r.product)}</td>
                        <td className={td}>{n(r.rounds)}</td>
                        <td className={td}>{takaText(r.stakes)}</td>
                        <td className={td}>{takaText(r.wins)}</td>
                        <td className={td}>{takaText(r.ggr)}</td>
                        <td className={td}>{ratio(BigInt(r.ggr), BigInt(r.stakes)).toFixed(1)}%</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              }
            />
            <ChartBlock
              testId="chart-providers"
              title={t("adminDashboard.charts.providers")}
              chart={
                <BarChart
                  title={t("adminDashboard.charts.providers")}
                  data={providerData}
                  series={[{ key: "ggr", label: t("adminDashboard.charts.ggr"), color: "#60a5fa" }]}
                />
              }
              table={
                <table className="w-full text-sm" data-testid="table-providers">
                  <thead>
                    <tr>
                      <th className={th}>{t("adminDashboard.charts.provider")}</th>
                      <th className={th}>{t("adminDashboard.charts.product")}</th>
                      <th className={th}>{t("adminDashboard.charts.stakes")}</th>
                      <th className={th}>{t("adminDashboard.charts.ggr")}</th>
                      <th className={th}>{t("adminDashboard.charts.hold")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {providerRows.map((r) => (
                      <tr key={r.provider} className="border-t border-white/5">
                        <td className={td}>{r.provider}</td>
                        <td className={td}>{productName(r.product)}</td>
                        <td className={td}>{takaText(r.stakes)}</td>
                        <td className={td}>{takaText(r.ggr)}</td>
                        <td className={td}>{ratio(BigInt(r.ggr), BigInt(r.stakes)).toFixed(1)}%</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              }
            />
          </div>
        </Section>
      ) : null}

      {has("exchange") ? (
        <Section title={t("adminDashboard.sections.exchange")} testId="section-exchange">
          <div className={grid}>
            {exchange.map((f) => (
              <Stat key={f.id} fig={f} />
            ))}
          </div>
        </Section>
      ) : null}

      {has("players") ? (
        <Section title={t("adminDashboard.sections.players")} testId="section-players">
          <div className={grid}>
            {players.map((f) => (
              <Stat key={f.id} fig={f} />
            ))}
          </div>
        </Section>
      ) : null}

      {has("retention") ? (
        <Section title={t("adminDashboard.charts.retention")} testId="section-retention">
          <div className="overflow-x-auto rounded-xl bg-panel p-3" role="region" aria-label={t("adminDashboard.charts.retention")} tabIndex={0}>
            {charts?.retention.length ? (
              <table className="w-full text-sm" data-testid="table-retention">
                <thead>
                  <tr>
                    <th className={th}>{t("adminDashboard.charts.week")}</th>
                    <th className={th}>{t("adminDashboard.charts.players")}</th>
                    <th className={th}>{t("adminDashboard.charts.d1")}</th>
                    <th className={th}>{t("adminDashboard.charts.d7")}</th>
                    <th className={th}>{t("adminDashboard.charts.d30")}</th>
                  </tr>
                </thead>
                <tbody>
                  {charts.retention.map((r) => (
                    <tr key={r.week} className="border-t border-white/5">
                      <td className={td}>{r.week}</td>
                      <td className={td}>{n(r.players)}</td>
                      <td className={td}>{pct(r.d1, r.d1Of)}</td>
                      <td className={td}>{pct(r.d7, r.d7Of)}</td>
                      <td className={td}>{pct(r.d30, r.d30Of)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="text-sm text-white/60">{t("adminDashboard.charts.none")}</p>
            )}
          </div>
        </Section>
      ) : null}

      {cur ? <p className="mt-3 text-xs text-white/50">{t("adminDashboard.footnote")}</p> : null}

      <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <OldStat label={t("admin.dashboard.players")} value={n(counts.players)} testId="stat-players" />
        <OldStat label={t("admin.dashboard.signupsToday")} value={n(counts.signupsToday)} testId="stat-signups-today" />
        <OldStat label={t("admin.dashboard.loginsToday")} value={n(counts.loginsToday)} testId="stat-logins-today" />
        <OldStat label={t("admin.dashboard.activeStaff")} value={n(counts.activeStaff)} />
      </div>
      <p className="mt-2 text-xs text-white/50">{t("admin.dashboard.todaySince", { time: counts.since })}</p>
      <dl className="mt-4 grid gap-x-4 gap-y-2 rounded-xl bg-panel p-4 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-white/60">{t("admin.dashboard.mode")}</dt>
        <dd data-testid="dashboard-mode">{t(`admin.modeBadge.${site.mode}`)}</dd>
        <dt className="text-white/60">{t("admin.dashboard.withdrawals")}</dt>
        <dd>{site.withdrawals ? t("admin.dashboard.open") : t("admin.dashboard.closed")}</dd>
        <dt className="text-white/60">{t("admin.dashboard.licence")}</dt>
        <dd>{site.licenceIssuer && site.licenceNumber ? `${site.licenceIssuer} · ${site.licenceNumber}` : t("admin.dashboard.noLicence")}</dd>
        <dt className="text-white/60">{t("admin.dashboard.jurisdictions")}</dt>
        <dd>{site.jurisdictions.length ? site.jurisdictions.join(", ") : t("admin.dashboard.none")}</dd>
      </dl>
    </>
  );
}

function OldStat({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl bg-panel p-4" data-testid={testId}>
      <div className="text-sm text-white/60">{label}</div>
      <div className="mt-1 text-2xl font-bold">{value}</div>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
