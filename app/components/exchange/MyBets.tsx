import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";

export type BetRow = {
  id: number;
  selection: string;
  side: string;
  /** The price asked; the matched part's average price. */
  price: string;
  matchedPrice: string;
  stake: string;
  matched: string;
  waiting: string;
  profit: string;
  liability: string;
  persist: boolean;
  status: string;
  placedAt: string;
};

export type ScoreData = { innings: { team: string; runs: number; wickets: number; overs: string }[]; lastBall: string | null } | null;

/** The event's score board: each innings' runs/wickets (overs) and the last ball. */
export function ScoreBoard({ score, startsAt }: { score: ScoreData; startsAt: string }) {
  const { t } = useTranslation();
  if (!score) return <p className="text-sm text-white/70">{t("exchange.score.startsAt", { time: startsAt })}</p>;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-testid="score-board">
      {score.innings.map((i, n) => (
        <span key={n} className="tabular-nums">
          <b>{i.team}</b> {i.runs}/{i.wickets} <small className="text-white/60">{t("exchange.score.overs", { overs: i.overs })}</small>
        </span>
      ))}
      {score.lastBall ? <span className="text-xs text-white/70">{t("exchange.score.lastBall", { ball: score.lastBall })}</span> : null}
    </div>
  );
}

/**
 * The player's bets in this event: unmatched (each with Cancel and what becomes of it at turn-in-play: lapse or keep)
 * and matched, and the exposure held.
 */
export function MyBets({
  unmatched,
  matched,
  exposure,
  action,
  inPlay,
}: {
  unmatched: BetRow[];
  matched: BetRow[];
  exposure: string;
  action: string;
  /** Once in play only the bets kept in play say so (the others were placed in play, or lapsed). */
  inPlay: boolean;
}) {
  const { t } = useTranslation();
  const side = (s: string) => t(`exchange.account.sides.${s as "back"}`);
  return (
    <section className="mb-3 rounded-xl bg-panel p-3" aria-labelledby="my-bets-title" data-testid="my-bets">
      <h2 id="my-bets-title" className="mb-2 flex items-baseline gap-2 font-bold">
        <span className="flex-1">{t("exchange.bets.title")}</span>
        <small className="font-normal text-white/70">
          {t("exchange.bets.exposure")}:{" "}
          <b className="tabular-nums" data-testid="event-exposure">
            {exposure}
          </b>
        </small>
      </h2>
      {unmatched.length === 0 && matched.length === 0 ? <p className="text-sm text-white/60">{t("exchange.bets.none")}</p> : null}
      {unmatched.length > 0 ? (
        <>
          <h3 className="mt-2 text-xs font-semibold text-white/70 uppercase">{t("exchange.bets.unmatched")}</h3>
          <ul data-testid="unmatched-bets">
            {unmatched.map((b) => (
              // Keyed by what is waiting too: after a reduction the amount field starts empty again.
              <li key={`${b.id}-${b.waiting}`} className="flex items-center gap-2 border-b border-white/10 py-1.5 text-sm last:border-b-0">
                <span className="flex-1">
                  <b>{side(b.side)}</b> {b.selection} · {t("exchange.bets.at", { stake: b.stake, price: b.price })} ·{" "}
                  {t("exchange.bets.waiting", { amount: b.waiting })}
                  {b.persist || !inPlay ? (
                    <>
                      {" · "}
                      <span data-testid="persistence" data-persist={b.persist}>
                        {t(b.persist ? "exchange.bets.kept" : "exchange.bets.lapse")}
                      </span>
                    </>
                  ) : null}
                </span>
                <Form method="post" action={action} preventScrollReset>
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="order" value={b.id} />
                  <input
                    name="by"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={9}
                    placeholder={t("exchange.bets.all")}
                    aria-label={t("exchange.bets.reduceBy")}
                    className="mr-1 w-16 rounded bg-ink px-2 py-1 text-xs"
                  />
                  <SubmitButton
                    label={t("exchange.bets.cancel")}
                    pendingLabel={t("exchange.bets.cancelling")}
                    className="btn-secondary px-3 py-1 text-xs"
                  />
                </Form>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {matched.length > 0 ? (
        <>
          <h3 className="mt-2 text-xs font-semibold text-white/70 uppercase">{t("exchange.bets.matched")}</h3>
          <ul data-testid="matched-bets">
            {matched.map((b) => (
              <li key={b.id} className="border-b border-white/10 py-1.5 text-sm last:border-b-0">
                <b>{side(b.side)}</b> {b.selection} · {t("exchange.bets.at", { stake: b.matched, price: b.matchedPrice })} ·{" "}
                <span className="tabular-nums">{t("exchange.bets.figures", { profit: b.profit, liability: b.liability })}</span>{" "}
                <small className="text-white/50 tabular-nums">{b.placedAt}</small>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
