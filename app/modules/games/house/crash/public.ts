// Types of what players may see of Crash (shared by the server modules and the page).

export type CrashPhase = "betting" | "running" | "crashed" | "voided";

/** A round as players see it. Times are epoch ms on the server's clock; multiplier in hundredths. */
export type PublicRound = {
  id: number;
  gameNumber: number;
  phase: CrashPhase;
  bettingEndsAt: number;
  startedAt: number | null;
  /** Milliseconds since the start when this was read (running only). */
  elapsed: number | null;
  multiplier: number;
  crashPoint: number | null;
  hash: string | null;
};

/** A bet on the round (poisha strings); `betId` lets the page update it from the stream; `maxPayout` after the round cap. */
export type PublicBet = {
  betId: number;
  name: string;
  stake: string;
  autoCashout: number | null;
  cashoutAt: number | null;
  payout: string;
  maxPayout: string | null;
  status: string;
};
export type MyBet = PublicBet & { id: number; roundId: number };
/** An ended round; `voided`: ended by a restart before it ran (no bet stood, its hash is shown all the same). */
export type HistoryRound = {
  id: number;
  gameNumber: number;
  crashPoint: number;
  hash: string;
  salt: string;
  endedAt: number | null;
  voided: boolean;
};

export type CrashState = {
  serverNow: number;
  round: PublicRound | null;
  myBet: MyBet | null;
  bets: PublicBet[];
  history: HistoryRound[];
  chain: { terminatingHash: string; salt: string; length: number } | null;
};
