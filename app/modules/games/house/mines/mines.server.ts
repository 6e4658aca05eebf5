// Mines: start (stake and mine count; the bet), reveal tiles one by one, cash out. The mines come from the seed
// pair and nonce taken at the start; their positions never leave the server while the game is in play.
// Every step locks the player's game row, so double submits cannot reveal or pay twice. A reveal and a cash-out name
// the game they were meant for (the id the page showed): they act only on that game while it is the player's game in
// play, so a stale tab never opens a tile of a game its player has not seen.
import { and, desc, eq } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { minePositions } from "./fair.ts";
import { isMinesCount, MINES_TILES, minesMultiplier, minesPayout } from "./rules.ts";
import { type FairAlgorithm, fairAlgorithm } from "../../fair/algorithms.ts";
import { fairSeeds, type MinesGame, minesGames } from "../../schema.ts";
import { HOUSE_PLATFORM } from "../../types.ts";
import { walletBalance, walletBet, walletWin } from "../../wallet.server.ts";
import { isRequestKey } from "#app/kernel/request-key.ts";
import { noteSettledHouseBet } from "../live-bets.server.ts";
import { HouseError } from "../errors.ts";
import { checkStake, requireHouseGame } from "../game-row.server.ts";
import { MINES_CODE } from "./game.ts";
import { takeNonce } from "../seeds.server.ts";
import { playTransaction, walletOrThrow } from "../wallet-call.server.ts";
import { cappedFairness, capPayout } from "../limits.ts";

export type MinesView = {
  id: number;
  status: MinesGame["status"];
  mines: number;
  stake: bigint;
  revealed: number[];
  /** Ten-thousandths; 0 before the first safe tile. */
  multiplier: number;
  /** After one more safe tile (null when none is left). */
  nextMultiplier: number | null;
  /** Cash-out value now while playing; the amount paid once ended. */
  payout: bigint;
  /** Only once the game has ended. */
  minePositions: number[] | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  balance?: bigint;
  /** The start answered an earlier request with the same key: this is the game that request started. */
  replayed?: boolean;
};

const roundIdOf = (gameId: number) => `mines:${gameId}`;

type GameSeed = { serverSeed: string; serverSeedHash: string; clientSeed: string; algorithm: FairAlgorithm };

/** What cashing out with k safe tiles pays: held to the max win fixed at the start (none for older games). */
const cashValue = (game: MinesGame, k: number) => capPayout(minesPayout(game.stake, game.mines, k), game.maxWin);

function view(game: MinesGame, seed: GameSeed): MinesView {
  const k = game.revealed.length;
  const playing = game.status === "playing";
  return {
    id: game.id,
    status: game.status,
    mines: game.mines,
    stake: game.stake,
    revealed: game.revealed,
    multiplier: k > 0 ? minesMultiplier(game.mines, k) : 0,
    nextMultiplier: playing && k < MINES_TILES - game.mines ? minesMultiplier(game.mines, k + 1) : null,
    payout: playing ? (k > 0 ? cashValue(game, k).payout : 0n) : game.payout,
    minePositions: playing ? null : minePositions(seed.serverSeed, seed.clientSeed, game.nonce, game.mines, seed.algorithm),
    serverSeedHash: seed.serverSeedHash,
    clientSeed: seed.clientSeed,
    nonce: game.nonce,
  };
}

async function seedOf(ex: Tx | typeof db, seedId: number): Promise<GameSeed> {
  const [seed] = await ex
    .select({
      serverSeed: fairSeeds.serverSeed,
      serverSeedHash: fairSeeds.serverSeedHash,
      clientSeed: fairSeeds.clientSeed,
      algorithm: fairSeeds.algorithm,
    })
    .from(fairSeeds)
    .where(eq(fairSeeds.id, seedId));
  return { ...seed!, algorithm: fairAlgorithm(seed!.algorithm) };
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === "23505" || err?.cause?.code === "23505";
};

const inPlay = () => new HouseError("mines_in_play", "You already have a Mines game in play: finish it first.");

/** The player's game in play, or else their latest one; mines shown only once it has ended. */
export async function getMinesState(playerId: number): Promise<MinesView | null> {
  const [game] = await db.select().from(minesGames).where(eq(minesGames.playerId, playerId)).orderBy(desc(minesGames.id)).limit(1);
  return game ? view(game, await seedOf(db, game.seedId)) : null;
}

