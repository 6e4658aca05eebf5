// The Dice roll of a seed pair and nonce under the pair's algorithm (fair/algorithms.ts); rules and payouts in
// rules.ts, bytes in bytes.ts.
import type { FairAlgorithm } from "../../fair/algorithms.ts";
import { ByteStream } from "../../fair/bytes.ts";
import { DICE_OUTCOMES, type DiceDirection, diceMultiplier, diceWins } from "./rules.ts";

/**
 * The roll in hundredths (0..10000). Version 2: floor(f × 10001) of the first float; version 1: the first uniform
 * integer in 0..10000 (rejection sampling).
 */
export function diceRoll(serverSeed: string, clientSeed: string, nonce: number, algorithm: FairAlgorithm): number {
  const stream = new ByteStream(serverSeed, clientSeed, nonce);
  return algorithm === 1 ? stream.nextInt(DICE_OUTCOMES) : Math.floor(stream.nextFloat() * DICE_OUTCOMES);
}

export type DiceOutcome = { roll: number; win: boolean; multiplier: number };

/** Recomputes a Dice result (the verifier and the game use this same function). */
export function diceOutcome(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  target: number,
  direction: DiceDirection,
  algorithm: FairAlgorithm,
): DiceOutcome {
  const roll = diceRoll(serverSeed, clientSeed, nonce, algorithm);
  return { roll, win: diceWins(roll, target, direction), multiplier: diceMultiplier(target, direction) };
}
