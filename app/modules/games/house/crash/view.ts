// The Crash state as the page and the polling clients receive it: amounts as taka text, multipliers in hundredths
// and as text. Pure (the browser formats event payloads with the same helpers).
import { takaText } from "#app/kernel/money.ts";
import { multiplierText } from "./curve.ts";
import type { CrashState, PublicBet, PublicRound } from "./public.ts";

export type BetView = {
  betId: number;
  name: string;
  stake: string;
  cashoutAt: string | null;
  payout: string;
  maxPayout: string | null;
  status: string;
};
export type MyBetView = BetView & { id: number; roundId: number; autoCashout: string | null };
export type HistoryView = {
  id: number;
  gameNumber: number;
  crashPoint: number;
  crashText: string;
  hash: string;
  salt: string;
  voided: boolean;
  band: CrashBand;
};

/** How many ended rounds the page shows as chips and in its chart. */
export const HISTORY_SHOWN = 100;

/** A crash point's colour band: below 2× (most rounds), 2× to under 10×, 10× and above; void rounds their own. */
export type CrashBand = "low" | "mid" | "high" | "void";
export function crashBand(crashPoint: number, voided = false): CrashBand {
  if (voided) return "void";
  return crashPoint >= 1000 ? "high" : crashPoint >= 200 ? "mid" : "low";
}

/** The page of one Crash round (by the round's id). */
export const crashRoundHref = (id: number) => `/house/crash/round/${id}`;

export type CrashView = {
  serverNow: number;
  round: PublicRound | null;
  myBet: MyBetView | null;
  bets: BetView[];
  history: HistoryView[];
  chain: { terminatingHash: string; salt: string; length: number } | null;
};

export function crashView(state: CrashState): CrashView {
  const bet = (b: Omit<PublicBet, "autoCashout">): BetView => ({
    betId: b.betId,
    name: b.name,
    stake: takaText(b.stake),
    cashoutAt: b.cashoutAt === null ? null : multiplierText(b.cashoutAt),
    payout: takaText(b.payout),
    maxPayout: b.maxPayout === null ? null : takaText(b.maxPayout),
    status: b.status,
  });
  return {
    serverNow: state.serverNow,
    round: state.round,
    myBet: state.myBet
      ? {
          ...bet(state.myBet),
          id: state.myBet.id,
          roundId: state.myBet.roundId,
          autoCashout: state.myBet.autoCashout === null ? null : multiplierText(state.myBet.autoCashout),
        }
      : null,
    bets: state.bets.map(bet),
    history: state.history.map((h) => ({
      id: h.id,
      gameNumber: h.gameNumber,
      crashPoint: h.crashPoint,
      crashText: multiplierText(h.crashPoint),
      hash: h.hash,
      salt: h.salt,
      voided: h.voided,
      band: crashBand(h.crashPoint, h.voided),
    })),
    chain: state.chain,
  };
}

/** /fair's verifier with an ended round's hash, salt and game number filled in (it also walks the chain). */
export const verifyHref = (hash: string, salt: string, gameNumber: number) =>
  `/fair?${new URLSearchParams({ game: "crash", hash, salt, gameNumber: String(gameNumber) }).toString()}#verifier`;
