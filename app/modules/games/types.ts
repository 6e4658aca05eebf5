// Game types (the spec's "type"; categories of the side menu and of /games) and their ids.

export const gameTypes = ["LIVE", "SLOT", "TABLE", "POKER", "CRASH", "FISH", "ARCADE", "LOTTERY", "SPORTS"] as const;
export type GameType = (typeof gameTypes)[number];

export function isGameType(value: unknown): value is GameType {
  return typeof value === "string" && (gameTypes as readonly string[]).includes(value);
}

/** The original site's game type ids (1 Slots, 2 Live Casino, 4 Sports, 8 Fishing) and its promotion category ids for the rest. */
export const gameTypeIds: Record<GameType, number> = {
  SLOT: 1,
  LIVE: 2,
  SPORTS: 4,
  FISH: 8,
  POKER: 16,
  LOTTERY: 64,
  TABLE: 256,
  ARCADE: 1024,
  CRASH: 8192,
};

/** Category pages (/casino, /slot, ...) and home's category slugs, each a filtered /games view. */
export const categoryTypes: Record<string, GameType> = {
  casino: "LIVE",
  slot: "SLOT",
  table: "TABLE",
  poker: "POKER",
  crash: "CRASH",
  fishing: "FISH",
  arcade: "ARCADE",
  lottery: "LOTTERY",
  sports: "SPORTS",
};

/** The in-house provider's platform code. */
export const HOUSE_PLATFORM = "HOUSE";