/** The game a request key started (the player's own), or undefined. */
async function gameOfKey(executor: Tx | typeof db, playerId: number, requestKey: string) {
  const [game] = await executor
    .select()
    .from(minesGames)
    .where(and(eq(minesGames.playerId, playerId), eq(minesGames.requestKey, requestKey)));
  return game;
}

/** The game a request key started, as it stands now, with the player's balance: a replayed start's answer. */
async function replayOf(game: MinesGame): Promise<MinesView> {
  const now = await walletBalance({ platform: HOUSE_PLATFORM, playerId: game.playerId });
  return { ...view(game, await seedOf(db, game.seedId)), balance: now.ok ? now.balance : 0n, replayed: true };
}

/** Thrown inside the start's transaction when its key already started a game: rolls back the nonce just taken. */
class Replayed {
  readonly game: MinesGame;
  constructor(game: MinesGame) {
    this.game = game;
  }
}

/**
 * Starts a game. With a request key (autobet sends one per game) the same key again answers the game it started
 * (`replayed`, as it stands now: in play or ended) instead of starting another, so a retried request never stakes twice.
 */
export async function startMines(playerId: number, input: { stake: bigint; mines: number; requestKey?: string }): Promise<MinesView> {
  if (!isMinesCount(input.mines)) throw new HouseError("mines_invalid", "Choose from 1 to 24 mines.");
  const gameRow = await requireHouseGame(MINES_CODE);
  const stake = checkStake(gameRow, input.stake);
  const { requestKey } = input;
  if (requestKey !== undefined && !isRequestKey(requestKey)) throw new HouseError("wallet_refused", "The request key is invalid.");
  let result: MinesView;
  try {
    result = await playTransaction(async (tx) => {
      // Taking the nonce locks the player's seed pair: a replay running beside its first request waits here and then
      // finds the game it started (before the in-play check: that game may still be in play).
      const keyed = requestKey ? await takeNonce(tx, playerId) : null;
      if (requestKey) {
        const started = await gameOfKey(tx, playerId, requestKey);
        if (started) throw new Replayed(started);
      }
      const [playing] = await tx
        .select({ id: minesGames.id })
        .from(minesGames)
        .where(and(eq(minesGames.playerId, playerId), eq(minesGames.status, "playing")));
      if (playing) throw inPlay();
      const [player] = await tx.select({ currency: players.currency }).from(players).where(eq(players.id, playerId));
      if (!player) throw new HouseError("wallet_refused", "Unknown player.");
      const seed = keyed ?? (await takeNonce(tx, playerId));
      const [game] = await tx
        .insert(minesGames)
        .values({
          playerId,
          seedId: seed.seedId,
          nonce: seed.nonce,
          mines: input.mines,
          stake,
          currency: player.currency,
          maxWin: gameRow.maxWin,
          requestKey: requestKey ?? null,
        })
        .returning();
      const fairness = {
        game: "mines",
        seedId: seed.seedId,
        serverSeedHash: seed.serverSeedHash,
        clientSeed: seed.clientSeed,
        nonce: seed.nonce,
        algorithm: seed.algorithm,
        mines: input.mines,
      };
      const roundId = roundIdOf(game!.id);
      const bet = walletOrThrow(
        await walletBet(
          { platform: HOUSE_PLATFORM, playerId, roundId, gameCode: gameRow.code, txnId: `${roundId}:bet`, amount: stake, fairness },
          tx,
        ),
      );
      return { ...view(game!, seed), balance: bet.balance };
    });
  } catch (e) {
    if (e instanceof Replayed) return replayOf(e.game);
    // A parallel start won the partial unique index (one game in play per player) or took the same key.
    if (isUniqueViolation(e)) {
      const started = requestKey ? await gameOfKey(db, playerId, requestKey) : undefined;
      if (started) return replayOf(started);
      throw inPlay();
    }
    throw e;
  }
  await publishBalanceChanged(playerId);
  return result;
}

/** A game id as a move names it: a positive whole number (anything else is no game of the player's). */
const isGameId = (id: number) => Number.isSafeInteger(id) && id >= 1;

