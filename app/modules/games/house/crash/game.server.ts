// Crash's server half: the verifier's recomputation, the page's data, bets and cash-outs (the engine runs the rounds).
import { type HouseServerGame, hundredthsText, type Read, readAll, readSeedText, readWholeNumber, type VerifierErrors } from "../game.ts";
import { CHAIN_LENGTH, publishedChains } from "./chain.server.ts";
import { cashOut, placeBet } from "./bets.server.ts";
import { crashAutobetState, startCrashAutobet, stopCrashAutobet } from "./autobet.server.ts";
import { crashPointFromHash, hashForward } from "./fair.ts";
import { type ChainCheck, crashGame } from "./game.ts";
import { crashPageData } from "./page-data.server.ts";

/** A game hash: 64 hexadecimal characters, exactly as published (no spaces trimmed away). */
function readHash(raw: string | undefined): Read<string> {
  if (!raw) return { error: "house.errors.hashRequired" };
  return /^[0-9a-fA-F]{64}$/.test(raw) ? { value: raw.toLowerCase() } : { error: "house.errors.hashFormat" };
}

/** The game number is optional (without it only the crash point is recomputed); 1 to a chain's length of games. */
function readGameNumber(raw: string | undefined): Read<number | null> {
  if (!raw) return { value: null };
  return readWholeNumber(raw, { min: 1, max: CHAIN_LENGTH, required: "house.errors.gameNumberFormat", invalid: "house.errors.gameNumberFormat" });
}

/** Walks the hash gameNumber times (game n → n−1 → … → the terminating hash) and names the chain it reaches. */
async function chainCheck(hash: string, gameNumber: number): Promise<ChainCheck> {
  const reaches = hashForward(hash, gameNumber);
  const chain = (await publishedChains()).find((c) => c.terminatingHash === reaches && gameNumber <= c.length);
  return { gameNumber, reaches, chainId: chain?.id ?? null };
}

export const crashServer = {
  game: crashGame,
  async verify(values) {
    const errors: VerifierErrors = {};
    const v = readAll(
      {
        hash: readHash(values.hash),
        salt: readSeedText(values.salt, { max: 256, required: "house.errors.saltRequired" }),
        gameNumber: readGameNumber(values.gameNumber),
      },
      errors,
    );
    if (!v) return { errors };
    const result = { game: "crash", crashPoint: hundredthsText(crashPointFromHash(v.hash, v.salt)) };
    return { result: v.gameNumber === null ? result : { ...result, chain: await chainCheck(v.hash, v.gameNumber) } };
  },
  pageData: crashPageData,
  play: { bet: placeBet, cashOut, autoStart: startCrashAutobet, autoStop: stopCrashAutobet, autoState: crashAutobetState },
} satisfies HouseServerGame;
