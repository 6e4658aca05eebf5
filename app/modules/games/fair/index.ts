// Provably fair maths (pure, no database): Dice and Mines from server seed, client seed and nonce; Crash from a
// hash chain and a salt. Each file's header states its procedure so anyone can reproduce a result.
export { ByteStream, floatsFor, hmacBytes, newServerSeed, sha256Hex, uniformInt } from "./bytes.ts";
export { crashPointFromBytes, crashPointFromHash, hashChain, isHashHex, terminatingHash, verifyChainLink, verifyGameHash } from "./crash.ts";
export { diceOutcome, diceRoll, type DiceOutcome } from "./dice.ts";
export * from "./dice-rules.ts";
export { minePositions } from "./mines.ts";
export * from "./mines-rules.ts";
