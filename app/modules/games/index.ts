// The games module's browser-safe entry: what components and routes may use in the browser.
export { crashBand, crashRoundHref, crashView, HISTORY_SHOWN, verifyHref } from "./house/crash/view.ts";
export { isCrashError } from "./house/crash/errors.ts";
export { multiplierAt, multiplierText } from "./house/crash/curve.ts";
export type { BetView, CrashBand, CrashView, HistoryView } from "./house/crash/view.ts";
export type { CrashEvent, LiveHouseBetItem } from "./house/crash/events.ts";
export { isHighRoller, LIVE_BETS_SHOWN, LIVE_BETS_TABS, liveBetsTab, mergeLive, type LiveBetsTab } from "./house/live-bets.ts";
export type { PublicRound } from "./house/crash/public.ts";
// Dice and Mines show ten-thousandths; Crash's multiplierText (above) shows hundredths.
export { diceChanceText, diceMultiplier, dicePayout, diceTargetAllowed, multiplierText as houseMultiplierText } from "./house/dice/rules.ts";
export { hundredthsText } from "./house/game.ts";
export { capPayout } from "./house/limits.ts";
export type { DiceDirection } from "./house/dice/rules.ts";
export { fairHowKeys, houseGame, verifierFields, verifierGames, verifyLink } from "./house/registry.ts";
export { providerIconSrc } from "./provider-icon.ts";
export { EXCHANGE_PLATFORM, filterTakesExchange, parseRecordFilter, recordDays, recordPageSizes, recordQuery } from "./records-filter.ts";
export type { RecordFilter } from "./records-filter.ts";
export { categoryTypes, gameTypes, HOUSE_PLATFORM, isGameType } from "./types.ts";
export type { GameType } from "./types.ts";
export { afterAutobet, AUTOBET_CLIENT_CAP, AUTOBET_MAX_PERCENT, AUTOBET_SERVER_MAX_BETS, autobetBetLimit, startAutobet } from "./house/autobet.ts";
export type { AutobetAdjust, AutobetPlanStop, AutobetSettings, AutobetState } from "./house/autobet.ts";
