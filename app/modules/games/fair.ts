// Provably fair maths, the same in the browser and on the server: seeds' hashes, Crash's hash chain, Dice, Mines.
export * from "./fair/bytes.ts";
export * from "./house/crash/fair.ts";
export * from "./house/dice/rules.ts";
export * from "./house/dice/fair.ts";
export * from "./house/mines/fair.ts";
