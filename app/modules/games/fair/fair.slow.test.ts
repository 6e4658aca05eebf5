// The 1 % house edge over 1,000,000 simulated rounds of each in-house game (fixed seeds): about 10 s a game, so in
// npm run test:slow. The maths itself is checked by hand and by distribution in fair.test.ts.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { crashPointFromBytes, diceMultiplier, dicePayout, diceRoll, diceWins, minePositions, minesPayout, sha256Hex } from "./index.ts";

describe("dice", () => {
  it("keeps 1 % over 1,000,000 rounds for several targets", () => {
    const targets = [
      { target: 4950, direction: "under" as const },
      { target: 9000, direction: "under" as const },
      { target: 9000, direction: "over" as const },
      { target: 2500, direction: "over" as const },
    ];
    const returned = targets.map(() => 0n);
    const rounds = 1_000_000;
    const stake = 10_000n;
    const stream = { server: sha256Hex("dice-edge"), client: "edge" };
    for (let nonce = 0; nonce < rounds; nonce++) {
      const roll = diceRoll(stream.server, stream.client, nonce, 2);
      targets.forEach(({ target, direction }, i) => {
        if (diceWins(roll, target, direction)) returned[i]! += dicePayout(stake, diceMultiplier(target, direction));
      });
    }
    for (const r of returned) expect(Math.abs(Number(r) / (rounds * Number(stake)) - 0.99)).toBeLessThan(0.01);
  });
});

describe("mines", () => {
  it("keeps 1 % on the first pick over 1,000,000 rounds", () => {
    const counts = [1, 2, 3, 5, 8]; // each layout within one HMAC; 24 mines is covered by the boundary test
    const stake = 10_000n;
    let returned = 0n;
    const rounds = 1_000_000;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const mines = counts[nonce % counts.length]!;
      const tile = nonce % 25;
      // Only whether the picked tile is a mine matters: read just the first m picks.
      if (!minePositions("mines-edge", "edge", nonce, mines, 2).includes(tile)) returned += minesPayout(stake, mines, 1);
    }
    expect(Math.abs(Number(returned) / (rounds * Number(stake)) - 0.99)).toBeLessThan(0.01);
  });
});

describe("crash", () => {
  const salt = "0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c";

  it("keeps 1 % over 1,000,000 games for several cash-out points", () => {
    const targets = [101, 150, 200, 500, 1000];
    const hits = targets.map(() => 0);
    const rounds = 1_000_000;
    let hash = Buffer.from(sha256Hex("edge-chain"), "hex");
    for (let i = 0; i < rounds; i++) {
      hash = createHash("sha256").update(hash).digest();
      const point = crashPointFromBytes(hash, salt);
      targets.forEach((m, j) => {
        if (point >= m) hits[j]!++;
      });
    }
    targets.forEach((m, j) => expect(Math.abs((hits[j]! / rounds) * (m / 100) - 0.99)).toBeLessThan(0.01));
  });
});
