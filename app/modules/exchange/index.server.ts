// The exchange module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { exchangeMarkets, exchangeOrders, marketKinds, orderStatuses } from "./schema.ts";
export { apiEventMarkets, apiExchangeHub, apiMatchOdds, apiScoreBoard, apiSportsEvents } from "./api.server.ts";
export { cancelBet, noticeFor, placeBetFromForm } from "./bets.server.ts";
export { DEFAULT_ONE_CLICK, getOneClick, saveOneClick, selectOneClickStake } from "./preferences.server.ts";
export type { OneClickSettings } from "./preferences.server.ts";
export { clearAutoCashOut, setAutoCashOut } from "./auto-cash-out.server.ts";
export { executeCashOut } from "./cash-out.server.ts";
export { cashOutPage } from "./cash-out-page.server.ts";
export { startExchangeFeed } from "./feed/instance.server.ts";
export { ladderPage } from "./depth.server.ts";
export { watchMarkets } from "./market-stream.server.ts";
export { accountPage, activityLog, eventListPage, multiMarketsPage, oddsPage, profitAndLoss, setPinned, sportsPage } from "./pages.server.ts";
export { liveMarketIds, unsettledMarketIds } from "./queries.server.ts";
export {
  betTotals,
  getExchangeRecord,
  listExchangeBets,
  listExchangeRecords,
  listExchangeRecordsFrom,
  listOpenExchangeRecords,
} from "./records.server.ts";
export type { BetListFilter, BetTotals, ExchangeBetRow, ExchangeRecord } from "./records.server.ts";
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
export { exchangeBettorsSql, exchangeDailySql, marketLabelsOf } from "./report-sources.server.ts";
