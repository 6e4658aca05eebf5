// The market page's tables: Match Odds (best three back and lay prices with sizes, P&L per runner), BookMaker and
// Fancy. Every price is a link that opens the bet slip for it, so the page bets without JavaScript too.
import { useTranslation } from "#app/i18n/use-translation.ts";
import { takaText } from "#app/kernel/money.ts";
import { type BetKind, type BetSide, type LivePage, oddsText, slipEffect } from "#app/modules/exchange/index.ts";
import { PriceSparkline } from "./PriceChart.tsx";

type Signed = { text: string; negative: boolean } | null;
type Level = { price: string; size: string };
type Limits = { min: string; max: string };

export type MatchOddsData = {
  id: number;
  status: string;
  settled: boolean;
  inPlay: boolean;
  /** The commission rate ("2" for 2 %), null when the market charges none. */
  commissionPercent: string | null;
  limits: Limits;
  /** The total matched and each side's book percentage (null: no runner has a price on that side). */
  traded: string;
  book: { back: string | null; lay: string | null };
  runners: {
    id: number;
    name: string;
    status: string;
    back: Level[];
    lay: Level[];
    ltp: string | null;
    traded: string;
    spark: number[];
    pnl: Signed;
    /** The P&L in poisha (the slip's projection adds to it). */
    position: string;
  }[];
};
export type BookmakerData = {
  id: number;
  status: string;
  settled: boolean;
  ballRunning: boolean;
  limits: Limits;
  runners: { id: number; name: string; status: string; back: number | null; lay: number | null; pnl: Signed; position: string }[];
};

/** The P&L of each runner winning after the slip's bet (its market's runners only). */
export type Projection = ReadonlyMap<number, NonNullable<Signed>>;
/** A Fancy line: what a push can change (live-page.ts) and its name, limits and the player's exposure. */
export type FancyData = LivePage["fancy"][number] & { name: string; limits: Limits; exposure: Signed };

/** Each runner's P&L after the slip's bet, as if it matched whole: its position plus what the bet adds. */
export function projectionOf(
  runners: readonly { id: number; position: string }[],
  bet: { kind: BetKind; side: BetSide; runnerId: number; price: number; stake: bigint },
): Projection {
  return new Map(
    runners.map((r) => {
      const pnl = BigInt(r.position) + slipEffect(bet.kind, bet.side, bet.runnerId, bet.price, bet.stake, r.id);
      return [r.id, { text: takaText(pnl), negative: pnl < 0n }];
    }),
  );
}

export type SlipLink = (bet: { market: number; runner?: number; side: string; price: string; line?: number }) => string;

/**
 * The player's P&L if this runner wins (Betfair's figure under each runner name) and, while the slip holds a bet on
 * this market, what it would be after that bet (»).
 */
function Pnl({ value, projected, runner }: { value: Signed; projected?: NonNullable<Signed>; runner?: string }) {
  const { t } = useTranslation();
  if (!value && !projected) return null;
  const tone = (s: NonNullable<Signed>) => (s.negative ? "text-red-400" : "text-emerald-400");
  return (
    <span className="flex flex-wrap gap-x-2 text-xs font-semibold tabular-nums">
      {runner ? <span className="sr-only">{t("exchange.market.ifWins", { runner })}</span> : null}
      {value ? (
        <span className={tone(value)} data-testid="runner-pnl">
          {value.text}
        </span>
      ) : null}
      {projected ? (
        <span className={tone(projected)} data-testid="runner-projected">
          <span aria-hidden="true">» </span>
          <span className="sr-only">{t("exchange.market.afterBet")} </span>
          {projected.text}
        </span>
      ) : null}
    </span>
  );
}

function PriceCell({
  href,
  side,
  price,
  size,
  label,
  best = true,
}: {
  href: string | null;
  side: "back" | "lay";
  price: string | null;
  size?: string;
  label: string;
  /** The best price of its side stands out; the next levels are paler (dark text on both, for contrast). */
  best?: boolean;
}) {
  const tone = best
    ? side === "back"
      ? "bg-sky-400 text-ink ring-1 ring-sky-200"
      : "bg-pink-400 text-ink ring-1 ring-pink-200"
    : side === "back"
      ? "bg-sky-200 text-ink"
      : "bg-pink-200 text-ink";
  const body = (
    <>
      <b className={`block text-sm tabular-nums ${best ? "font-extrabold" : "font-semibold"}`}>{price ?? "–"}</b>
      {size ? <small className="block text-[0.65rem] tabular-nums">{size}</small> : null}
    </>
  );
  return (
    // On a phone only the best price of a side shows (the deeper levels need the room of a wider screen), as Betfair's app does.
    <td className={`w-14 p-0.5 text-center min-[600px]:w-16 ${best ? "" : "hidden min-[600px]:table-cell"}`}>
      {href && price ? (
        // The name is the label (side, runner, price) as text, so that no aria-label hides the visible size from it.
        <a href={href} className={`block rounded px-1 py-1 ${tone}`} data-testid={`price-${side}`} data-bet={label}>
          <span className="sr-only">{label}</span>
          <span aria-hidden="true">{body}</span>
        </a>
      ) : (
        <span className={`block rounded px-1 py-1 opacity-50 ${tone}`}>{body}</span>
      )}
    </td>
  );
}

