// Live bets across the house games (Dice, Mines, Crash): tabs All bets / High rollers / My bets. Without JavaScript
// the tabs are links (?bets=high) and the lists are as of the page's load; with it the tabs switch in place and the
// lists grow from the page's event stream (use-live-bets.ts). Names are masked; each bet links to its /bet/:id page (the
// signed id the server sent with it).
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { takaText } from "#app/kernel/money.ts";
import { type LiveBetsTab, LIVE_BETS_TABS, type LiveHouseBetItem, multiplierText } from "#app/modules/games/index.ts";
import { type LiveBetsData, useLiveBets } from "./use-live-bets.ts";

const GAME_KEYS = { dice: "house.fair.games.dice", mines: "house.fair.games.mines", crash: "house.fair.games.crash" } as const;

function Row({ bet }: { bet: LiveHouseBetItem }) {
  const { t } = useTranslation();
  const won = BigInt(bet.p) > 0n;
  const game = GAME_KEYS[bet.g as keyof typeof GAME_KEYS];
  return (
    <tr data-testid="live-bet" data-id={bet.i} className={won ? "text-emerald-300" : "text-white/60"}>
      <td>{game ? t(game) : bet.g}</td>
      <td className="pl-2">{bet.n}</td>
      <td className="pl-2 text-right">{takaText(bet.s)}</td>
      <td className="pl-2 text-right">{`${multiplierText(bet.x)}×`}</td>
      <td className="pl-2 text-right">
        {bet.k ? (
          <a href={`/bet/${bet.k}`} className="underline decoration-white/20">
            {takaText(bet.p)}
          </a>
        ) : (
          takaText(bet.p)
        )}
      </td>
    </tr>
  );
}

export function LiveBetsPanel({ lists, initialTab, path }: { lists: LiveBetsData; initialTab: LiveBetsTab; path: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<LiveBetsTab>(initialTab);
  const shown = lists[tab];
  const label = { all: t("house.live.all"), high: t("house.live.high"), mine: t("house.live.mine") };
  return (
    <section className="mb-3 rounded-xl bg-panel p-3" id="live-bets" data-testid="live-bets" data-tab={tab}>
      <h2 className="mb-2 text-sm font-semibold">{t("house.live.title")}</h2>
      <nav className="mb-2 flex gap-1 text-xs" aria-label={t("house.live.title")}>
        {LIVE_BETS_TABS.map((key) => (
          <a
            key={key}
            href={`${path}?bets=${key}#live-bets`}
            aria-current={tab === key ? "page" : undefined}
            data-testid={`live-bets-tab-${key}`}
            className={`rounded-full px-3 py-1 ${tab === key ? "bg-brand font-semibold text-black" : "bg-ink text-white/70"}`}
            onClick={(e) => {
              e.preventDefault();
              setTab(key);
            }}
          >
            {label[key]}
          </a>
        ))}
      </nav>
      {tab === "high" ? (
        <p className="mb-1 text-[11px] text-white/60">{t("house.live.highHint", { amount: takaText(lists.highRollerStake) })}</p>
      ) : null}
      {shown.length === 0 ? (
        <p className="text-xs text-white/60">{tab === "mine" ? t("house.live.noneMine") : t("house.live.none")}</p>
      ) : (
        <table className="w-full whitespace-nowrap text-xs tabular-nums" aria-live="polite">
          <thead className="text-white/60">
            <tr>
              <th className="text-left font-normal">{t("house.live.game")}</th>
              <th className="pl-2 text-left font-normal">{t("house.live.player")}</th>
              <th className="pl-2 text-right font-normal">{t("house.live.stake")}</th>
              <th className="pl-2 text-right font-normal">{t("house.live.multiplier")}</th>
              <th className="pl-2 text-right font-normal">{t("house.live.payout")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((b) => (
              <Row key={b.i} bet={b} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The panel with its own stream (/resources/live-bets): the Dice and Mines pages. */
export function HouseLiveBets({ lists, initialTab, path }: { lists: LiveBetsData; initialTab: LiveBetsTab; path: string }) {
  const live = useLiveBets(lists, true);
  return <LiveBetsPanel lists={live.lists} initialTab={initialTab} path={path} />;
}
