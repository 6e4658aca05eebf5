// Dice: one bet, one roll, settled at once. The nonce, the bet and the win are one transaction.
import { randomUUID } from "node:crypto";
import { db } from "#app/db/db.server.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { diceRoll } from "./fair.ts";
import { type DiceDirection, diceMultiplier, dicePayout, diceTargetAllowed, diceWins, isDiceDirection } from "./rules.ts";
import { HOUSE_PLATFORM } from "../../types.ts";
import { walletBet, walletWin } from "../../wallet.server.ts";
import { HouseError } from "../errors.ts";
import { checkStake, requireHouseGame } from "../game-row.server.ts";
import { DICE_CODE } from "./game.ts";
import { takeNonce } from "../seeds.server.ts";
import { walletOrThrow } from "../wallet-call.server.ts";
import { cappedFairness, capPayout } from "../limits.ts";

export type DiceBet = { stake: bigint; target: number; direction: DiceDirection };

export type DiceResult = {
  roundId: string;
  stake: bigint;
  /** Hundredths: 0..10000 shown as 0.00..100.00. */
  roll: number;
  target: number;
  direction: DiceDirection;
  win: boolean;
  /** Ten-thousandths (19801 = 1.9801x). */
  multiplier: number;
  payout: bigint;
  /** The payout was held to the game's max win. */
  capped: boolean;
  balance: bigint;
  seedId: number;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
};

export async function playDice(playerId: number, bet: DiceBet): Promise<DiceResult> {
  const { target, direction } = bet;
  if (!isDiceDirection(direction)) throw new HouseError("direction_invalid", "Choose Under or Over.");
  if (!diceTargetAllowed(target, direction)) throw new HouseError("target_invalid", "The target must give a win chance from 0.01% to 98%.");
  const game = await requireHouseGame(DICE_CODE);
  const stake = checkStake(game, bet.stake);
  const multiplier = diceMultiplier(target, direction);
  const roundId = `dice:${randomUUID()}`;

  const result = await db.transaction(async (tx) => {
    const seed = await takeNonce(tx, playerId);
    const roll = diceRoll(seed.serverSeed, seed.clientSeed, seed.nonce, seed.algorithm);
    const win = diceWins(roll, target, direction);
    const { payout, capped } = capPayout(win ? dicePayout(stake, multiplier) : 0n, game.maxWin);
    const fairness = {
      game: "dice",
      seedId: seed.seedId,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      nonce: seed.nonce,
      algorithm: seed.algorithm,
      roll,
      target,
      direction,
      multiplier,
      ...cappedFairness(capped, game.maxWin),
    };
    const call = { platform: HOUSE_PLATFORM, playerId, roundId, gameCode: game.code };
    walletOrThrow(await walletBet({ ...call, txnId: `${roundId}:bet`, amount: stake, fairness }, tx));
    const settled = walletOrThrow(
      await walletWin({ ...call, txnId: `${roundId}:win`, amount: payout, betTxnId: `${roundId}:bet`, roundClosed: true, fairness }, tx),
    );
    const { seedId, serverSeedHash, clientSeed, nonce } = seed;
    return {
      roundId,
      stake,
      roll,
      target,
      direction,
      win,
      multiplier,
      payout,
      capped,
      balance: settled.balance,
      seedId,
      serverSeedHash,
      clientSeed,
      nonce,
    };
  });
  await publishBalanceChanged(playerId);
  return result;
}