/** A row's cover when no bets are taken on it. */
function Closed({ text, span }: { text: string; span: number }) {
  return (
    <td colSpan={span} className="p-0.5">
      <span className="block rounded bg-black/50 py-2 text-center text-xs font-bold tracking-wide text-red-300 uppercase">{text}</span>
    </td>
  );
}

function Heading({
  title,
  limits,
  commissionPercent = null,
  children,
}: {
  title: string;
  limits: Limits;
  commissionPercent?: string | null;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <caption className="bg-panel-2 px-3 py-2 text-left">
      <span className="font-bold">{title}</span> <small className="text-white/60">{t("exchange.market.limits", limits)}</small>
      {commissionPercent !== null ? (
        <small className="ml-2 whitespace-nowrap text-white/60" data-testid="market-commission">
          {t("exchange.market.commission", { percent: commissionPercent })}
        </small>
      ) : null}
      {children}
    </caption>
  );
}

/** A runner's ladder and price chart (/exchange-ladder). */
export const ladderHref = (marketId: number, runnerId: number) => `/exchange-ladder?market=${marketId}&runner=${runnerId}`;

export function MatchOddsTable({ market, slipLink, projection }: { market: MatchOddsData; slipLink: SlipLink; projection?: Projection }) {
  const { t } = useTranslation();
  const open = market.status === "open" && !market.settled;
  const cover = market.settled || market.status === "closed" ? t("exchange.market.closed") : t("exchange.market.suspend");
  return (
    <table className="mb-3 w-full overflow-hidden rounded-xl bg-panel text-sm" data-testid="match-odds">
      <Heading title={t("exchange.market.matchOdds")} limits={market.limits} commissionPercent={market.commissionPercent}>
        <small className="ml-2 font-semibold whitespace-nowrap text-white/80" data-testid="market-matched">
          {t("exchange.depth.totalMatched", { amount: market.traded })}
        </small>
      </Heading>
      <thead>
        <tr className="text-xs text-white/60">
          <th scope="col" className="px-3 text-left font-normal">
            <abbr title={t("exchange.depth.bookHelp")} className="no-underline" data-testid="book-percent">
              {market.book.back ? t("exchange.depth.bookBack", { pct: market.book.back }) : t("exchange.depth.bookNone")}
              {market.book.lay ? ` · ${t("exchange.depth.bookLay", { pct: market.book.lay })}` : ""}
            </abbr>
          </th>
          <td colSpan={2} className="hidden min-[600px]:table-cell" />
          <th scope="col" className="text-center font-semibold text-sky-300">
            {t("exchange.market.back")}
          </th>
          <th scope="col" className="text-center font-semibold text-pink-300">
            {t("exchange.market.lay")}
          </th>
          <td colSpan={2} className="hidden min-[600px]:table-cell" />
        </tr>
      </thead>
      <tbody>
        {market.runners.map((r) => {
          const back = [null, null, null, ...r.back].slice(-3);
          const lay = [...r.lay, null, null, null].slice(0, 3);
          return (
            <tr key={r.id} className="border-t border-white/10" data-testid="runner" data-runner={r.id}>
              <th scope="row" className="px-3 py-1 text-left font-semibold">
                {r.name}{" "}
                <a
                  href={ladderHref(market.id, r.id)}
                  className="text-xs font-normal text-sky-300 underline"
                  aria-label={t("exchange.depth.ladderLinkOf", { runner: r.name })}
                  data-testid="ladder-link"
                >
                  {t("exchange.depth.ladderLink")}
                </a>
                {r.spark.length > 0 ? (
                  <a href={ladderHref(market.id, r.id)} className="ml-1" data-testid="runner-spark-link">
                    <PriceSparkline
                      ticks={r.spark}
                      title={t("exchange.depth.sparkOf", { runner: r.name, first: oddsText(r.spark[0]!), last: oddsText(r.spark.at(-1)!) })}
                      testId="runner-spark"
                    />
                  </a>
                ) : null}
                <small className="block text-[0.7rem] font-normal text-white/70 tabular-nums" data-testid="runner-traded">
                  {r.ltp ? t("exchange.depth.runnerTraded", { price: r.ltp, amount: r.traded }) : t("exchange.depth.runnerNotTraded")}
                </small>
                <Pnl value={r.pnl} projected={projection?.get(r.id)} runner={r.name} />
              </th>
              {open && r.status === "active" ? (
                (["back", "lay"] as const).map((side) =>
                  (side === "back" ? back : lay).map((l, i) => (
                    <PriceCell
                      key={`${side}${i}`}
                      side={side}
                      price={l?.price ?? null}
                      size={l?.size}
                      best={side === "back" ? i === 2 : i === 0}
                      href={l ? slipLink({ market: market.id, runner: r.id, side, price: l.price }) : null}
                      label={t("exchange.market.priceOf", { side: t(`exchange.market.${side}`), runner: r.name, price: l?.price ?? "" })}
                    />
                  )),
                )
              ) : (
                <Closed text={cover} span={6} />
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function BookmakerTable({ market, slipLink, projection }: { market: BookmakerData; slipLink: SlipLink; projection?: Projection }) {
  const { t } = useTranslation();
  const cover =
    market.settled || market.status === "closed"
      ? t("exchange.market.closed")
      : market.status === "suspended"
        ? t("exchange.market.suspend")
        : market.ballRunning
          ? t("exchange.market.ballRunning")
          : null;
  return (
    <table className="mb-3 w-full overflow-hidden rounded-xl bg-panel text-sm" data-testid="bookmaker">
      <Heading title={t("exchange.market.bookmaker")} limits={market.limits} />
      <thead>
        <tr className="text-xs text-white/60">
          <th scope="col" />
          <th scope="col" className="font-semibold text-sky-300">
            {t("exchange.market.back")}
          </th>
          <th scope="col" className="font-semibold text-pink-300">
            {t("exchange.market.lay")}
          </th>
        </tr>
      </thead>
      <tbody>
        {market.runners.map((r) => (
          <tr key={r.id} className="border-t border-white/10">
            <th scope="row" className="px-3 py-1 text-left font-semibold">
              {r.name}
              <Pnl value={r.pnl} projected={projection?.get(r.id)} runner={r.name} />
            </th>
            {cover || r.status !== "active" || (!r.back && !r.lay) ? (
              <Closed text={cover ?? t("exchange.market.suspend")} span={2} />
            ) : (
              <>
                <PriceCell
                  side="back"
                  price={r.back ? String(r.back) : null}
                  href={r.back ? slipLink({ market: market.id, runner: r.id, side: "back", price: String(r.back) }) : null}
                  label={t("exchange.market.priceOf", { side: t("exchange.market.back"), runner: r.name, price: r.back ?? "" })}
                />
                <PriceCell
                  side="lay"
                  price={r.lay ? String(r.lay) : null}
                  href={r.lay ? slipLink({ market: market.id, runner: r.id, side: "lay", price: String(r.lay) }) : null}
                  label={t("exchange.market.priceOf", { side: t("exchange.market.lay"), runner: r.name, price: r.lay ?? "" })}
                />
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FancyTable({ lines, slipLink }: { lines: FancyData[]; slipLink: SlipLink }) {
  const { t } = useTranslation();
  return (
    <table className="mb-3 w-full overflow-hidden rounded-xl bg-panel text-sm" data-testid="fancy">
      <caption className="bg-panel-2 px-3 py-2 text-left font-bold">{t("exchange.market.fancy")}</caption>
      <thead>
        <tr className="text-xs text-white/60">
          <th scope="col" />
          <th scope="col" className="font-semibold text-pink-300">
            {t("exchange.market.no")}
          </th>
          <th scope="col" className="font-semibold text-sky-300">
            {t("exchange.market.yes")}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.length === 0 ? (
          <tr>
            <td colSpan={3} className="p-4 text-center text-white/60">
              {t("exchange.market.noFancy")}
            </td>
          </tr>
        ) : (
          lines.map((l) => {
            const cover = l.status !== "open" ? t("exchange.market.suspend") : l.ballRunning ? t("exchange.market.ballRunning") : null;
            return (
              <tr key={l.id} className="border-t border-white/10" data-testid="fancy-line">
                <th scope="row" className="px-3 py-1 text-left font-semibold">
                  {l.name}
                  <small className="block font-normal text-white/50">{t("exchange.market.limits", l.limits)}</small>
                  <Pnl value={l.exposure} />
                </th>
                {cover || l.noLine === null || l.yesLine === null ? (
                  <Closed text={cover ?? t("exchange.market.suspend")} span={2} />
                ) : (
                  <>
                    <PriceCell
                      side="lay"
                      price={String(l.noLine)}
                      size={String(l.noRate)}
                      href={slipLink({ market: l.id, side: "no", price: String(l.noRate), line: l.noLine })}
                      label={t("exchange.market.priceOf", { side: t("exchange.market.no"), runner: l.name, price: l.noLine })}
                    />
                    <PriceCell
                      side="back"
                      price={String(l.yesLine)}
                      size={String(l.yesRate)}
                      href={slipLink({ market: l.id, side: "yes", price: String(l.yesRate), line: l.yesLine })}
                      label={t("exchange.market.priceOf", { side: t("exchange.market.yes"), runner: l.name, price: l.yesLine })}
                    />
                  </>
                )}
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );
}
