// Every in-house game's server half, by id: their pages reach their play and page data here (through
// house.server.ts), /fair's verifier recomputes through them, and seed rotation asks them whether a round in play
// holds the player's seed pair. Lists the same games as registry.ts (registry.test.ts checks).
import { crashServer } from "./crash/game.server.ts";
import { diceServer } from "./dice/game.server.ts";
import type { HouseServerGame, VerifierErrors, VerifierResult } from "./game.ts";
import { minesServer } from "./mines/game.server.ts";
import { verifierFields } from "./registry.ts";
import { type PublicSeed, rotateSeedPair, type SeedHolds, setClientSeedPair } from "./seeds.server.ts";

export const houseServerGames = { crash: crashServer, dice: diceServer, mines: minesServer } as const;

const all: readonly HouseServerGame[] = Object.values(houseServerGames);

export type VerifierAnswer = { values: Record<string, string>; result: VerifierResult | null; errors: VerifierErrors | null };

/** The /fair verifier: recomputes a result from its GET parameters; nothing when none were sent, a message per wrong input. */
export async function verifyFairness(params: URLSearchParams): Promise<VerifierAnswer> {
  const values = Object.fromEntries(["game", ...verifierFields.map((f) => f.name)].map((k) => [k, params.get(k) ?? ""]));
  if (!values.game) return { values, result: null, errors: null };
  const game = all.find((g) => g.game.id === values.game);
  if (!game) return { values, result: null, errors: { game: "house.errors.verifierGame" } };
  const answer = await game.verify(values);
  return "errors" in answer ? { values, result: null, errors: answer.errors } : { values, result: answer.result, errors: null };
}

/** Refused while a round of any game drawn from the player's active pair is in play. */
const holds =
  (playerId: number): SeedHolds =>
  async (tx) => {
    for (const g of all) await g.holdsSeeds?.(tx, playerId);
  };

/** Sets a new client seed; this rotates the pair (the old server seed is revealed). */
export const setClientSeed = (playerId: number, seed: unknown): Promise<PublicSeed> => setClientSeedPair(playerId, seed, holds(playerId));

/** Reveals the active server seed and starts a new pair with the same client seed. */
export const rotateSeed = (playerId: number): Promise<PublicSeed> => rotateSeedPair(playerId, holds(playerId));
