// Autobet's plan: next stakes and stop rules, with property checks over seeded random runs.
import { describe, expect, it } from "vitest";
import { autobetSettings } from "./test-helpers.ts";
import { afterAutobet, AUTOBET_CLIENT_CAP, type AutobetBounds, type AutobetState, clampStake, increaseStake, startAutobet } from "./autobet.ts";

const settings = autobetSettings;
const bounds = (balance = 1_000_000n): AutobetBounds => ({ minStake: 100n, maxStake: 50_000n, balance });
const state = (over: Partial<AutobetState> = {}): AutobetState => ({ betsDone: 0, stake: 1_000n, profit: 0n, ...over });

describe("next stake", () => {
  it("increases by hundredths of a percent, rounding half up to whole poisha", () => {
    expect(increaseStake(1_000n, 10_000)).toBe(2_000n); // +100 %
    expect(increaseStake(1_000n, 5_000)).toBe(1_500n); // +50 %
    expect(increaseStake(101n, 5_000)).toBe(152n); // 151.5 -> 152
    expect(increaseStake(101n, 4_900)).toBe(150n); // 150.49 -> 150
    expect(increaseStake(333n, 1)).toBe(333n); // 333.0333 -> 333
  });

  it("resets to the base stake or increases the last one, by the result", () => {
    const s = settings({ onWin: { mode: "reset" }, onLoss: { mode: "increase", percent: 10_000 } });
    const lost = afterAutobet(s, state({ stake: 4_000n }), { stake: 4_000n, payout: 0n }, bounds());
    expect(lost.state.stake).toBe(8_000n);
    const won = afterAutobet(s, state({ stake: 4_000n }), { stake: 4_000n, payout: 7_920n }, bounds());
    expect(won.state.stake).toBe(1_000n);
    expect(won.state.profit).toBe(3_920n);
  });

  it("holds the stake to the max stake and the balance, never below the min stake", () => {
    expect(clampStake(90_000n, bounds())).toBe(50_000n);
    expect(clampStake(9_000n, bounds(5_000n))).toBe(5_000n);
    expect(clampStake(10n, bounds())).toBe(100n);
    expect(clampStake(1_000n, bounds(99n))).toBeNull();
  });

  it("stops when the balance cannot cover the min stake", () => {
    expect(startAutobet(settings(), bounds(50n)).stop).toBe("balance");
    const r = afterAutobet(settings(), state(), { stake: 1_000n, payout: 0n }, bounds(99n));
    expect(r.stop).toBe("balance");
  });
});

describe("stop rules", () => {
  it("stops after the number of bets", () => {
    const s = settings({ bets: 3 });
    let st = startAutobet(s, bounds()).state;
    const stops = [];
    for (let i = 0; i < 3; i++) {
      const r = afterAutobet(s, st, { stake: st.stake, payout: 0n }, bounds());
      st = r.state;
      stops.push(r.stop);
    }
    expect(stops).toEqual([null, null, "bets_done"]);
  });

  it("'until stopped' stops at the browser's cap", () => {
    const r = afterAutobet(settings({ bets: null }), state({ betsDone: AUTOBET_CLIENT_CAP - 1 }), { stake: 1_000n, payout: 0n }, bounds());
    expect(r.stop).toBe("bets_done");
  });

  it("stops on profit at exactly P and on loss at exactly L, and not a poisha before", () => {
    const s = settings({ stopProfit: 1_000n, stopLoss: 2_000n });
    expect(afterAutobet(s, state({ profit: 1n }), { stake: 1_000n, payout: 1_999n }, bounds()).stop).toBe("stop_profit");
    expect(afterAutobet(s, state({ profit: 0n }), { stake: 1_000n, payout: 1_999n }, bounds()).stop).toBeNull();
    expect(afterAutobet(s, state({ profit: -1_000n }), { stake: 1_000n, payout: 0n }, bounds()).stop).toBe("stop_loss");
    expect(afterAutobet(s, state({ profit: -999n }), { stake: 1_000n, payout: 0n }, bounds()).stop).toBeNull();
  });
});

// A small seeded generator, so a failing case repeats.
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

describe("properties over random runs", () => {
  it("every stake lies within the game's range and the balance; the run stops exactly when a rule says", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const r = rng(seed);
      const minStake = BigInt(1 + r(500));
      const maxStake = minStake + BigInt(r(100_000));
      const adjust = () => (r(2) ? ({ mode: "reset" } as const) : ({ mode: "increase", percent: 1 + r(100_000) } as const));
      const s = settings({
        bets: r(5) === 0 ? null : 1 + r(100),
        baseStake: BigInt(1 + r(200_000)),
        onWin: adjust(),
        onLoss: adjust(),
        stopProfit: r(2) ? BigInt(1 + r(500_000)) : null,
        stopLoss: r(2) ? BigInt(1 + r(500_000)) : null,
      });
      let balance = BigInt(r(2_000_000));
      const b = () => ({ minStake, maxStake, balance });
      const start = startAutobet(s, b());
      if (start.stop) {
        expect(balance < minStake).toBe(true);
        continue;
      }
      let st = start.state;
      for (;;) {
        expect(st.stake >= minStake && st.stake <= maxStake && st.stake <= balance).toBe(true);
        const payout = r(2) ? (st.stake * BigInt(r(40_000))) / 10_000n : 0n;
        balance += payout - st.stake;
        const next = afterAutobet(s, st, { stake: st.stake, payout }, b());
        const profit = st.profit + payout - st.stake;
        expect(next.state.profit).toBe(profit);
        const expected =
          s.stopProfit !== null && profit >= s.stopProfit
            ? "stop_profit"
            : s.stopLoss !== null && -profit >= s.stopLoss
              ? "stop_loss"
              : next.state.betsDone >= (s.bets ?? AUTOBET_CLIENT_CAP)
                ? "bets_done"
                : balance < minStake
                  ? "balance"
                  : null;
        expect(next.stop).toBe(expected);
        st = next.state;
        if (next.stop) break;
      }
    }
  });
});
