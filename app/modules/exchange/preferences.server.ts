// A player's one-click betting settings (README "One-click betting"): off by default; when on, a tap on a price places
// the bet at once with the selected stake preset, through the same placement path as the slip (bets.server.ts).
// Each player reads and writes only their own row: the player id comes from the session, never from a form.
import { eq, sql } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { ExchangeError } from "./errors.ts";
import { exchangePreferences } from "./schema.ts";
import { QUICK_STAKES } from "./slip.ts";

export type OneClickSettings = {
  oneClick: boolean;
  /** Whole taka, ascending, 3 to 5 of them. */
  presets: number[];
  /** The selected preset, whole taka: what a one-click bet stakes. */
  stake: number;
  /** A tap asks to confirm before placing. */
  confirmBets: boolean;
};

export const DEFAULT_ONE_CLICK: Readonly<OneClickSettings> = Object.freeze({
  oneClick: false,
  presets: [...QUICK_STAKES],
  stake: QUICK_STAKES[0],
  confirmBets: true,
});

/** The player's settings, or the defaults when they never saved any. */
export async function getOneClick(playerId: number): Promise<OneClickSettings> {
  const [row] = await db.select().from(exchangePreferences).where(eq(exchangePreferences.playerId, playerId));
  if (!row) return { ...DEFAULT_ONE_CLICK, presets: [...DEFAULT_ONE_CLICK.presets] };
  return { oneClick: row.oneClick, presets: row.stakePresets, stake: row.stake, confirmBets: row.confirmBets };
}

/**
 * Saves on/off, confirm and the presets (already checked by the form's schema: 3–5 distinct whole-taka amounts,
 * ascending). The selected stake stays when it is still a preset, else it becomes the smallest preset. One statement:
 * concurrent saves leave one row, the last one's.
 */
export async function saveOneClick(playerId: number, input: { oneClick: boolean; confirmBets: boolean; presets: number[] }) {
  const presets = [...input.presets].sort((a, b) => a - b);
  const first = presets[0]!;
  await db
    .insert(exchangePreferences)
    .values({ playerId, oneClick: input.oneClick, confirmBets: input.confirmBets, stakePresets: presets, stake: first })
    .onConflictDoUpdate({
      target: exchangePreferences.playerId,
      set: {
        oneClick: input.oneClick,
        confirmBets: input.confirmBets,
        stakePresets: presets,
        // Keep the selection if it is still among the presets (the row's current stake, read in the same statement).
        stake: sql`case when ${exchangePreferences.stake} = any(excluded.stake_presets) then ${exchangePreferences.stake} else ${first} end`,
        updatedAt: sql`now()`,
      },
    });
  return getOneClick(playerId);
}

/** Selects one of the player's presets as the one-click stake; another amount is refused (`preset_unknown`). */
export async function selectOneClickStake(playerId: number, stake: number) {
  const current = await getOneClick(playerId);
  if (!current.presets.includes(stake)) throw new ExchangeError("preset_unknown");
  await db
    .insert(exchangePreferences)
    .values({ playerId, oneClick: current.oneClick, confirmBets: current.confirmBets, stakePresets: current.presets, stake })
    .onConflictDoUpdate({
      target: exchangePreferences.playerId,
      set: { stake, updatedAt: sql`now()` },
      // The presets may have changed since they were read: the row's check refuses a stake no longer among them.
      setWhere: sql`${stake} = any(${exchangePreferences.stakePresets})`,
    });
  return getOneClick(playerId);
}
