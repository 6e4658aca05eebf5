// The races module's browser-safe entry: the admin form and the period arithmetic.
export {
  MAX_PRIZE_RANKS,
  prizeLines,
  raceFormSchema,
  racePeriodChoices,
  raceProductChoices,
  raceWalletChoices,
  toRaceSettings,
} from "./validation.ts";
export type { RaceFormInput, RaceSettings } from "./validation.ts";
export { periodBounds, periodDays, periodLabel, periodStartOf, shiftPeriod, timeLeft } from "./periods.ts";
export type { RacePeriod } from "./periods.ts";
