// Every in-house game (browser-safe). The shared places iterate these instead of naming games: the catalogue seed,
// the house launch adapter, the /fair verifier and its "how it works", the betting record's result line and link.
// A new game: its folder (house/<game>/: game.ts, game.server.ts, its play and maths), one line here and one in
// registry.server.ts, its route (app/routes.ts and app/routes/games/house-<game>.tsx) and its strings.
import type { MessageKey } from "#app/i18n/message.ts";
import { crashGame } from "./crash/game.ts";
import { diceGame } from "./dice/game.ts";
import type { Fairness, HouseGame, VerifierField } from "./game.ts";
import { minesGame } from "./mines/game.ts";

/** In catalogue order (the seed gives them display orders in this order). */
export const houseGames: readonly HouseGame[] = [crashGame, diceGame, minesGame];

/** The game with this id (a fairness record's `game`, the verifier's ?game=), or undefined. */
export const houseGame = (id: unknown): HouseGame | undefined => houseGames.find((g) => g.id === id);

/** The verifier's games: those played from the seed pair first, then those from a hash chain. */
export const verifierGames: readonly HouseGame[] = [
  ...houseGames.filter((g) => g.fairness.source === "seeds"),
  ...houseGames.filter((g) => g.fairness.source === "chain"),
];

/** Every verifier input once, in the verifier games' order. */
export const verifierFields: readonly VerifierField[] = verifierGames
  .flatMap((g) => g.fairness.fields)
  .filter((f, i, all) => all.findIndex((o) => o.name === f.name) === i);

/** /fair's "how it works": the shared maths, each seed game, the seed pair, each chain game. */
export const fairHowKeys: readonly MessageKey[] = [
  "house.fair.how.bytes",
  "house.fair.how.floats",
  ...verifierGames.filter((g) => g.fairness.source === "seeds").map((g) => g.fairness.how),
  "house.fair.how.seeds",
  ...verifierGames.filter((g) => g.fairness.source === "chain").map((g) => g.fairness.how),
];

/** The /fair verifier link that recomputes a house round's result, once what it needs is public; else null. */
export function verifyLink(fairness: Fairness | null, serverSeed: string | null): string | null {
  const game = houseGame(fairness?.game);
  const query = game && fairness ? game.fairness.query(fairness, serverSeed) : null;
  return game && query ? `/fair?${new URLSearchParams({ game: game.id, ...query })}#verifier` : null;
}
