// Crash's server half: the verifier's recomputation, the page's data, bets and cash-outs (the engine runs the rounds).
import { type HouseServerGame, hundredthsText, type Read, readAll, readSeedText, type VerifierErrors } from "../game.ts";
import { cashOut, placeBet } from "./bets.server.ts";
import { crashPointFromHash } from "./fair.ts";
import { crashGame } from "./game.ts";
import { crashPageData } from "./page-data.server.ts";

/** A game hash: 64 hexadecimal characters, exactly as published (no spaces trimmed away). */
function readHash(raw: string | undefined): Read<string> {
  if (!raw) return { error: "house.errors.hashRequired" };
  return /^[0-9a-fA-F]{64}$/.test(raw) ? { value: raw.toLowerCase() } : { error: "house.errors.hashFormat" };
}

export const crashServer = {
  game: crashGame,
  verify(values) {
    const errors: VerifierErrors = {};
    const v = readAll({ hash: readHash(values.hash), salt: readSeedText(values.salt, { max: 256, required: "house.errors.saltRequired" }) }, errors);
    if (!v) return { errors };
    return { result: { game: "crash", crashPoint: hundredthsText(crashPointFromHash(v.hash, v.salt)) } };
  },
  pageData: crashPageData,
  play: { bet: placeBet, cashOut },
} satisfies HouseServerGame;
