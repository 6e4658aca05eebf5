// Provably fair random numbers for Dice and Mines (server seed, client seed, nonce). Anyone can reproduce them:
//
// 1. Bytes. Round r (0, 1, 2, ...) gives 32 bytes:
//      HMAC-SHA256(key = serverSeed as UTF-8 text, message = `${clientSeed}:${nonce}:${r}`)
//    A result reads these bytes in order, round 0 first, then round 1, and so on. The cursor is the number of
//    bytes read so far (round = floor(cursor / 32)).
// 2. Words. Every 4 bytes form a big-endian unsigned 32-bit integer v (0 .. 2^32 - 1). As a float, f = v / 2^32,
//    which lies in [0, 1).
// 3. A uniform integer in 0 .. n-1 without modulo bias (rejection sampling): let k = floor(2^32 / n) and
//    limit = k * n. Read the next word v; if v >= limit, discard it and read the next word (going on into the
//    next round when the 32 bytes run out). Otherwise the result is floor(v / k). Every result has exactly k
//    accepted words, so all n results are equally likely.
// 4. A game that needs several integers (Mines) keeps reading from where the previous one stopped.
import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes } from "node:crypto";

const TWO_32 = 2 ** 32;

// Node 24 re-imports a raw HMAC key on every call (several times slower than a KeyObject), and one seed is
// used for many nonces, so the last key is kept.
let lastKey: { text: string; key: KeyObject | string } | undefined;

/** An HMAC key for UTF-8 text, reusing the previous one when the text is the same. */
export function hmacKey(text: string): KeyObject | string {
  if (lastKey?.text !== text) lastKey = { text, key: text.length > 0 ? createSecretKey(Buffer.from(text, "utf8")) : text };
  return lastKey.key;
}

export function sha256Hex(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}

/** A new secret server seed: 32 bytes from the cryptographic RNG, as 64 hex characters. */
export function newServerSeed(): string {
  return randomBytes(32).toString("hex");
}

/** The 32 bytes of one round: HMAC-SHA256(key = serverSeed, msg = `${clientSeed}:${nonce}:${round}`). */
export function hmacBytes(serverSeed: string, clientSeed: string, nonce: number, round: number): Buffer {
  return createHmac("sha256", hmacKey(serverSeed)).update(`${clientSeed}:${nonce}:${round}`).digest();
}

/** Reads the words of one (serverSeed, clientSeed, nonce) in order, starting at byte `cursor` (a multiple of 4). */
export class ByteStream {
  private round = -1;
  private bytes: Buffer = Buffer.alloc(0);

  private readonly serverSeed: string;
  private readonly clientSeed: string;
  private readonly nonce: number;
  cursor: number;

  constructor(serverSeed: string, clientSeed: string, nonce: number, cursor = 0) {
    if (cursor % 4 !== 0 || cursor < 0) throw new RangeError("cursor must be a non-negative multiple of 4");
    this.serverSeed = serverSeed;
    this.clientSeed = clientSeed;
    this.nonce = nonce;
    this.cursor = cursor;
  }

  nextUint32(): number {
    const round = Math.floor(this.cursor / 32);
    if (round !== this.round) {
      this.bytes = hmacBytes(this.serverSeed, this.clientSeed, this.nonce, round);
      this.round = round;
    }
    const value = this.bytes.readUInt32BE(this.cursor % 32);
    this.cursor += 4;
    return value;
  }

  nextFloat(): number {
    return this.nextUint32() / TWO_32;
  }

  /** A uniform integer in 0..n-1 (procedure in the file header). */
  nextInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError("n must be an integer from 1 to 2^32");
    const k = Math.floor(TWO_32 / n);
    const limit = k * n;
    for (;;) {
      const v = this.nextUint32();
      if (v < limit) return Math.floor(v / k);
    }
  }
}

/** The first `count` floats in [0, 1) of a seed pair and nonce (4-byte big-endian words / 2^32). */
export function floatsFor(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const stream = new ByteStream(serverSeed, clientSeed, nonce);
  return Array.from({ length: count }, () => stream.nextFloat());
}

/** One uniform integer in 0..n-1 read from byte `cursor` on; returns it with the cursor after the words it used. */
export function uniformInt(serverSeed: string, clientSeed: string, nonce: number, n: number, cursor = 0): { value: number; cursor: number } {
  const stream = new ByteStream(serverSeed, clientSeed, nonce, cursor);
  const value = stream.nextInt(n);
  return { value, cursor: stream.cursor };
}
