// Crash on the server, as routes use it: bets and cash-outs, page data, the current round and its live feed.
export { cashOut, placeBet } from "./house/crash/bets.server.ts";
export { publishCrash, subscribeCrash } from "./house/crash/hub.server.ts";
export { engineSnapshot } from "./house/crash/instance.server.ts";
export { crashPageData } from "./house/crash/page-data.server.ts";
export { crashState, currentRound } from "./house/crash/store.server.ts";
