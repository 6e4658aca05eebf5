// Mine positions of a seed pair and nonce (bytes.ts explains the integers): Fisher-Yates over the 25 tiles.
// Step i (0, 1, ...) draws j, a uniform integer in 0..(24 - i), takes the j-th tile still unpicked (tiles kept
// in ascending order) and removes it. The first m picks are the mines.
import { ByteStream } from "../../fair/bytes.ts";
import { isMinesCount, MINES_TILES } from "./rules.ts";

/** The picks in order; the first `mines` of them are the mines. */
export function minePositions(serverSeed: string, clientSeed: string, nonce: number, mines: number): number[] {
  if (!isMinesCount(mines)) throw new RangeError("mines must be 1..24");
  const stream = new ByteStream(serverSeed, clientSeed, nonce);
  const remaining = Array.from({ length: MINES_TILES }, (_, i) => i);
  const picks: number[] = [];
  for (let i = 0; i < mines; i++) picks.push(remaining.splice(stream.nextInt(MINES_TILES - i), 1)[0]!);
  return picks;
}
