// The in-house games, the part pages and browsers use: the registry (the verifier's games and fields, how a result
// is shown, "how it works", the betting record's result line and verifier link).
export type { HouseGame, RecordResult, VerifierDisplay, VerifierResult } from "./house/game.ts";
export * from "./house/registry.ts";
