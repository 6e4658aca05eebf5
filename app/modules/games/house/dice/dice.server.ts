// Dice: one bet, one roll, settled at once. The nonce, the bet and the win are one transaction.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { isRequestKey } from "#app/kernel/request-key.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { diceRoll } from "./fair.ts";
import { type DiceDirection, diceMultiplier, dicePayout, diceTargetAllowed, diceWins, isDiceDirection } from "./rules.ts";
import { gameRounds } from "../../schema.ts";
import { HOUSE_PLATFORM } from "../../types.ts";
import { walletBalance, walletBet, walletWin } from "../../wallet.server.ts";
import { noteSettledHouseBet } from "../live-bets.server.ts";
import { HouseError } from "../errors.ts";
import { checkStake, requireHouseGame } from "../game-row.server.ts";
import { DICE_CODE } from "./game.ts";
import { takeNonce } from "../seeds.server.ts";
import { playTransaction, walletOrThrow } from "../wallet-call.server.ts";
import { cappedFairness, capPayout } from "../limits.ts";

export type DiceBet = {
  stake: bigint;
  target: number;
  direction: DiceDirection;
  /**
   * The request's own key (autobet sends one per bet): the same key again answers the roll it made instead of rolling
   * again, so a retried request never bets twice. Without it each call is a new roll.
   */
  requestKey?: string;
};

/** A request key: 8 to 80 letters, digits, "-", "_" or ":". */

/** Thrown inside the transaction when the key's roll already exists: rolls back the nonce just taken. */
class Replayed {
  readonly result: Omit<DiceResult, "balance">;
  constructor(result: Omit<DiceResult, "balance">) {
    this.result = result;
  }
}

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
  if (bet.requestKey !== undefined && !isRequestKey(bet.requestKey)) throw new HouseError("wallet_refused", "The request key is invalid.");
  const roundId = bet.requestKey ? `dice:${playerId}:${bet.requestKey}` : `dice:${randomUUID()}`;

  let settledRound: number | null = null;
  const result = await playTransaction(async (tx) => {
    const seed = await takeNonce(tx, playerId);
    // The nonce's update locks the player's seed pair, so a retry running beside its first request waits here.
    if (bet.requestKey) await throwIfRolled(tx, playerId, roundId);
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
    settledRound = settled.roundDbId;
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
  }).catch(async (e: unknown) => {
    if (!(e instanceof Replayed)) throw e;
    const now = await walletBalance({ platform: HOUSE_PLATFORM, playerId });
    return { ...e.result, balance: now.ok ? now.balance : 0n };
  });
  await publishBalanceChanged(playerId);
  noteSettledHouseBet(settledRound);
  return result;
}

async function throwIfRolled(tx: Parameters<typeof takeNonce>[0], playerId: number, roundId: string) {
  const [round] = await tx
    .select({ stake: gameRounds.stake, payout: gameRounds.payout, fairness: gameRounds.fairness })
    .from(gameRounds)
    .where(and(eq(gameRounds.playerId, playerId), eq(gameRounds.roundId, roundId)));
  if (!round) return;
  const f = (round.fairness ?? {}) as Record<string, unknown>;
  const [roll, target, multiplier, nonce, seedId] = [f.roll, f.target, f.multiplier, f.nonce, f.seedId].map(Number) as number[];
  const direction = f.direction === "over" ? "over" : "under";
  throw new Replayed({
    roundId,
    stake: round.stake,
    roll: roll!,
    target: target!,
    direction,
    win: diceWins(roll!, target!, direction),
    multiplier: multiplier!,
    payout: round.payout,
    capped: f.capped === true,
    seedId: seedId!,
    serverSeedHash: String(f.serverSeedHash),
    clientSeed: String(f.clientSeed),
    nonce: nonce!,
  });
}
