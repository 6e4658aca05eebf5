import { type MessageKey, useMessageText } from "#app/i18n/message.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { ProfitLoss } from "#app/components/games/records/ProfitLoss.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { houseGame, gameTypes } from "#app/modules/games/index.ts";
import { betPageLink, getRound, verifyLink } from "#app/modules/games/index.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/betting-record-details";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const text = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null);

/** What the player needs to check a house game's result; null for provider games. */
function fairnessView(fairness: Record<string, unknown> | null, serverSeed: string | null) {
  if (!fairness || typeof fairness.game !== "string") return null;
  const game = fairness.game;
  const house = houseGame(game);
  return {
    game,
    /** Played from the player's seed pair (not from a hash chain): the record shows the server seed, or that it is hidden. */
    seedPair: house?.fairness.source !== "chain",
    serverSeedHash: text(fairness.serverSeedHash),
    serverSeed,
    clientSeed: text(fairness.clientSeed),
    nonce: text(fairness.nonce),
    hash: text(fairness.hash),
    salt: text(fairness.salt),
    minePositions: Array.isArray(fairness.minePositions) ? fairness.minePositions.join(", ") : null,
    result: house?.record(fairness) ?? null,
    verify: verifyLink(fairness, serverSeed),
  };
}

/** One of the player's own rounds; any other id, including another player's, is a 404. */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const round = await getRound(player.id, params.id);
  if (!round) throw data(null, { status: 404 });
  const t = translator(context);
  return {
    title: t("records.details.title"),
    i18n: areaBundle(context, "records"),
    layout: layoutFor(request.headers.get("user-agent")),
    round: {
      id: round.id,
      game: round.gameName ?? round.gameCode,
      code: round.gameCode,
      provider: round.providerName,
      type: (gameTypes as readonly string[]).includes(round.gameType) ? t(`casino.types.${round.gameType}` as MessageKey) : round.gameType,
      roundId: round.roundId,
      status: round.status as "open" | "settled" | "rolled_back",
      stake: takaText(round.stake, { symbol: false }),
      payout: takaText(round.payout, { symbol: false }),
      /** The payout was held to the game's max win (house games record it in their fairness data). */
      cappedAt:
        round.fairness?.capped === true && typeof round.fairness.maxWin === "string" ? takaText(round.fairness.maxWin, { symbol: false }) : null,
      profit: takaText(round.profit, { symbol: false }),
      placedAt: formatDhaka(round.createdAt),
      settledAt: round.settledAt ? formatDhaka(round.settledAt) : null,
    },
    calls: round.calls.map((c) => ({
      txnId: c.txnId,
      action: c.action,
      amount: takaText(c.amount, { symbol: false }),
      at: formatDhaka(c.createdAt),
    })),
    fairness: fairnessView(round.fairness, round.serverSeed),
    /** The round's public, shareable page (our own games only). */
    betPage: betPageLink(round),
  };
}

function Row({ label, children, mono }: { label: string; children: React.ReactNode; mono?: boolean }) {
  return (
    <div className="flex justify-between gap-3 border-t border-white/5 px-3 py-2 text-sm first:border-t-0">
      <dt className="shrink-0 text-white/60">{label}</dt>
      <dd className={`min-w-0 break-all text-right ${mono ? "font-mono text-xs" : ""}`}>{children}</dd>
    </div>
  );
}

