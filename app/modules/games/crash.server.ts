// Crash on the server, as routes use it: bets and cash-outs, page data, the current round and its live feed.
export { cashOut, placeBet } from "./crash/bets.server.ts";
export { publishCrash, subscribeCrash } from "./crash/hub.server.ts";
export { engineSnapshot } from "./crash/instance.server.ts";
export { crashPageData } from "./crash/page-data.server.ts";
export { crashState, currentRound } from "./crash/store.server.ts";
