// Mine positions of a seed pair and nonce under the pair's algorithm (fair/algorithms.ts): Fisher-Yates over the 25
// tiles. Step i (0, 1, ...) takes the j-th tile still unpicked (tiles kept in ascending order) and removes it, where
// j = floor(f_i × (25 − i)) for the i-th float (version 2) or the next uniform integer in 0..(24 − i) (version 1).
// The first m picks are the mines.
import type { FairAlgorithm } from "../../fair/algorithms.ts";
import { ByteStream } from "../../fair/bytes.ts";
import { isMinesCount, MINES_TILES } from "./rules.ts";

/** The picks in order; the first `mines` of them are the mines. */
export function minePositions(serverSeed: string, clientSeed: string, nonce: number, mines: number, algorithm: FairAlgorithm): number[] {
  if (!isMinesCount(mines)) throw new RangeError("mines must be 1..24");
  const stream = new ByteStream(serverSeed, clientSeed, nonce);
  const index = algorithm === 1 ? (n: number) => stream.nextInt(n) : (n: number) => Math.floor(stream.nextFloat() * n);
  const remaining = Array.from({ length: MINES_TILES }, (_, i) => i);
  const picks: number[] = [];
  for (let i = 0; i < mines; i++) picks.push(remaining.splice(index(MINES_TILES - i), 1)[0]!);
  return picks;
}
