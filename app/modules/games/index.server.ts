// The games module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { gameRounds } from "./schema.ts";
export {
  GameAdminError,
  finishSecretRotation,
  isGameAdminError,
  listAdminGames,
  listAdminProviders,
  listProviderChoices,
  maskSecret,
  saveGame,
  saveProvider,
  setGamePoster,
  setProviderIcon,
} from "./admin.server.ts";
export {
  DEFAULT_POSTER,
  gameSorts,
  getCatalogueMenu,
  getGameByCode,
  listFavouriteGames,
  listFeaturedGames,
  listGames,
  listProviders,
  listProvidersByPlatform,
  listTypes,
  parseSystems,
  toggleFavourite,
} from "./catalogue.server.ts";
export type { CatalogueMenu, GameSort } from "./catalogue.server.ts";
export { crashState, currentRound } from "./house/crash/store.server.ts";
export { engineSnapshot } from "./house/crash/instance.server.ts";
export { subscribeCrash } from "./house/crash/hub.server.ts";
export { liveBetsLists, liveBetsPage, noteSettledHouseBet, viewersBets } from "./house/live-bets.server.ts";
export type { LiveBetsLists } from "./house/live-bets.server.ts";
export { crashRoundPage } from "./house/crash/round-page.server.ts";
export type { CrashRoundBet, CrashRoundPage } from "./house/crash/round-page.server.ts";
export { fixChainSalt, publishChain, publishedChains, type PublicChain } from "./house/crash/chain.server.ts";
export { providerFrameOrigins } from "./frame-origins.server.ts";
export { getActiveSeed, listRevealedSeeds } from "./house/seeds.server.ts";
export { houseServerGames, rotateSeed, setClientSeed, verifyFairness } from "./house/registry.server.ts";
export { isHouseError } from "./house/errors.ts";
export { stakeFromText } from "./house/page-data.server.ts";
export { startCrashEngine, stopCrashEngine } from "./house/crash/instance.server.ts";
export { findSimSession, isLaunchError, launchGameCode, openLaunch, simBalance, simSpin, splitGameCode, startLaunch } from "./launch.server.ts";
export type { LaunchError } from "./launch.server.ts";
export { POSTER_MAX_BYTES, checkPoster, findPoster, isPosterName, removePoster, storePoster } from "./posters.server.ts";
export { betPageLink, getBetPage } from "./bet-page.server.ts";
export type { BetPage } from "./bet-page.server.ts";
export {
  dayBounds,
  getRound,
  listOpenRounds,
  listPlayerRounds,
  listRecordPlatforms,
  listRounds,
  roundTotals,
  listSettledRounds,
  verifyLink,
} from "./records.server.ts";
export type { PlayerRoundRow, RoundListFilter, RoundTotals } from "./records.server.ts";
export { seedGameCatalogue } from "./seed.server.ts";
export { SIGNATURE_HEADER, TIMESTAMP_HEADER, providerSecrets, verifyProviderSignature } from "./signature.server.ts";
export { walletBalance, walletBet, walletRollback, walletWin } from "./wallet.server.ts";
export type { WalletBalance, WalletFailure, WalletSuccess } from "./wallet.server.ts";
export { casinoBettorsSql, casinoDailySql, gameNamesOf } from "./report-sources.server.ts";
export { runDiceAutobet, runMinesAutobet } from "./house/autobet.server.ts";
export type { AutobetLine, AutobetRun, BeforeAutobet } from "./house/autobet.server.ts";
