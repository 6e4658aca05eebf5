// Crash points from a SHA-256 hash chain (bustabit's scheme, 1 % house edge).
//
// Chain: from a secret seed (hex), hash(1) = SHA-256(seed bytes), hash(i+1) = SHA-256(hash(i) raw 32 bytes).
// hashChain returns them oldest first, so the LAST one generated is game 1, the one before it game 2, and so on.
// The terminating hash SHA-256(game 1's hash) is published before game 1; for every game n,
// SHA-256(hash of game n+1) = hash of game n, and hashing game n's hash n times gives the terminating hash.
//
// Result of one game, in hundredths (100 = 1.00x):
//   H = HMAC-SHA256(key = salt as ASCII text, msg = the game hash's 32 raw bytes)
//   r = the first 13 hex characters of H (52 bits), X = r / 2^52
//   crash = max(100, floor(99 / (1 - X)))  computed exactly as floor(99 * 2^52 / (2^52 - r)) with integers.
// So P(crash >= m) = 0.99 / m for every multiplier m > 1: the house keeps 1 % whatever the cash-out point.
import { createHash, createHmac } from "node:crypto";
import { hmacKey } from "../../fair/bytes.ts";

const HEX64 = /^[0-9a-f]{64}$/;
const E = 2n ** 52n;

function bytesOf(hashHex: string): Buffer {
  const hex = hashHex.toLowerCase();
  if (!HEX64.test(hex)) throw new RangeError("a hash is 64 hex characters");
  return Buffer.from(hex, "hex");
}

const sha256Raw = (bytes: Buffer) => createHash("sha256").update(bytes).digest();

export function isHashHex(value: unknown): value is string {
  return typeof value === "string" && HEX64.test(value.toLowerCase());
}

/** The crash point of a game hash in hundredths (100 = 1.00x). */
export function crashPointFromHash(gameHashHex: string, salt: string): number {
  return crashPointFromBytes(bytesOf(gameHashHex), salt);
}

/** The same from the game hash's 32 raw bytes. */
export function crashPointFromBytes(gameHash: Uint8Array, salt: string): number {
  const h = createHmac("sha256", hmacKey(salt)).update(gameHash).digest();
  // The first 13 hex characters: 6 whole bytes and the high half of the 7th.
  const r = BigInt(h.readUIntBE(0, 6) * 16 + (h[6]! >> 4));
  const point = (99n * E) / (E - r);
  return point < 100n ? 100 : Number(point);
}

/** `length` hashes from the seed, oldest first: the last element is game 1, element i is game length - i. */
export function hashChain(seedHex: string, length: number): string[] {
  if (!Number.isInteger(length) || length < 1) throw new RangeError("length must be a positive integer");
  const chain: string[] = [];
  let current = bytesOf(seedHex);
  for (let i = 0; i < length; i++) {
    current = sha256Raw(current);
    chain.push(current.toString("hex"));
  }
  return chain;
}

/** The hash published before game 1: SHA-256 of game 1's hash (the chain's last element). */
export function terminatingHash(chain: readonly string[]): string {
  const last = chain.at(-1);
  if (!last) throw new RangeError("empty chain");
  return sha256Raw(bytesOf(last)).toString("hex");
}

/** True when hash is SHA-256 of nextHash's bytes: nextHash is the game after hash (or game 1 after the terminating hash). */
export function verifyChainLink(hash: string, nextHash: string): boolean {
  if (!isHashHex(hash) || !isHashHex(nextHash)) return false;
  return sha256Raw(bytesOf(nextHash)).toString("hex") === hash.toLowerCase();
}

/** The hash reached by hashing `hash` (its raw bytes) `times` times: from game n, n times gives the terminating hash. */
export function hashForward(hash: string, times: number): string {
  if (!Number.isInteger(times) || times < 0) throw new RangeError("times must be a whole number");
  let current = bytesOf(hash);
  for (let i = 0; i < times; i++) current = sha256Raw(current);
  return current.toString("hex");
}

/** True when hashing game `gameNumber`'s hash gameNumber times reaches the terminating hash. */
export function verifyGameHash(gameHash: string, gameNumber: number, terminating: string): boolean {
  if (!isHashHex(gameHash) || !isHashHex(terminating) || !Number.isInteger(gameNumber) || gameNumber < 1) return false;
  return hashForward(gameHash, gameNumber) === terminating.toLowerCase();
}
