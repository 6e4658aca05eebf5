// The races module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { races, raceEntries, racePayouts, racePrizes, racePrizeTables } from "./schema.ts";
export type { RacePeriodKind, RaceProduct, RaceWallet } from "./schema.ts";
export { isRaceError, RaceError } from "./errors.ts";
export { countWager, playerStanding, topStandings, uncountWager } from "./standings.server.ts";
export type { SettledWager, Standing } from "./standings.server.ts";
export { getRace, listRaces, prizeTermsFor, saveRace, upcomingTerms } from "./races.server.ts";
export type { PrizeTerms, Race, SaveRaceResult } from "./races.server.ts";
export { RACE_EXPENSE, RACE_SETTLE_MS, runRacePayouts, startRacePayouts } from "./payout.server.ts";
export type { PaidPeriod } from "./payout.server.ts";
export { racesPageData, TOP_N } from "./page.server.ts";
export type { RaceView } from "./page.server.ts";
export { standingsJson, watchRace, watcherCount } from "./stream.server.ts";
export { seedRacesDemo } from "./seed.server.ts";
