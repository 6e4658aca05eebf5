// What an in-house game is to the rest of the site: one HouseGame per folder (house/<game>/game.ts), listed once in
// registry.ts, and its server half (house/<game>/game.server.ts: HouseServerGame) once in registry.server.ts. The
// shared places read these instead of branching on game names: the catalogue seed and the launch adapter (code,
// page, catalogue entry), the /fair verifier (its fields, the recomputation, how a result is shown, how it works),
// the betting record (a round's result line and its verifier link), seed rotation (rounds in play that hold the
// seed pair) and the game pages (page data, play). HouseGame is pure and browser-safe: no database, no crypto.
import type { Tx } from "#app/db/db.server.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { algorithmOfRound, CURRENT_FAIR_ALGORITHM, type FairAlgorithm, isFairAlgorithm } from "../fair/algorithms.ts";
import type { GameType } from "../types.ts";

/**
 * One input of the /fair verifier form: the GET parameter, its label, and whether it takes digits; `choices`: a
 * list to choose from instead of a text input (the first is the default).
 */
export type VerifierField = { name: string; label: MessageKey; numeric?: boolean; choices?: { value: string; label: MessageKey }[] };

/** A recomputed result as the verifier's loader returns it: the game's id, for seed games the seed's SHA-256. */
export type VerifierResult = { game: string; seedHash?: string } & Record<string, unknown>;

/**
 * How the verifier shows a result: one line (label: text and unit), large or not; `board`: tiles marked on the 5×5
 * board; `notes`: further lines (a string and its values).
 */
export type VerifierDisplay = {
  label: MessageKey;
  text: string;
  unit?: string;
  testId: string;
  large: boolean;
  board?: number[];
  notes?: { key: MessageKey; params: Record<string, string>; testId: string }[];
};

/** A settled round's result in the betting record: the records.details.<key> string and its values. */
export type RecordResult = { key: string; params: Record<string, string> };

/** A round's fairness data as the wallet stored it (gameRounds.fairness); `game` names the HouseGame. */
export type Fairness = Record<string, unknown>;

export type HouseGame = {
  /** The fairness data's `game` and the verifier's ?game= value. */
  id: string;
  /** The catalogue code, HOUSE-<type>-<name> (seed.server.ts's gameCode of `catalogue`). */
  code: string;
  /** The game's page (its route in app/routes.ts); the house provider's launch URL. */
  path: string;
  /** The catalogue row every install starts with. */
  /** `roundPayoutCap`: a shared-round game's cap on what a round pays (issue 30); every house game gets limits.ts's max win. */
  catalogue: { type: GameType; name: string; featured: boolean; roundPayoutCap?: bigint };
  fairness: {
    /** "seeds": from the player's seed pair (server seed, client seed, nonce); "chain": from a public hash chain. */
    source: "seeds" | "chain";
    /** The verifier's name of the game and the /fair "how it works" paragraph. */
    label: MessageKey;
    how: MessageKey;
    /** The verifier inputs it reads (the form shows every game's, in registry order). */
    fields: VerifierField[];
    display(result: VerifierResult): VerifierDisplay;
    /** The verifier's parameters (without `game`) that recompute a round, once what it needs is public; else null. */
    query(fairness: Fairness, serverSeed: string | null): Record<string, string> | null;
  };
  /** The betting record's result line for a round, or null when its fairness data has none. */
  record(fairness: Fairness): RecordResult | null;
  /** The multiplier a winning round paid, as the game shows it ("1.9800", "2.50"); null when its fairness data has none. */
  winMultiplier(fairness: Fairness): string | null;
};

export const defineHouseGame = (game: HouseGame): HouseGame => game;

/**
 * A game's server half. `play` holds its own entry points (bets, moves, settlement), which only its page calls;
 * `pageData` what its page's loader shows around the game (balance, stake limits, seeds or the round).
 */
export type HouseServerGame<Play = unknown, PageData = unknown> = {
  game: HouseGame;
  /** Recomputes a result from the /fair verifier's parameters (game.fairness.fields), or says what is wrong with each. */
  verify(values: Record<string, string>): Verification | Promise<Verification>;
  pageData(playerId: number): Promise<PageData>;
  play: Play;
  /** Refuses (throws) a seed rotation while a round of the game drawn from the player's active pair is in play. */
  holdsSeeds?(tx: Tx, playerId: number): Promise<void>;
};

// What the seed games share: the seed pair's inputs, their checks, the seed's hash, the verifier link.

