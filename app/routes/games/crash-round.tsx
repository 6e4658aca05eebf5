// /house/crash/round/:id: the public page of one shared Crash round (the history chips link here). A plain loader page
// (works without JavaScript); the games module decides what may be shown (crashRoundPage). Any other id is a 404.
import { data } from "react-router";
import { DetailRow as Row } from "#app/components/games/DetailRow.tsx";
import { CrashBetsHead } from "#app/components/games/crash/CrashPanels.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { crashRoundPage } from "#app/modules/games/index.server.ts";
import { crashRoundHref } from "#app/modules/games/index.ts";
import type { Route } from "./+types/crash-round";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "description", content: loaderData.description }] : [];

export async function loader({ context, params }: Route.LoaderArgs) {
  const round = await crashRoundPage(params.id);
  if (!round) throw data(null, { status: 404 });
  const t = translator(context);
  const n = String(round.gameNumber);
  return {
    title: t("crash.roundPage.title", { n }),
    description: round.crashText !== null ? t("crash.roundPage.description", { n, multiplier: round.crashText }) : t("crash.roundPage.title", { n }),
    area: areaBundle(context, "crash"),
    round,
  };
}

export default function CrashRound({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  const { round } = loaderData;
  const hidden = <span className="text-white/60">{t("crash.roundPage.hidden")}</span>;
  return (
    <main className="mx-auto w-full max-w-xl p-3" data-testid="crash-round-page" data-status={round.status}>
      <p className="mb-1 text-xs">
        <a href="/house/crash" className="text-brand">
          ‹ {t("crash.title")}
        </a>
      </p>
      <h1 className="mb-3 text-xl font-bold text-white">{t("crash.roundPage.heading", { n: String(round.gameNumber) })}</h1>
      <dl className="mb-3 rounded-xl bg-panel">
        <Row label={t("crash.roundPage.status")} testId="crash-round-status">
          {t(`crash.roundPage.statuses.${round.status}`)}
        </Row>
        <Row label={t("crash.crashPoint")} testId="crash-round-point">
          {round.status === "voided" ? t("crash.void") : round.crashText !== null ? `${round.crashText}×` : hidden}
        </Row>
        <Row label={t("crash.roundPage.bettingEnds")}>{round.bettingEndsAt}</Row>
        <Row label={t("crash.roundPage.started")}>{round.startedAt ?? "–"}</Row>
        <Row label={t("crash.roundPage.ended")}>{round.endedAt ?? "–"}</Row>
        <Row label={t("crash.hash")} mono={round.hash !== null} testId="crash-round-hash">
          {round.hash ?? hidden}
        </Row>
        <Row label={t("crash.salt")} mono={round.salt !== null} testId="crash-round-salt">
          {round.salt ?? hidden}
        </Row>
      </dl>
      <p className="mb-3 flex flex-wrap gap-3 text-sm">
        {round.verify ? (
          <a href={round.verify} className="font-semibold text-brand" data-testid="crash-round-verify">
            {t("crash.verify")} ›
          </a>
        ) : null}
        <a href="/fair" className="text-brand">
          {t("crash.roundPage.fairPage")} ›
        </a>
      </p>

      <section className="mb-3 rounded-xl bg-panel p-3" data-testid="crash-round-bets">
        <h2 className="mb-2 text-sm font-semibold">{t("crash.roundPage.bets", { n: String(round.bets.length) })}</h2>
        {round.bets.length === 0 ? (
          <p className="text-xs text-white/60">{t("crash.roundPage.noBets")}</p>
        ) : (
          <table className="w-full whitespace-nowrap text-xs tabular-nums">
            <CrashBetsHead />
            <tbody>
              {round.bets.map((b, i) => (
                <tr
                  key={i}
                  data-testid="crash-round-bet"
                  className={b.status === "cashed" ? "text-emerald-300" : b.status === "lost" || b.status === "voided" ? "text-white/50" : ""}
                >
                  <td>{b.name}</td>
                  <td className="pl-2 text-right">{b.stake}</td>
                  <td className="pl-2 text-right">{b.cashoutAt ? `${b.cashoutAt}×` : b.status === "voided" ? t("crash.roundPage.refunded") : "–"}</td>
                  <td className="pl-2 text-right" title={b.maxPayout ? t("crash.betMaxPayout", { amount: b.maxPayout }) : undefined}>
                    {b.payout ?? "–"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <nav className="flex justify-between text-sm" aria-label={t("crash.roundPage.more")}>
        {round.previousId ? (
          <a href={crashRoundHref(round.previousId)} className="text-brand" data-testid="crash-round-previous">
            ‹ {t("crash.roundPage.previous")}
          </a>
        ) : (
          <span />
        )}
        {round.nextId ? (
          <a href={crashRoundHref(round.nextId)} className="text-brand">
            {t("crash.roundPage.next")} ›
          </a>
        ) : null}
      </nav>
    </main>
  );
}
