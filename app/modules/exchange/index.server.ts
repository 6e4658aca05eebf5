// The exchange module's server entry: what other modules and routes may use. Everything else is private.
export { apiEventMarkets, apiExchangeHub, apiMatchOdds, apiScoreBoard, apiSportsEvents } from "./api.server.ts";
export { cancelBet, noticeFor, placeBetFromForm } from "./bets.server.ts";
export { startExchangeFeed } from "./feed/instance.server.ts";
export { watchMarkets } from "./market-stream.server.ts";
export { accountPage, activityLog, eventListPage, multiMarketsPage, oddsPage, profitAndLoss, setPinned, sportsPage } from "./pages.server.ts";
export { liveMarketIds, unsettledMarketIds } from "./queries.server.ts";
export { getExchangeRecord, listExchangeRecords, listOpenExchangeRecords } from "./records.server.ts";
export { exchangeMarkets, exchangeOrders } from "./schema.ts";
export { openTestMatch } from "./test-match.server.ts";
export {
  addFancyLine,
  ballRunningByTrader,
  createTraderEvent,
  lineByTrader,
  quoteByTrader,
  setStatusByTrader,
  setStreamByTrader,
  settleByTrader,
  traderEvent,
  traderEvents,
  turnInPlayByTrader,
} from "./trader.server.ts";
export type { Trader } from "./trader.server.ts";