export const seedFields: VerifierField[] = [
  { name: "serverSeed", label: "house.fair.serverSeed" },
  { name: "clientSeed", label: "house.seeds.clientSeed" },
  { name: "nonce", label: "house.fair.nonce", numeric: true },
  {
    name: "algorithm",
    label: "house.fair.algorithm",
    choices: [
      { value: "2", label: "house.fair.algorithms.v2" },
      { value: "1", label: "house.fair.algorithms.v1" },
    ],
  },
];

/** A verifier input's problem, by field name (as next to that field). */
export type VerifierErrors = Partial<Record<string, MessageKey>>;
export type Verification = { result: VerifierResult } | { errors: VerifierErrors };

/** One verifier input as read: its value, or the message shown next to it. */
export type Read<T> = { value: T } | { error: MessageKey };

/**
 * The verifier reads its inputs exactly as typed, as a third-party verifier would: a seed is used as written (a
 * space at either end is refused, not trimmed away, since it would change the result), and a whole number is
 * decimal digits only ("", "0x10", "1e2", "+1" and "1.0" are refused, not read as 0, 16, 100 or 1).
 */
export function readSeedText(raw: string | undefined, { max, required }: { max: number; required: MessageKey }): Read<string> {
  const value = raw ?? "";
  if (value === "") return { error: required };
  if (value !== value.trim()) return { error: "house.errors.seedSpaces" };
  if (value.length > max || !/^[\x20-\x7e]+$/.test(value)) return { error: "house.errors.seedCharacters" };
  return { value };
}

export function readWholeNumber(
  raw: string | undefined,
  { min, max, required, invalid }: { min: number; max: number; required: MessageKey; invalid: MessageKey },
): Read<number> {
  const value = raw ?? "";
  if (value === "") return { error: required };
  if (!/^\d{1,10}$/.test(value)) return { error: invalid };
  const n = Number(value);
  return n < min || n > max ? { error: invalid } : { value: n };
}

/** The values of `reads` when each was read, else null with each problem put into `errors` under its field. */
export function readAll<T extends Record<string, Read<unknown>>>(
  reads: T,
  errors: VerifierErrors,
): { [K in keyof T]: T[K] extends Read<infer V> ? V : never } | null {
  const out: Record<string, unknown> = {};
  for (const [field, read] of Object.entries(reads)) {
    if ("error" in read) errors[field] = read.error;
    else out[field] = read.value;
  }
  return Object.keys(errors).length ? null : (out as { [K in keyof T]: T[K] extends Read<infer V> ? V : never });
}

export const MAX_NONCE = 2 ** 31 - 1;

/** The pair's algorithm version (fair/algorithms.ts); none given = the current one, as for a pair made today. */
export function readAlgorithm(raw: string | undefined): Read<FairAlgorithm> {
  if (!raw) return { value: CURRENT_FAIR_ALGORITHM };
  const n = /^\d$/.test(raw) ? Number(raw) : NaN;
  return isFairAlgorithm(n) ? { value: n } : { error: "house.errors.algorithmFormat" };
}

/** The seed pair's inputs, each read strictly. */
export const seedReads = (values: Record<string, string>) => ({
  serverSeed: readSeedText(values.serverSeed, { max: 256, required: "house.errors.serverSeedRequired" }),
  clientSeed: readSeedText(values.clientSeed, { max: 64, required: "house.errors.clientSeedRequired" }),
  nonce: readWholeNumber(values.nonce, { min: 0, max: MAX_NONCE, required: "house.errors.nonceRequired", invalid: "house.errors.nonceFormat" }),
  algorithm: readAlgorithm(values.algorithm),
});

/** The seed pair's verifier parameters once the server seed is revealed (with the algorithm the round used). */
export function seedQuery(fairness: Fairness, serverSeed: string | null): Record<string, string> | null {
  if (!serverSeed || typeof fairness.clientSeed !== "string" || typeof fairness.nonce !== "number") return null;
  return { serverSeed, clientSeed: fairness.clientSeed, nonce: String(fairness.nonce), algorithm: String(algorithmOfRound(fairness)) };
}

/** Hundredths as the games show them: 150 -> "1.50"; null when not a number. */
export const hundredthsOf = (n: unknown) => (typeof n === "number" && Number.isFinite(n) ? (n / 100).toFixed(2) : null);
/** Ten-thousandths as Dice and Mines show multipliers: 19800 -> "1.9800"; null when not a whole number. */
export const tenThousandthsOf = (n: unknown) =>
  Number.isSafeInteger(n) && (n as number) >= 0 ? `${Math.floor((n as number) / 10_000)}.${String((n as number) % 10_000).padStart(4, "0")}` : null;
export const textOf = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null);

/** 4950 -> "49.50" */
export function hundredthsText(value: number): string {
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, "0")}`;
}
