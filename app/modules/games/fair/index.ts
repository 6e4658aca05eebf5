// Provably fair maths (pure, no database): Dice and Mines from server seed, client seed and nonce; Crash from a
// hash chain and a salt. Each file's header states its procedure so anyone can reproduce a result.
export { ByteStream, floatsFor, hmacBytes, newServerSeed, sha256Hex, uniformInt } from "./bytes.ts";
export {
  crashPointFromBytes,
  crashPointFromHash,
  hashChain,
  isHashHex,
  terminatingHash,
  verifyChainLink,
  verifyGameHash,
} from "../house/crash/fair.ts";
export { diceOutcome, diceRoll, type DiceOutcome } from "../house/dice/fair.ts";
export * from "../house/dice/rules.ts";
export { minePositions } from "../house/mines/fair.ts";
export * from "../house/mines/rules.ts";
