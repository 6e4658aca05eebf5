// The in-house games as routes use them: each game's server half by id (houseServerGames.dice.play.roll, its
// pageData, ...), the /fair verifier, seeds and errors.
export { isHouseError } from "./house/errors.ts";
export { stakeFromText } from "./house/page-data.server.ts";
export { houseServerGames, rotateSeed, setClientSeed, verifyFairness } from "./house/registry.server.ts";
export { getActiveSeed, listRevealedSeeds } from "./house/seeds.server.ts";