/**
 * Locks the player's game in play and runs `step` on it inside one transaction, when it is the game `gameId` names;
 * else nothing changes and the refusal says so (an ended game, a game of another player, any other id alike).
 */
async function withGameInPlay<T>(playerId: number, gameId: number, step: (tx: Tx, game: MinesGame) => Promise<T>): Promise<T> {
  return playTransaction(async (tx) => {
    const [game] = await tx
      .select()
      .from(minesGames)
      .where(and(eq(minesGames.playerId, playerId), eq(minesGames.status, "playing")))
      .for("update");
    if (!game) throw new HouseError("no_mines_game", "That game has ended. You have no Mines game in play: start a new one.");
    if (!isGameId(gameId) || game.id !== gameId) throw new HouseError("mines_game_ended", "That game has ended. Here is your current game.");
    return step(tx, game);
  });
}

/**
 * Ends the game (busted with 0 or cashed with the payout) and settles its round through the wallet; `settled` hears
 * the betting-record id, for the live bets once the transaction has committed.
 */
async function settle(tx: Tx, game: MinesGame, revealed: number[], busted: boolean, settled: (roundDbId: number | null) => void): Promise<MinesView> {
  const seed = await seedOf(tx, game.seedId);
  const k = revealed.length - (busted ? 1 : 0);
  const { payout, capped } = busted ? { payout: 0n, capped: false } : cashValue(game, k);
  const [ended] = await tx
    .update(minesGames)
    .set({ revealed, status: busted ? "busted" : "cashed", payout, endedAt: new Date() })
    .where(eq(minesGames.id, game.id))
    .returning();
  const v = view(ended!, seed);
  const roundId = roundIdOf(game.id);
  const fairness = {
    game: "mines",
    seedId: game.seedId,
    serverSeedHash: seed.serverSeedHash,
    clientSeed: seed.clientSeed,
    nonce: game.nonce,
    algorithm: seed.algorithm,
    mines: game.mines,
    minePositions: v.minePositions,
    revealed,
    multiplier: busted ? 0 : minesMultiplier(game.mines, k),
    ...cappedFairness(capped, game.maxWin ?? 0n),
  };
  const win = walletOrThrow(
    await walletWin(
      {
        platform: HOUSE_PLATFORM,
        playerId: game.playerId,
        roundId,
        gameCode: MINES_CODE,
        txnId: `${roundId}:win`,
        amount: payout,
        betTxnId: `${roundId}:bet`,
        roundClosed: true,
        fairness,
      },
      tx,
    ),
  );
  settled(win.roundDbId);
  return { ...v, balance: win.balance };
}

/** Opens `tile` of the game `gameId` (the player's game in play). */
export async function revealTile(playerId: number, gameId: number, tile: number): Promise<MinesView> {
  if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES) throw new HouseError("tile_invalid", "Pick a tile from the grid.");
  let ended = false;
  let settledRound: number | null = null;
  const result = await withGameInPlay(playerId, gameId, async (tx, game) => {
    if (game.revealed.includes(tile)) throw new HouseError("tile_revealed", "That tile is already open.");
    const seed = await seedOf(tx, game.seedId);
    const mines = minePositions(seed.serverSeed, seed.clientSeed, game.nonce, game.mines, seed.algorithm);
    const revealed = [...game.revealed, tile];
    if (mines.includes(tile) || revealed.length === MINES_TILES - game.mines) {
      ended = true;
      return settle(tx, game, revealed, mines.includes(tile), (id) => (settledRound = id));
    }
    const [next] = await tx.update(minesGames).set({ revealed }).where(eq(minesGames.id, game.id)).returning();
    return view(next!, seed);
  });
  if (ended) await publishBalanceChanged(playerId);
  noteSettledHouseBet(settledRound);
  return result;
}

/** Cashes out the game `gameId` (the player's game in play). */
export async function cashOutMines(playerId: number, gameId: number): Promise<MinesView> {
  let settledRound: number | null = null;
  const result = await withGameInPlay(playerId, gameId, async (tx, game) => {
    if (game.revealed.length === 0) throw new HouseError("nothing_revealed", "Open at least one tile before cashing out.");
    return settle(tx, game, game.revealed, false, (id) => (settledRound = id));
  });
  await publishBalanceChanged(playerId);
  noteSettledHouseBet(settledRound);
  return result;
}
