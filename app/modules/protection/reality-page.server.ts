// What a reality check shows (the modal and the interstitial page), as text in the request's language.
import { translator } from "#app/i18n/translate.server.ts";
import type { RouterContextProvider } from "react-router";
import { takaText } from "#app/kernel/money.ts";
import { durationParts } from "./reality-format.ts";
import { realityFigures } from "./reality.server.ts";

export type RealityFiguresText = { elapsed: string; net: string; netSign: -1 | 0 | 1; due: boolean; dueAt: string | null };

export async function realityFiguresText(
  context: Readonly<RouterContextProvider>,
  playerId: number,
  token: string,
  now = new Date(),
): Promise<RealityFiguresText | null> {
  const figures = await realityFigures(playerId, token, now);
  if (!figures) return null;
  const t = translator(context);
  const { h, m } = durationParts(figures.elapsedMs);
  return {
    elapsed: h > 0 ? t("protectionReality.duration.hours", { h, m }) : t("protectionReality.duration.minutes", { m }),
    net: takaText(figures.netWinLoss, { plus: true }),
    netSign: figures.netWinLoss > 0n ? 1 : figures.netWinLoss < 0n ? -1 : 0,
    due: figures.due,
    dueAt: figures.dueAt?.toISOString() ?? null,
  };
}
