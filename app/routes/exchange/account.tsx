import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { z } from "zod";
import { exchangeHandle } from "#app/components/exchange/ExchangeNav.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { accountPage, activityLog, profitAndLoss } from "#app/modules/exchange/index.server.ts";
import { dhakaRangeDays, isDayKey } from "#app/kernel/dhaka-time.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/account";

export const handle = exchangeHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const day = z.string().refine(isDayKey);
const querySchema = z.object({
  view: z.enum(["bets", "history", "pnl", "activity"]).catch("bets"),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
});

/**
 * /exchange-account: My Profile, Balance Overview (exposure held), My Bets (open), Bets History (settled), Profit & Loss by
 * market (?view=pnl&from=&to=, Asia/Dhaka days, the last 7 by default) and the Activity Log (signed-in devices).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const q = querySchema.parse(Object.fromEntries(url.searchParams));
  const { view, before } = q;
  const last7 = dhakaRangeDays("last7");
  const range = { from: q.from ?? last7.from, to: q.to ?? last7.to };
  if (range.from > range.to) [range.from, range.to] = [range.to, range.from];
  const [page, pnl, activity] = await Promise.all([
    accountPage(player.id, view === "history", before),
    view === "pnl" ? profitAndLoss(player.id, range.from, range.to) : null,
    view === "activity" ? activityLog(player.id) : null,
  ]);
  return {
    range,
    pnl,
    activity,
    title: translate(context, "exchange.accountTitle"),
    area: areaBundle(context, "exchange"),
    profile: { id: player.id, username: player.username },
    view,
    ...page,
  };
}

export default function ExchangeAccount({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  const { profile, balance, bets, view, next } = loaderData;
  const views = [
    { key: "bets", label: t("exchange.account.bets") },
    { key: "history", label: t("exchange.account.history") },
    { key: "pnl", label: t("exchange.account.pnl") },
    { key: "activity", label: t("exchange.account.activity") },
  ] as const;
  return (
    <main className="mx-auto max-w-4xl p-3 pb-20" data-testid="exchange-account">
      <h1 className="mb-3 text-lg font-bold">{t("exchange.accountTitle")}</h1>
      <div className="mb-3 grid gap-3 min-[700px]:grid-cols-2">
        <section className="rounded-xl bg-panel p-3" aria-labelledby="xa-profile">
          <h2 id="xa-profile" className="mb-2 font-bold">
            {t("exchange.account.profile")}
          </h2>
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt className="text-white/60">{t("exchange.account.accountId")}</dt>
            <dd className="tabular-nums">{profile.id}</dd>
            <dt className="text-white/60">{t("exchange.account.username")}</dt>
            <dd>{profile.username}</dd>
            <dt className="text-white/60">{t("exchange.account.timeZone")}</dt>
            <dd>{t("common.timeZoneLabel")} (Asia/Dhaka)</dd>
          </dl>
          <p className="mt-2 text-sm">
            <a href="/exchange/one-click" className="underline">
              {t("exchange.oneClick.settings")}
            </a>
          </p>
        </section>
        <section className="rounded-xl bg-panel p-3" aria-labelledby="xa-balance" data-testid="exchange-balance">
          <h2 id="xa-balance" className="mb-2 font-bold">
            {t("exchange.account.balance")}
          </h2>
          <dl className="grid grid-cols-2 gap-1 text-sm tabular-nums">
            <dt className="text-white/60">{t("exchange.account.main")}</dt>
            <dd>{balance.main}</dd>
            <dt className="text-white/60">{t("exchange.account.exposure")}</dt>
            <dd data-testid="account-exposure">{balance.exposure}</dd>
            <dt className="text-white/60">{t("exchange.account.available")}</dt>
            <dd>{balance.available}</dd>
            <dt className="text-white/60">{t("exchange.account.bonus")}</dt>
            <dd>{balance.bonus}</dd>
          </dl>
        </section>
      </div>
      <nav className="mb-2 grid grid-cols-2 gap-1 rounded-xl bg-panel p-1 min-[700px]:grid-cols-4" aria-label={t("exchange.accountTitle")}>
        {views.map((v) => (
          <a
            key={v.key}
            href={`/exchange-account?view=${v.key}`}
            aria-current={v.key === view ? "page" : undefined}
            className={`rounded-lg px-3 py-2 text-center text-sm font-semibold whitespace-nowrap ${v.key === view ? "bg-brand text-ink" : "text-white/80"}`}
          >
            {v.label}
          </a>
        ))}
      </nav>
      {loaderData.pnl ? (
        <ProfitLoss pnl={loaderData.pnl} range={loaderData.range} />
      ) : loaderData.activity ? (
        <Activity rows={loaderData.activity} />
      ) : (
        <div className="overflow-x-auto rounded-xl bg-panel">
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="exchange-bets">
            <thead className="bg-panel-2 text-xs text-white/70">
              <tr>
                <th className="px-2 py-2">{t("exchange.account.event")}</th>
                <th className="px-2 py-2">{t("exchange.account.selection")}</th>
                <th className="px-2 py-2">{t("exchange.account.side")}</th>
                <th className="px-2 py-2">{t("exchange.account.price")}</th>
                <th className="px-2 py-2">{t("exchange.account.stake")}</th>
                <th className="px-2 py-2">{t("exchange.account.figures")}</th>
                <th className="px-2 py-2">{t("exchange.account.status")}</th>
                {view === "history" ? <th className="px-2 py-2">{t("exchange.account.net")}</th> : null}
                <th className="px-2 py-2">
                  {t("exchange.account.placed")} ({t("common.timeZoneLabel")})
                </th>
              </tr>
            </thead>
            <tbody>
              {bets.length === 0 ? (
                <tr>
                  <td colSpan={9} className="p-4 text-center text-white/60">
                    {t("exchange.account.noData")}
                  </td>
                </tr>
              ) : (
                bets.map((b) => (
                  <tr key={b.id} className="border-t border-white/10">
                    <td className="px-2 py-1.5">
                      <a href={`/odds-view?market=${b.marketId}`} className="hover:underline">
                        {b.event}
                      </a>
                      <small className="block text-white/50">{b.market}</small>
                    </td>
                    <td className="px-2 py-1.5">{b.selection}</td>
                    <td className="px-2 py-1.5">{t(`exchange.account.sides.${b.side}`)}</td>
                    <td className="px-2 py-1.5 tabular-nums">
                      {b.price}
                      {b.requested ? <small className="block text-white/50">{t("exchange.account.requested", { price: b.requested })}</small> : null}
                    </td>
                    <td className="px-2 py-1.5 tabular-nums">
                      {b.stake}
                      {b.waiting ? <small className="block text-white/50">{t("exchange.bets.waiting", { amount: b.waiting })}</small> : null}
                    </td>
                    <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">
                      {b.profit} / {b.liability}
                    </td>
                    <td className="px-2 py-1.5">{t(`exchange.account.statuses.${b.status}`)}</td>
                    {view === "history" ? (
                      <td className={`px-2 py-1.5 tabular-nums ${b.net?.negative ? "text-red-400" : "text-emerald-400"}`}>{b.net?.text ?? "–"}</td>
                    ) : null}
                    <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">{b.placedAt}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {next && (view === "bets" || view === "history") ? (
        <a href={`/exchange-account?view=${view}&before=${next}`} className="mt-2 inline-block text-sm underline">
          {t("exchange.account.more")}
        </a>
      ) : null}
    </main>
  );
}

type PnlData = NonNullable<Route.ComponentProps["loaderData"]["pnl"]>;
const tone = (v: { negative: boolean }) => (v.negative ? "text-red-400" : "text-emerald-400");

function ProfitLoss({ pnl, range }: { pnl: PnlData; range: { from: string; to: string } }) {
  const { t } = useTranslation();
  return (
    <section className="rounded-xl bg-panel" data-testid="exchange-pnl">
      <Form method="get" className="flex flex-wrap items-end gap-2 p-3">
        <input type="hidden" name="view" value="pnl" />
        <label className="flex flex-col text-xs text-white/70">
          {t("exchange.account.from")}
          <input type="date" name="from" defaultValue={range.from} className="rounded bg-ink px-2 py-1 text-sm text-white" />
        </label>
        <label className="flex flex-col text-xs text-white/70">
          {t("exchange.account.to")}
          <input type="date" name="to" defaultValue={range.to} className="rounded bg-ink px-2 py-1 text-sm text-white" />
        </label>
        <button type="submit" className="btn-primary px-4 py-1.5 text-sm">
          {t("exchange.account.show")}
        </button>
      </Form>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[34rem] text-left text-sm">
          <thead className="bg-panel-2 text-xs text-white/70">
            <tr>
              <th className="px-2 py-2">{t("exchange.account.event")}</th>
              <th className="px-2 py-2">{t("exchange.account.settled")}</th>
              <th className="px-2 py-2">{t("exchange.account.gross")}</th>
              <th className="px-2 py-2">{t("exchange.account.commission")}</th>
              <th className="px-2 py-2">{t("exchange.account.net")}</th>
            </tr>
          </thead>
          <tbody>
            {pnl.markets.length === 0 ? (
              <tr>
                <td colSpan={5} className="p-4 text-center text-white/60">
                  {t("exchange.account.noData")}
                </td>
              </tr>
            ) : (
              pnl.markets.map((m) => (
                <tr key={m.marketId} className="border-t border-white/10" data-testid="pnl-market">
                  <td className="px-2 py-1.5">
                    {m.event}
                    <small className="block text-white/50">{m.market}</small>
                  </td>
                  <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">{m.settledAt}</td>
                  <td className={`px-2 py-1.5 tabular-nums ${tone(m.gross)}`}>{m.gross.text}</td>
                  <td className="px-2 py-1.5 tabular-nums">{m.commission}</td>
                  <td className={`px-2 py-1.5 tabular-nums ${tone(m.net)}`}>{m.net.text}</td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr className="border-t border-white/20 font-bold">
              <td colSpan={4} className="px-2 py-2">
                {t("exchange.account.total")}
              </td>
              <td className={`px-2 py-2 tabular-nums ${tone(pnl.total)}`} data-testid="pnl-total">
                {pnl.total.text}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function Activity({ rows }: { rows: NonNullable<Route.ComponentProps["loaderData"]["activity"]> }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-xl bg-panel" data-testid="exchange-activity">
      <table className="w-full text-left text-sm">
        <thead className="bg-panel-2 text-xs text-white/70">
          <tr>
            <th className="px-2 py-2">
              {t("exchange.account.loggedIn")} ({t("common.timeZoneLabel")})
            </th>
            <th className="px-2 py-2">{t("exchange.account.lastSeen")}</th>
            <th className="px-2 py-2">{t("exchange.account.ip")}</th>
            <th className="px-2 py-2">{t("exchange.account.device")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t border-white/10">
              <td className="px-2 py-1.5 tabular-nums">{r.loggedIn}</td>
              <td className="px-2 py-1.5 tabular-nums">{r.lastSeen}</td>
              <td className="px-2 py-1.5 font-mono text-xs">{r.ip}</td>
              <td className="px-2 py-1.5">{r.device}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
