// Autobet's server-side run (issue 30; the way it works without JavaScript): up to 100 bets in one request, each a
// normal bet through the game's own placement function (the same ledger path, nonce sequence, stake and loss limits,
// exclusions and max win), with autobet.ts's rules between bets. The first refusal of a bet stops the run at once and
// is reported with the bets already run.
import { HOUSE_PLATFORM } from "../types.ts";
import { walletBalance } from "../wallet.server.ts";
import { afterAutobet, AUTOBET_SERVER_MAX_BETS, type AutobetPlanStop, type AutobetSettings, startAutobet } from "./autobet.ts";
import { type DiceDirection } from "./dice/rules.ts";
import { playDice } from "./dice/dice.server.ts";
import { DICE_CODE } from "./dice/game.ts";
import { HouseError, isHouseError } from "./errors.ts";
import { requireHouseGame } from "./game-row.server.ts";
import { cashOutMines, revealTile, startMines } from "./mines/mines.server.ts";
import { MINES_CODE } from "./mines/game.ts";

/** One bet of a run. `multiplier` in ten-thousandths; `roll` (Dice, hundredths) or `tiles` opened (Mines). */
export type AutobetLine = {
  n: number;
  stake: bigint;
  payout: bigint;
  win: boolean;
  multiplier: number;
  roll: number | null;
  tiles: number | null;
  nonce: number;
};

export type AutobetRun = {
  lines: AutobetLine[];
  /** Payouts minus stakes of the bets run. */
  profit: bigint;
  /** The plan's stop, or "refused" with the bet's refusal. */
  stop: AutobetPlanStop | "refused";
  refusal: HouseError | null;
  /** The playable balance after the last bet run (before the run when none was). */
  balance: bigint;
};

/**
 * Called before each bet (`n` counts from 1): answers true when the player's reality check has fallen due, which
 * stops the run ("reality_check_due"); a HouseError it throws stops it too.
 */
export type BeforeAutobet = (n: number) => Promise<boolean | void>;

type Placement = (stake: bigint, n: number) => Promise<AutobetLine & { balance: bigint }>;

/** Settings the run cannot take (not 1..100 bets) throw a HouseError "autobet_invalid" before any bet. */
async function runAutobet(
  playerId: number,
  code: string,
  settings: AutobetSettings,
  place: Placement,
  beforeBet?: BeforeAutobet,
): Promise<AutobetRun> {
  if (settings.bets === null || !Number.isInteger(settings.bets) || settings.bets < 1 || settings.bets > AUTOBET_SERVER_MAX_BETS) {
    throw new HouseError("autobet_invalid", "Choose from 1 to 100 bets.");
  }
  const lines: AutobetLine[] = [];
  let profit = 0n;
  let balance = 0n;
  const refused = (refusal: HouseError): AutobetRun => ({ lines, profit, stop: "refused", refusal, balance });
  try {
    const game = await requireHouseGame(code);
    const now = await walletBalance({ platform: HOUSE_PLATFORM, playerId });
    const bounds = (b: bigint) => ({ minStake: game.minStake, maxStake: game.maxStake, balance: b });
    balance = now.ok ? now.balance : 0n;
    const start = startAutobet(settings, bounds(balance));
    if (start.stop) return { lines, profit, stop: start.stop, refusal: null, balance };
    let state = start.state;
    for (let n = 1; ; n++) {
      if (await beforeBet?.(n)) throw new HouseError("reality_check_due", "The reality check is due.");
      const { balance: after, ...line } = await place(state.stake, n);
      lines.push(line);
      balance = after;
      const next = afterAutobet(settings, state, line, bounds(balance));
      state = next.state;
      profit = state.profit;
      if (next.stop) return { lines, profit, stop: next.stop, refusal: null, balance };
    }
  } catch (e) {
    if (isHouseError(e)) return refused(e);
    throw e;
  }
}

/** Dice: each bet is playDice with its own request key (`runKey` and the bet's number), so a retried run replays. */
export function runDiceAutobet(
  playerId: number,
  settings: AutobetSettings,
  bet: { target: number; direction: DiceDirection; runKey?: string },
  beforeBet?: BeforeAutobet,
): Promise<AutobetRun> {
  return runAutobet(
    playerId,
    DICE_CODE,
    settings,
    async (stake, n) => {
      const r = await playDice(playerId, {
        stake,
        target: bet.target,
        direction: bet.direction,
        requestKey: bet.runKey ? `${bet.runKey}-${n}` : undefined,
      });
      return {
        n,
        stake: r.stake,
        payout: r.payout,
        win: r.win,
        multiplier: r.multiplier,
        roll: r.roll,
        tiles: null,
        nonce: r.nonce,
        balance: r.balance,
      };
    },
    beforeBet,
  );
}

/**
 * Mines: each bet starts a game with `mines` mines, opens `tiles` in order (stopping at a mine) and cashes out after
 * the last one (the game ends by itself when they were all its safe tiles). With a `runKey` each game starts with its
 * own request key (`runKey` and the bet's number): a retried request answers the game it started (finishing it if
 * the first request stopped half-way) instead of staking again.
 */
export function runMinesAutobet(
  playerId: number,
  settings: AutobetSettings,
  bet: { mines: number; tiles: number[]; runKey?: string },
  beforeBet?: BeforeAutobet,
): Promise<AutobetRun> {
  if (!bet.tiles.length || new Set(bet.tiles).size !== bet.tiles.length || bet.tiles.length > 25 - bet.mines) {
    return Promise.reject(new HouseError("autobet_invalid", "Pick from 1 tile to as many as the safe tiles."));
  }
  return runAutobet(
    playerId,
    MINES_CODE,
    settings,
    async (stake, n) => {
      const start = { stake, mines: bet.mines, requestKey: bet.runKey ? `${bet.runKey}-${n}` : undefined };
      let view = await startMines(playerId, start);
      for (let attempt = 1; ; attempt++) {
        try {
          for (const tile of bet.tiles) {
            if (view.status !== "playing") break;
            if (view.revealed.includes(tile)) continue;
            view = await revealTile(playerId, view.id, tile);
          }
          if (view.status === "playing") view = await cashOutMines(playerId, view.id);
          break;
        } catch (e) {
          // A replay racing its first request (still opening the tiles): the tile or the cash-out was just taken by
          // it. Read the game again and go on from where it stands.
          if (!view.replayed || !isHouseError(e) || attempt >= 5) throw e;
          view = await startMines(playerId, start);
        }
      }
      const win = view.status === "cashed";
      return {
        n,
        stake: view.stake,
        payout: view.payout,
        win,
        multiplier: win ? view.multiplier : 0,
        roll: null,
        tiles: view.revealed.length,
        nonce: view.nonce,
        balance: view.balance ?? 0n,
      };
    },
    beforeBet,
  );
}