export default function BettingRecordDetails({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { round, calls, fairness, betPage } = loaderData;
  const text = useMessageText();
  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="bet-details">
        <a href="/betting-record" className="mb-2 inline-flex items-center gap-1 text-sm text-brand">
          <span aria-hidden="true">‹</span> {t("records.details.back")}
        </a>
        <h1 className="mb-3 text-xl font-bold">{t("records.details.title")}</h1>
        <dl className="mb-3 rounded-xl bg-panel">
          <Row label={t("records.details.game")}>{round.game}</Row>
          <Row label={t("records.details.provider")}>
            {round.provider} · {round.type}
          </Row>
          <Row label={t("records.details.round")} mono>
            {round.roundId}
          </Row>
          <Row label={t("records.details.status")}>{t(`records.details.statuses.${round.status}`)}</Row>
          <Row label={t("records.details.stake")}>৳{round.stake}</Row>
          <Row label={t("records.details.payout")}>
            ৳{round.payout}
            {round.cappedAt ? <span className="ml-2 text-xs text-amber-300">({t("records.details.capped", { amount: round.cappedAt })})</span> : null}
          </Row>
          <Row label={t("records.details.profitLoss")}>
            <ProfitLoss value={round.profit} />
          </Row>
          <Row label={t("records.details.placed")}>{round.placedAt}</Row>
          {round.settledAt ? <Row label={t("records.details.settled")}>{round.settledAt}</Row> : null}
        </dl>

        {fairness ? (
          <section className="mb-3 rounded-xl bg-panel" data-testid="bet-fairness">
            <h2 className="px-3 pt-3 font-bold">{t("records.details.fairness")}</h2>
            <dl>
              {fairness.result ? (
                <Row label={t("records.details.result")}>
                  {text({ key: `records.details.${fairness.result.key}` as MessageKey, params: fairness.result.params })}
                </Row>
              ) : null}
              {fairness.serverSeedHash ? (
                <Row label={t("records.details.serverSeedHash")} mono>
                  {fairness.serverSeedHash}
                </Row>
              ) : null}
              {fairness.seedPair ? (
                <Row label={t("records.details.serverSeed")} mono={Boolean(fairness.serverSeed)}>
                  {fairness.serverSeed ?? <span className="text-white/60">{t("records.details.serverSeedHidden")}</span>}
                </Row>
              ) : null}
              {fairness.clientSeed ? (
                <Row label={t("records.details.clientSeed")} mono>
                  {fairness.clientSeed}
                </Row>
              ) : null}
              {fairness.nonce ? <Row label={t("records.details.nonce")}>{fairness.nonce}</Row> : null}
              {fairness.hash ? (
                <Row label={t("records.details.hash")} mono>
                  {fairness.hash}
                </Row>
              ) : null}
            </dl>
            <p className="flex flex-wrap gap-3 px-3 pb-3 pt-1 text-sm">
              {fairness.verify ? (
                <a href={fairness.verify} className="font-semibold text-brand" data-testid="verify-link">
                  {t("records.details.verify")} ›
                </a>
              ) : null}
              <a href="/fair" className="text-brand">
                {t("records.details.fairPage")} ›
              </a>
              {betPage ? (
                <a href={betPage} className="text-brand" data-testid="bet-page-link">
                  {t("records.details.betPage")} ›
                </a>
              ) : null}
            </p>
          </section>
        ) : null}

        {calls.length ? (
          <section className="rounded-xl bg-panel" data-testid="bet-calls">
            <h2 className="px-3 pt-3 font-bold">{t("records.details.calls")}</h2>
            <table className="w-full text-sm">
              <thead className="text-left text-xs text-white/60">
                <tr>
                  <th className="px-3 py-2 font-normal">{t("records.details.action")}</th>
                  <th className="px-2 py-2 text-right font-normal">{t("records.details.amount")}</th>
                  <th className="px-3 py-2 text-right font-normal">{t("records.details.time")}</th>
                </tr>
              </thead>
              <tbody>
                {calls.map((c) => (
                  <tr key={c.txnId} className="border-t border-white/5">
                    <td className="px-3 py-2">
                      {t(`records.details.actions.${c.action as "bet" | "win" | "rollback"}`)}
                      <span className="block break-all font-mono text-[0.65rem] text-white/50">{c.txnId}</span>
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums">৳{c.amount}</td>
                    <td className="px-3 py-2 text-right text-xs tabular-nums text-white/70">{c.at}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null}
      </main>
    </AccountFrame>
  );
}
