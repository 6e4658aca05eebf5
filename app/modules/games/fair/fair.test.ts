// The provably fair maths: reproduction by hand, distributions (chi-square over 100,000 draws per game, fixed seeds)
// and the boundaries. The 1 % house edge over 1,000,000 simulated rounds is fair.slow.test.ts (npm run test:slow).
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  ByteStream,
  crashPointFromHash,
  DICE_OUTCOMES,
  diceMultiplier,
  diceOutcome,
  dicePayout,
  diceRoll,
  diceTargetAllowed,
  diceTargetRange,
  diceWins,
  floatsFor,
  hashChain,
  hmacBytes,
  minePositions,
  minesMultiplier,
  minesPayout,
  multiplierText,
  sha256Hex,
  terminatingHash,
  uniformInt,
  verifyChainLink,
  verifyGameHash,
} from "./index.ts";

const SERVER = "3f1c0e8a2b7d4c6e9f0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6a";
const CLIENT = "lucky-client";

/** Chi-square statistic of observed counts against expected counts. */
function chiSquare(observed: number[], expected: number[]) {
  return observed.reduce((sum, o, i) => sum + (o - expected[i]!) ** 2 / expected[i]!, 0);
}

describe("bytes and integers", () => {
  it("are HMAC-SHA256(serverSeed, `client:nonce:round`) read as big-endian words / 2^32", () => {
    const manual = createHmac("sha256", SERVER).update(`${CLIENT}:7:0`).digest();
    expect(hmacBytes(SERVER, CLIENT, 7, 0).equals(manual)).toBe(true);
    const floats = floatsFor(SERVER, CLIENT, 7, 10);
    expect(floats[0]).toBe(manual.readUInt32BE(0) / 2 ** 32);
    // The 9th float comes from round 1.
    expect(floats[8]).toBe(createHmac("sha256", SERVER).update(`${CLIENT}:7:1`).digest().readUInt32BE(0) / 2 ** 32);
    expect(floats.every((f) => f >= 0 && f < 1)).toBe(true);
  });

  it("rejects words at or above floor(2^32/n)*n and reads on, across rounds", () => {
    // n = 2^31 + 1: k = 1 and limit = 2^31 + 1, so about half the words are rejected.
    const n = 2 ** 31 + 1;
    let sawRejection = false;
    for (let nonce = 0; nonce < 50; nonce++) {
      const words: number[] = [];
      for (let round = 0; round < 4; round++) {
        const b = hmacBytes(SERVER, CLIENT, nonce, round);
        for (let i = 0; i < 32; i += 4) words.push(b.readUInt32BE(i));
      }
      const index = words.findIndex((v) => v < n);
      const { value, cursor } = uniformInt(SERVER, CLIENT, nonce, n);
      expect(value).toBe(words[index]);
      expect(cursor).toBe((index + 1) * 4);
      if (index > 0) sawRejection = true;
    }
    expect(sawRejection).toBe(true);
  });

  it("maps accepted words with floor(v / k) and continues from a cursor", () => {
    const stream = new ByteStream(SERVER, CLIENT, 3);
    const first = stream.nextInt(10);
    const second = uniformInt(SERVER, CLIENT, 3, 10, 4);
    const word0 = hmacBytes(SERVER, CLIENT, 3, 0).readUInt32BE(0);
    const k = Math.floor(2 ** 32 / 10);
    if (word0 < k * 10) expect(first).toBe(Math.floor(word0 / k));
    expect(second.value).toBe(stream.nextInt(10));
  });

  it("hashes with SHA-256", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

/** The i-th float of a pair and nonce as Stake-style verifiers publish it: 4 bytes summed as byte / 256^(j+1). */
function publishedFloat(serverSeed: string, clientSeed: string, nonce: number, i: number): number {
  const bytes = hmacBytes(serverSeed, clientSeed, nonce, Math.floor((i * 4) / 32)).subarray((i * 4) % 32, ((i * 4) % 32) + 4);
  return [...bytes].reduce((sum, byte, j) => sum + byte / 256 ** (j + 1), 0);
}

describe("dice", () => {
  it("version 1 round-trips: the roll is the first unbiased integer in 0..10000", () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const word = hmacBytes(SERVER, CLIENT, nonce, 0).readUInt32BE(0);
      const k = Math.floor(2 ** 32 / DICE_OUTCOMES);
      const roll = diceRoll(SERVER, CLIENT, nonce, 1);
      if (word < k * DICE_OUTCOMES) expect(roll).toBe(Math.floor(word / k));
      expect(roll).toBeGreaterThanOrEqual(0);
      expect(roll).toBeLessThanOrEqual(10_000);
      const out = diceOutcome(SERVER, CLIENT, nonce, 5000, "under", 1);
      expect(out).toEqual({ roll, win: roll < 5000, multiplier: 19801 });
    }
  });

  it("version 2 is the published formula: floor(float × 10001) of the first 4 bytes", () => {
    for (let nonce = 0; nonce < 2000; nonce++) {
      const roll = diceRoll(SERVER, CLIENT, nonce, 2);
      expect(roll).toBe(Math.floor(publishedFloat(SERVER, CLIENT, nonce, 0) * 10001));
      expect(diceOutcome(SERVER, CLIENT, nonce, 5000, "over", 2)).toEqual({ roll, win: roll > 5000, multiplier: 19801 });
    }
  });

  it("the versions differ on about 1 % of nonces, by 0.01, and each pair keeps its own", () => {
    let differ = 0;
    for (let nonce = 0; nonce < 20_000; nonce++) {
      const [v1, v2] = [diceRoll(SERVER, CLIENT, nonce, 1), diceRoll(SERVER, CLIENT, nonce, 2)];
      if (v1 !== v2) {
        differ++;
        // Rejection sampling keeps a word's quotient by k, the float multiplies: at most one hundredth apart.
        expect(Math.abs(v1 - v2)).toBe(1);
      }
    }
    expect(differ / 20_000).toBeGreaterThan(0.002);
    expect(differ / 20_000).toBeLessThan(0.03);
  });

  it("pays 99 / chance% floored to 4 decimals, and payouts floor to poisha", () => {
    // under 50.00: 5000 of 10001 outcomes win, 0.99 * 10001 / 5000 = 1.98019...
    expect(multiplierText(diceMultiplier(5000, "under"))).toBe("1.9801");
    expect(multiplierText(diceMultiplier(5000, "over"))).toBe("1.9801");
    expect(dicePayout(1001n, diceMultiplier(5000, "under"))).toBe(1982n); // 1001 * 1.9801 = 1982.08
    expect(diceWins(4999, 5000, "under")).toBe(true);
    expect(diceWins(5000, 5000, "under")).toBe(false);
    expect(diceWins(5000, 5000, "over")).toBe(false);
    expect(diceWins(5001, 5000, "over")).toBe(true);
  });

  it("refuses targets whose chance lies outside 0.01 % .. 98 %", () => {
    for (const direction of ["under", "over"] as const) {
      const { min, max } = diceTargetRange(direction);
      expect(diceTargetAllowed(min, direction)).toBe(true);
      expect(diceTargetAllowed(max, direction)).toBe(true);
      expect(diceTargetAllowed(min - 1, direction)).toBe(false);
      expect(diceTargetAllowed(max + 1, direction)).toBe(false);
    }
    expect(diceTargetAllowed(0, "under")).toBe(false);
    expect(diceTargetAllowed(10_000, "over")).toBe(false);
    expect(diceTargetAllowed(1.5, "under")).toBe(false);
    expect(multiplierText(diceMultiplier(2, "under"))).toBe("4950.4950");
    expect(multiplierText(diceMultiplier(9800, "under"))).toBe("1.0103");
  });

  it("rolls uniformly: chi-square over 100,000 rolls in 100 buckets", () => {
    const counts = new Array<number>(100).fill(0);
    for (let nonce = 0; nonce < 100_000; nonce++) counts[Math.floor((diceRoll(SERVER, CLIENT, nonce, 2) * 100) / DICE_OUTCOMES)]!++;
    // Bucket b holds the rolls r with floor(r*100/10001) = b: 100 or 101 of the 10001 outcomes.
    const sizes = new Array<number>(100).fill(0);
    for (let r = 0; r < DICE_OUTCOMES; r++) sizes[Math.floor((r * 100) / DICE_OUTCOMES)]!++;
    const stat = chiSquare(
      counts,
      sizes.map((s) => (s / DICE_OUTCOMES) * 100_000),
    );
    expect(stat).toBeLessThan(148.23); // df 99, p = 0.001
  });
});

describe("mines", () => {
  it("version 1 round-trips: Fisher-Yates with unbiased integers over the tiles still unpicked", () => {
    for (let nonce = 0; nonce < 100; nonce++) {
      const stream = new ByteStream(SERVER, CLIENT, nonce);
      const remaining = Array.from({ length: 25 }, (_, i) => i);
      const manual: number[] = [];
      for (let i = 0; i < 24; i++) manual.push(remaining.splice(stream.nextInt(25 - i), 1)[0]!);
      expect(minePositions(SERVER, CLIENT, nonce, 24, 1)).toEqual(manual);
      // The first m picks do not depend on m.
      expect(minePositions(SERVER, CLIENT, nonce, 3, 1)).toEqual(manual.slice(0, 3));
      expect(new Set(manual).size).toBe(24);
    }
  });

  it("version 2 is the published shuffle: step i takes floor(float_i × (25 − i)) of the tiles left, 24 floats over 3 rounds", () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const tiles = Array.from({ length: 25 }, (_, i) => i);
      const published = Array.from({ length: 24 }, (_, i) => tiles.splice(Math.floor(publishedFloat(SERVER, CLIENT, nonce, i) * (25 - i)), 1)[0]!);
      expect(minePositions(SERVER, CLIENT, nonce, 24, 2)).toEqual(published);
      expect(minePositions(SERVER, CLIENT, nonce, 5, 2)).toEqual(published.slice(0, 5));
    }
  });

  it("places mines uniformly: chi-square over 100,000 layouts by tile", () => {
    const counts = new Array<number>(25).fill(0);
    const firsts = new Array<number>(25).fill(0);
    const mines = 5;
    for (let nonce = 0; nonce < 100_000; nonce++) {
      const picks = minePositions(SERVER, "chi", nonce, mines, 2);
      firsts[picks[0]!]!++;
      for (const tile of picks) counts[tile]!++;
    }
    expect(chiSquare(counts, new Array(25).fill((100_000 * mines) / 25))).toBeLessThan(51.18); // df 24, p = 0.001
    expect(chiSquare(firsts, new Array(25).fill(100_000 / 25))).toBeLessThan(51.18);
  });

  it("pays 0.99 * C(25,k) / C(25-m,k), floored, and 0.99 * 25 with 24 mines", () => {
    expect(minesMultiplier(24, 1)).toBe(247_500);
    expect(minesPayout(10_000n, 24, 1)).toBe(247_500n);
    expect(minesMultiplier(1, 1)).toBe(10_312); // 0.99 * 25/24 = 1.03125
    expect(minesPayout(333n, 1, 1)).toBe(343n); // 333 * 1.03125 = 343.40
    expect(minesMultiplier(3, 22)).toBe(Math.floor((9900 * 2300) / 1)); // C(25,22) = 2300, C(22,22) = 1
    expect(() => minesMultiplier(24, 2)).toThrow(RangeError);
    expect(() => minesMultiplier(25, 1)).toThrow(RangeError);
  });

  it("all-mines boundary: 24 mines leave one safe tile", () => {
    const picks = minePositions(SERVER, CLIENT, 42, 24, 2);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !picks.includes(t));
    expect(safe).toHaveLength(1);
    expect(multiplierText(minesMultiplier(24, 1))).toBe("24.7500");
  });
});

