// /bet/:id: the shareable page of one round of our own games (Dice, Mines, Crash). Public, a plain loader page (works
// without JavaScript); the games module decides what may be shown (getBetPage). Any other id is a 404.
import { data } from "react-router";
import { DetailRow as Row } from "#app/components/games/DetailRow.tsx";
import { ProfitLoss } from "#app/components/games/records/ProfitLoss.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { type MessageKey, useMessageText } from "#app/i18n/message.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { getBetPage } from "#app/modules/games/index.server.ts";
import type { Route } from "./+types/bet";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: loaderData.title },
        { name: "description", content: loaderData.description },
        { property: "og:type", content: "website" },
        { property: "og:title", content: loaderData.title },
        { property: "og:description", content: loaderData.description },
      ]
    : [];

export async function loader({ context, params }: Route.LoaderArgs) {
  const bet = await getBetPage(params.id);
  if (!bet) throw data(null, { status: 404 });
  const t = translator(context);
  const what = { game: bet.game, player: bet.player, stake: bet.stake };
  return {
    title: t("records.bet.title", { game: bet.game, id: String(bet.id) }),
    description:
      bet.payout !== null && bet.multiplier !== null
        ? t("records.bet.description", { ...what, multiplier: bet.multiplier, payout: bet.payout })
        : t("records.bet.descriptionOpen", what),
    i18n: areaBundle(context, "records"),
    bet,
  };
}

export default function BetPage({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const text = useMessageText();
  const { bet } = loaderData;
  const f = bet.fairness;
  return (
    <main className="mx-auto w-full max-w-xl p-3" data-testid="bet-page">
      <h1 className="mb-1 text-xl font-bold text-white">{t("records.bet.heading", { game: bet.game })}</h1>
      <p className="mb-3 text-sm text-white/70">{t("records.bet.intro")}</p>
      <dl className="mb-3 rounded-xl bg-panel">
        <Row label={t("records.bet.player")} testId="bet-player">
          {bet.player}
        </Row>
        <Row label={t("records.bet.game")}>{bet.game}</Row>
        <Row label={t("records.bet.betId")} mono>
          {bet.id}
        </Row>
        <Row label={t("records.bet.status")} testId="bet-status">
          {t(`records.bet.statuses.${bet.status}`)}
        </Row>
        <Row label={t("records.bet.placed")}>{bet.placedAt}</Row>
        {bet.settledAt ? <Row label={t("records.bet.settled")}>{bet.settledAt}</Row> : null}
        <Row label={t("records.bet.stake")} testId="bet-stake">
          ৳{bet.stake}
        </Row>
        {bet.multiplier !== null ? (
          <Row label={t("records.bet.multiplier")} testId="bet-multiplier">
            {bet.multiplier}×
          </Row>
        ) : null}
        {bet.payout !== null ? (
          <Row label={t("records.bet.payout")} testId="bet-payout">
            ৳{bet.payout}
          </Row>
        ) : null}
        {bet.profit !== null ? (
          <Row label={t("records.bet.profit")}>
            <ProfitLoss value={bet.profit} />
          </Row>
        ) : null}
        {bet.result ? (
          <Row label={t("records.bet.result")}>{text({ key: `records.details.${bet.result.key}` as MessageKey, params: bet.result.params })}</Row>
        ) : null}
      </dl>

      <section className="mb-3 rounded-xl bg-panel" data-testid="bet-page-fairness">
        <h2 className="px-3 pt-3 font-bold">{t("records.bet.fairness")}</h2>
        <dl>
          {f.serverSeedHash ? (
            <Row label={t("records.bet.serverSeedHash")} mono>
              {f.serverSeedHash}
            </Row>
          ) : null}
          {f.seedPair ? (
            <Row label={t("records.bet.serverSeed")} mono={Boolean(f.serverSeed)} testId="bet-server-seed">
              {f.serverSeed ?? <span className="text-white/60">{t("records.bet.serverSeedHidden")}</span>}
            </Row>
          ) : null}
          {f.clientSeed ? (
            <Row label={t("records.bet.clientSeed")} mono>
              {f.clientSeed}
            </Row>
          ) : null}
          {f.nonce ? <Row label={t("records.bet.nonce")}>{f.nonce}</Row> : null}
          {f.mines ? <Row label={t("records.bet.mines")}>{f.mines}</Row> : null}
          {f.minePositions ? (
            <Row label={t("records.bet.minePositions")} testId="bet-mine-positions">
              {f.minePositions}
            </Row>
          ) : null}
          {!f.seedPair ? (
            <Row label={t("records.bet.hash")} mono={Boolean(f.hash)} testId="bet-hash">
              {f.hash ?? <span className="text-white/60">{t("records.bet.hashHidden")}</span>}
            </Row>
          ) : null}
          {f.salt ? (
            <Row label={t("records.bet.salt")} mono>
              {f.salt}
            </Row>
          ) : null}
        </dl>
        <p className="flex flex-wrap gap-3 px-3 pb-3 pt-1 text-sm">
          {bet.verify ? (
            <a href={bet.verify} className="font-semibold text-brand" data-testid="bet-verify">
              {t("records.bet.verify")} ›
            </a>
          ) : (
            <span className="text-white/60">{t("records.bet.notYet")}</span>
          )}
          <a href="/fair" className="text-brand">
            {t("records.bet.fairPage")} ›
          </a>
        </p>
      </section>
    </main>
  );
}
