// The events module's server entry: what other modules and routes may use. Everything else is private.
export {
  publish,
  publishBalanceChanged,
  subscribeBalance,
  subscribeMarket,
  subscribePlayer,
  subscribeRace,
  subscribeStaffChat,
} from "./bus.server.ts";
export { liveEvents, refuseDataRequest } from "./sse.server.ts";
