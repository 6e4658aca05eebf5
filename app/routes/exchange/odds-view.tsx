import { parseWithZod } from "@conform-to/zod/v4";
import { randomUUID } from "node:crypto";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect, useLocation } from "react-router";
import { z } from "zod";
import { useCallback, useState } from "react";
import { BetSlip, priceNumber } from "#app/components/exchange/BetSlip.tsx";
import { CashOutLink } from "#app/components/exchange/CashOutLink.tsx";
import { EventMedia } from "#app/components/exchange/EventMedia.tsx";
import { exchangeHandle } from "#app/components/exchange/ExchangeNav.tsx";
import { BookmakerTable, FancyTable, MatchOddsTable, projectionOf, type SlipLink } from "#app/components/exchange/MarketTables.tsx";
import { MyBets, ScoreBoard } from "#app/components/exchange/MyBets.tsx";
import { OneClickBar, useOneClick } from "#app/components/exchange/OneClick.tsx";
import { exchangeId, oddsActionSchema } from "#app/components/exchange/schemas.ts";
import { useMarketLive } from "#app/components/exchange/use-market-live.ts";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";
import { areaBundle, areasFor } from "#app/i18n/areas.server.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { cancelBet, getOneClick, noticeFor, placeBetFromForm, oddsPage } from "#app/modules/exchange/index.server.ts";
import { isExchangeError, marketKind, stakePoisha } from "#app/modules/exchange/index.ts";
import { refusalErrors } from "#app/kernel/domain-error.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/odds-view";

export const handle = exchangeHandle;
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const text = (max: number) => z.string().max(max).optional().catch(undefined);
const querySchema = z.object({
  market: exchangeId,
  bet: exchangeId.optional().catch(undefined),
  runner: exchangeId.optional().catch(undefined),
  side: text(4),
  price: text(8),
  line: z.coerce.number().int().min(0).max(100_000).optional().catch(undefined),
  stake: text(10),
  placed: exchangeId.optional().catch(undefined),
  cancelled: exchangeId.optional().catch(undefined),
});

const notFound = () => new Response("No such market", { status: 404 });

function readQuery(url: URL) {
  const q = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!q.success) throw notFound();
  return q.data;
}

