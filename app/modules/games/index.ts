// The games module's browser-safe entry: what components and routes may use in the browser.
export { crashView, isCrashError, multiplierAt, multiplierText, verifyHref } from "./crash.ts";
export type { BetView, CrashEvent, CrashView, HistoryView, PublicRound } from "./crash.ts";
export {
  diceChanceText,
  diceMultiplier,
  dicePayout,
  diceTargetAllowed,
  hundredthsText,
  // Dice and Mines show ten-thousandths; Crash's multiplierText (above) shows hundredths.
  multiplierText as houseMultiplierText,
} from "./fair.ts";
export type { DiceDirection } from "./fair.ts";
export { fairHowKeys, houseGame, verifierFields, verifierGames } from "./house.ts";
export { providerIconSrc } from "./provider-icon.ts";
export { EXCHANGE_PLATFORM, filterTakesExchange, parseRecordFilter, recordDays, recordPageSizes, recordQuery } from "./records-filter.ts";
export type { RecordFilter } from "./records-filter.ts";
export { categoryTypes, gameTypes, isGameType } from "./types.ts";
export type { GameType } from "./types.ts";