describe("crash", () => {
  const salt = "0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c";

  it("round-trips: HMAC(salt text, hash bytes), first 52 bits, floor(99 / (1 - X)) exactly", () => {
    const chain = hashChain(sha256Hex("crash-seed"), 1000);
    for (const hash of chain) {
      const h = createHmac("sha256", Buffer.from(salt, "utf8")).update(Buffer.from(hash, "hex")).digest("hex");
      const r = BigInt(`0x${h.slice(0, 13)}`);
      const exact = (99n * 2n ** 52n) / (2n ** 52n - r);
      expect(crashPointFromHash(hash, salt)).toBe(Number(exact < 100n ? 100n : exact));
    }
  });

  it("builds a chain newest-last whose links and terminating hash verify", () => {
    const seed = sha256Hex("chain-seed");
    const chain = hashChain(seed, 100);
    expect(chain[0]).toBe(createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex"));
    const game = (n: number) => chain[chain.length - n]!;
    const term = terminatingHash(chain);
    expect(verifyChainLink(term, game(1))).toBe(true);
    for (let n = 1; n < 100; n++) expect(verifyChainLink(game(n), game(n + 1))).toBe(true);
    expect(verifyChainLink(game(2), game(1))).toBe(false);
    expect(verifyGameHash(game(37), 37, term)).toBe(true);
    expect(verifyGameHash(game(37), 36, term)).toBe(false);
    expect(verifyChainLink("zz", game(1))).toBe(false);
  });

  it("1.00x boundary: a game hash whose crash point is 100", () => {
    // Found by scanning the chain below; any X < 2/101 gives 1.00x.
    const chain = hashChain(sha256Hex("boundary"), 500);
    const instant = chain.find((h) => crashPointFromHash(h, salt) === 100);
    expect(instant).toBeDefined();
    expect(crashPointFromHash(instant!, salt)).toBe(100);
    expect(Math.min(...chain.map((h) => crashPointFromHash(h, salt)))).toBe(100);
  });

  it("follows P(crash >= m) = 0.99/m: chi-square over 100,000 games in ranges", () => {
    const edges = [100, 101, 150, 200, 300, 500, 1000, 10_000]; // lower edges in hundredths; the last range is open
    const counts = new Array<number>(edges.length).fill(0);
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const point = crashPointFromHash(sha256Hex(`chi-${i}`), salt);
      let b = edges.length - 1;
      while (point < edges[b]!) b--;
      counts[b]!++;
    }
    const atLeast = (m: number) => (m <= 100 ? 1 : 99 / m);
    const expected = edges.map((e, i) => n * (atLeast(e) - (i + 1 < edges.length ? atLeast(edges[i + 1]!) : 0)));
    expect(chiSquare(counts, expected)).toBeLessThan(24.32); // df 7, p = 0.001
  });
});