/** /odds-view?market=<match odds id>: the event's markets, the bet slip (&bet=&runner=&side=&price=&line=&stake=) and the player's bets. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  // Opened without a market (a bookmark, the history): the exchange's match list rather than "Page not found".
  if (!url.searchParams.get("market")) throw redirect("/exchange");
  const q = readQuery(url);
  const page = await oddsPage(q.market, player.id, { market: q.bet, runner: q.runner, side: q.side, price: q.price, line: q.line, stake: q.stake });
  if (!page) throw notFound();
  if (page.redirectTo !== undefined) {
    if (page.redirectTo === null) throw notFound();
    throw redirect(`/odds-view?market=${page.redirectTo}`);
  }
  const notice = q.placed
    ? await noticeFor(player.id, q.placed, "placed")
    : q.cancelled
      ? await noticeFor(player.id, q.cancelled, "cancelled")
      : null;
  return {
    ...page,
    title: `${page.event.name} – ${translate(context, "exchange.market.matchOdds")}`,
    area: areaBundle(context, "exchange"),
    notice: notice ? translate(context, notice.key, notice.params) : null,
    requestKey: randomUUID(),
    oneClick: await getOneClick(player.id),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const { market } = readQuery(url);
  const submission = parseWithZod(await request.formData(), { schema: oddsActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), areas: [] }, { status: 400 });
  const input = submission.value;
  try {
    if (input.intent === "cancel") {
      const order = await cancelBet(player.id, input.order, input.by);
      return redirect(`/odds-view?market=${market}&cancelled=${order.id}`);
    }
    const { order } = await placeBetFromForm(player.id, input);
    return redirect(`/odds-view?market=${market}&placed=${order.id}`);
  } catch (e) {
    if (!isExchangeError(e)) throw e;
    // A moved quote is shown next to the slip's price field (its new rate, and line), other refusals above the form.
    return data({ result: submission.reply(refusalErrors(e, ["price", "stake"])), areas: areasFor(context, [e.token]) }, { status: 400 });
  }
}

export default function OddsView({ loaderData, actionData }: Route.ComponentProps) {
  useArea([loaderData.area, ...(actionData?.areas ?? [])]);
  const { t } = useTranslation();
  const { search } = useLocation();
  const hydrated = useHydrated();
  const { page, connected: live } = useMarketLive(loaderData, loaderData.event.id, hydrated && !loaderData.event.closed);
  const { event, marketId, matchOdds, bookmaker, fancy, bets, slip, notice } = page;
  const base = `/odds-view?market=${marketId}`;
  const slipLink: SlipLink = (b) =>
    `${base}&${new URLSearchParams({
      bet: String(b.market),
      ...(b.runner ? { runner: String(b.runner) } : {}),
      side: b.side,
      price: b.price,
      ...(b.line !== undefined ? { line: String(b.line) } : {}),
      ...(slip?.stake ? { stake: slip.stake } : loaderData.oneClick.oneClick ? { stake: String(loaderData.oneClick.stake) } : {}),
    })}`;
  const stakeHref = (stake: number) => {
    const params = new URLSearchParams(search);
    params.set("stake", String(stake));
    params.delete("placed");
    params.delete("cancelled");
    return `/odds-view?${params}`;
  };
  const action = `/odds-view${search}`;
  // "If this wins" after the slip's bet: from the slip's price and stake as the URL gives them (without JavaScript, a
  // quick stake reloads the page with it) or as the player types them (with it).
  const slipKey = slip ? `${slip.marketId}:${slip.runnerId}:${slip.side}:${slip.price}:${slip.stake}` : "";
  const [typed, setTyped] = useState<{ key: string; price: number | null; stake: bigint | null } | null>(null);
  const onBet = useCallback((bet: { price: number | null; stake: bigint | null }) => setTyped({ key: slipKey, ...bet }), [slipKey]);
  const pending =
    typed?.key === slipKey ? typed : slip ? { price: priceNumber(marketKind(slip.kind), slip.price), stake: stakePoisha(slip.stake) } : null;
  const projected = (market: { id: number; runners: { id: number; position: string }[] } | undefined) =>
    market && slip && slip.marketId === market.id && slip.runnerId !== null && pending?.price != null && pending.stake
      ? projectionOf(market.runners, { kind: slip.kind, side: slip.side, runnerId: slip.runnerId, price: pending.price, stake: pending.stake })
      : undefined;
  const oneClick = useOneClick({ settings: loaderData.oneClick, marketId, enabled: hydrated });
  // A refusal with no slip to show it in: a cancel's, or a one-click bet's (a tap posts without opening the slip), whose
  // moved price or refused stake belongs to a field the page does not show, so every message goes above the tables.
  const refusal = actionData && !slip ? Object.values(actionData.result.error ?? {}).flatMap((e) => e ?? []) : [];
  return (
    <main className="mx-auto max-w-3xl p-3 pb-20" data-testid="odds-view">
      <header className="mb-3 rounded-xl bg-panel p-3">
        <p className="text-xs text-white/60">
          <a href="/exchange-inplay" className="underline">
            {t("exchange.backToList")}
          </a>{" "}
          · {t(`exchange.sports.${event.sport}`)} · {event.competition}
        </p>
        <h1 className="flex items-center gap-2 text-lg font-bold">
          <span className="flex-1">{event.name}</span>
          {event.inPlay ? <span className="rounded bg-accent px-1.5 text-xs font-bold text-ink">{t("exchange.inPlay")}</span> : null}
          {live ? (
            <span className="text-xs font-normal text-emerald-400" data-testid="live-indicator">
              ● {t("exchange.market.live")}
            </span>
          ) : null}
        </h1>
        <ScoreBoard score={event.score} startsAt={event.startsAt} />
        <Form method="post" action="/exchange/pin" className="mt-2">
          <input type="hidden" name="market" value={marketId} />
          <input type="hidden" name="pin" value={loaderData.pinned ? "0" : "1"} />
          <input type="hidden" name="redirectTo" value={base} />
          <button type="submit" className="text-xs underline" aria-pressed={loaderData.pinned}>
            {loaderData.pinned ? t("exchange.unpin") : t("exchange.pin")}
          </button>
        </Form>
      </header>
      <EventMedia name={event.name} sport={event.sport} streamUrl={event.streamUrl} score={event.score} />
      {notice ? (
        <p role="status" className="mb-3 rounded-xl bg-emerald-700/40 p-3 text-sm font-semibold" data-testid="bet-notice">
          {notice}
        </p>
      ) : null}
      {refusal.length > 0 ? (
        <div data-testid="bet-refused">
          <ErrorList errors={refusal} className="field-error mb-3" />
        </div>
      ) : null}
      {slip ? (
        <BetSlip
          slip={slip}
          requestKey={loaderData.requestKey}
          action={action}
          closeHref={base}
          stakeHref={stakeHref}
          delaySeconds={matchOdds?.delaySeconds ?? 0}
          lastResult={actionData?.result}
          onBet={onBet}
        />
      ) : (
        <p className="mb-3 text-center text-xs text-white/60">{t("exchange.slip.empty")}</p>
      )}
      <MyBets unmatched={bets.unmatched} matched={bets.matched} exposure={loaderData.exposure} action={action} inPlay={event.inPlay} />
      {matchOdds && page.cashOut ? <CashOutLink marketId={matchOdds.id} basis={page.cashOut} runners={matchOdds.runners} /> : null}
      <OneClickBar settings={loaderData.oneClick} back={base} />
      {/* With one-click on, a tap on a price in these tables places the bet (OneClick.tsx); without JavaScript it opens the slip. */}
      <div onClickCapture={oneClick.onClickCapture}>
        {matchOdds ? <MatchOddsTable market={matchOdds} slipLink={slipLink} projection={projected(matchOdds)} /> : null}
        {bookmaker ? <BookmakerTable market={bookmaker} slipLink={slipLink} projection={projected(bookmaker)} /> : null}
        <FancyTable lines={fancy} slipLink={slipLink} />
      </div>
      {oneClick.dialog}
    </main>
  );
}
