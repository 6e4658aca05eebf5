// Dice rules without any crypto import, so forms in the browser can share them.
//
// The roll is a uniform integer R in 0..10000 (10001 outcomes), shown as R / 100 (0.00 to 100.00). The player
// picks a target T (hundredths, 0..10000) and a direction: "under" wins when R < T, "over" when R > T.
// Winning outcomes W: under -> T, over -> 10000 - T. Win chance = W / 10001, allowed from 0.01 % to 98 %.
// Multiplier = 99 / chance% = 0.99 * 10001 / W (1 % house edge), floored to 4 decimals:
// multiplier in ten-thousandths = floor(99 * 10001 * 100 / W). Payout = floor(stake * that / 10000) poisha.

export const DICE_OUTCOMES = 10_001;
export const DICE_MAX_ROLL = 10_000;
export const diceDirections = ["under", "over"] as const;
export type DiceDirection = (typeof diceDirections)[number];

export function isDiceDirection(value: unknown): value is DiceDirection {
  return value === "under" || value === "over";
}

/** How many of the 10001 outcomes win for a target (hundredths) and direction. */
export function diceWinningOutcomes(target: number, direction: DiceDirection): number {
  return direction === "under" ? target : DICE_MAX_ROLL - target;
}

/** True when the win chance lies within 0.01 % .. 98 % (exact integer comparison). */
export function diceTargetAllowed(target: number, direction: DiceDirection): boolean {
  if (!Number.isInteger(target) || target < 0 || target > DICE_MAX_ROLL) return false;
  const w = diceWinningOutcomes(target, direction);
  return w * 10_000 >= DICE_OUTCOMES && w * 100 <= 98 * DICE_OUTCOMES;
}

/** The allowed target range (hundredths) for a direction: under 2..9800, over 200..9998. */
export function diceTargetRange(direction: DiceDirection): { min: number; max: number } {
  return direction === "under" ? { min: 2, max: 9800 } : { min: 200, max: 9998 };
}

/** The multiplier in ten-thousandths (19800 = 1.98x), floored. */
export function diceMultiplier(target: number, direction: DiceDirection): number {
  return Math.floor((99 * DICE_OUTCOMES * 100) / diceWinningOutcomes(target, direction));
}

/** The win chance in percent with 4 decimals, as text ("49.4951"). */
export function diceChanceText(target: number, direction: DiceDirection): string {
  const millionths = Math.floor((diceWinningOutcomes(target, direction) * 100_000_000) / DICE_OUTCOMES);
  return (millionths / 1_000_000).toFixed(4);
}

export function diceWins(roll: number, target: number, direction: DiceDirection): boolean {
  return direction === "under" ? roll < target : roll > target;
}

/** Poisha paid for a winning stake: floor(stake * multiplier / 10000). */
export function dicePayout(stake: bigint, multiplier: number): bigint {
  return (stake * BigInt(multiplier)) / 10_000n;
}

/** 19800 -> "1.9800" */
export function multiplierText(tenThousandths: number): string {
  return `${Math.floor(tenThousandths / 10_000)}.${String(tenThousandths % 10_000).padStart(4, "0")}`;
}

export { hundredthsText } from "../game.ts";
