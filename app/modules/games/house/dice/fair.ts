// The Dice roll of a seed pair and nonce; rules and payouts in dice-rules.ts, bytes in bytes.ts.
import { ByteStream } from "../../fair/bytes.ts";
import { DICE_OUTCOMES, type DiceDirection, diceMultiplier, diceWins } from "./rules.ts";

/** The roll in hundredths (0..10000): the first uniform integer in 0..10000 of the pair and nonce. */
export function diceRoll(serverSeed: string, clientSeed: string, nonce: number): number {
  return new ByteStream(serverSeed, clientSeed, nonce).nextInt(DICE_OUTCOMES);
}

export type DiceOutcome = { roll: number; win: boolean; multiplier: number };

/** Recomputes a Dice result (the verifier and the game use this same function). */
export function diceOutcome(serverSeed: string, clientSeed: string, nonce: number, target: number, direction: DiceDirection): DiceOutcome {
  const roll = diceRoll(serverSeed, clientSeed, nonce);
  return { roll, win: diceWins(roll, target, direction), multiplier: diceMultiplier(target, direction) };
}
