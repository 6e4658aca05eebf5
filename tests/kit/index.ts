// The test kit: the one place for the factories tests share (issue 26). A module's test-helpers.ts re-exports what its
// tests use from here and adds only what is its own (refusal matchers, domain flows such as a submitted deposit).
//
//   money.ts     taka(1_000) -> poisha, through the kernel's parser
//   players.ts   bare and verified players, funded players (money only through the ledger), staff
//   sessions.ts  a player's session cookie and token, a staff member's back-office cookie
//   settings.ts  the general settings row
//   payments.ts  payment methods and their wallet numbers
//   logs.ts      the log records a test expects (any other warning or error fails it)
//   markets.ts   exchange events with Match Odds, Bookmaker and Fancy markets
export * from "./logs.ts";
export * from "./markets.ts";
export * from "./money.ts";
export * from "./payments.ts";
export * from "./players.ts";
export * from "./sessions.ts";
export * from "./settings.ts";
