// Provably fair maths, the same in the browser and on the server: seeds' hashes, Crash's hash chain, Dice, Mines.
export * from "./fair/bytes.ts";
export * from "./fair/crash.ts";
export * from "./fair/dice-rules.ts";
export * from "./fair/dice.ts";
export * from "./fair/mines.ts";
