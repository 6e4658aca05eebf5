// The payments module's server entry: what other modules and routes may use. Everything else is private.
// Tables first, then the files that need no other module: one module may import this entry while it is still loading
// (through an import cycle) and must already find them.
export { deposits, gatewayPaymentStatuses, paymentMethods, withdrawals } from "./schema.ts";
export type { GatewayPaymentState, ReviewStatus, Withdrawal } from "./schema.ts";
export type { ChannelType, DepositChannelType, TransactionStatus, TransactionType } from "./constants.ts";
export { PaymentError, isPaymentError } from "./errors.ts";
export { toId } from "./validation.ts";
export { adjustBalance } from "./adjustments.server.ts";
export { depositChannels } from "./deposit-rules.server.ts";
export { approvalFigures, approveDeposit, getDepositForStaff, listDepositQueue, rejectDeposit, submitDeposit } from "./deposits.server.ts";
export { checkGatewayCheckout, checkoutCounts, getGatewayCheckout, listGatewayCheckouts } from "./gateway-checkouts.server.ts";
export {
  SIM_OTP,
  SIM_PIN,
  SIM_WALLETS,
  gatewayChannel,
  getPlayerCheckout,
  handleCallback,
  handleWebhook,
  simCheckoutView,
  simConfirm,
  startCheckout,
  startGatewayReconciliation,
} from "./gateway-deposits.server.ts";
export { gatewayStatusOfDeposits, refundGatewayDeposit } from "./gateway-refunds.server.ts";
export type { PlayerMoneySummary } from "./history.server.ts";
export {
  assignWalletNumber,
  isGatewaySettingsError,
  listAdminPaymentMethods,
  listDepositChannels,
  listPaymentMethods,
  listWalletNumbers,
  saveMethodGateway,
  savePaymentMethod,
  saveWalletNumber,
} from "./methods.server.ts";
export { checkDepositRules, depositLimitError, openDepositRange, readDepositFacts } from "./deposit-rules.server.ts";
export { listPlayerDeposits } from "./deposits.server.ts";
export { payoutPhones } from "./withdrawals.server.ts";
export { payoutPromise } from "./transactions.server.ts";
export { playerPaymentActivity } from "./history.server.ts";
export { readMoneySettings } from "./settings.server.ts";
export { resubmitDeposit } from "./resubmit.server.ts";
export { revertTransaction } from "./revert.server.ts";
export { seedPaymentsDemo } from "./seed.server.ts";
export type { TransactionField } from "./transactions.server.ts";
export { playerMoneyStates } from "./player-states.server.ts";
export type { PlayerMoneyState } from "./player-states.server.ts";
export { checkProof, getProofForViewer, isStoredName, readProof, removeProof, storeProof } from "./proofs.server.ts";
export type { ProofUpload } from "./proofs.server.ts";
export { PAGE_SIZES, getTransaction, latestTransactions, listTransactions, vipPointsText } from "./transactions.server.ts";
export type { TransactionItem, WithdrawalTracker } from "./transactions.server.ts";
export { listTurnovers } from "./turnover-record.server.ts";
export type { TurnoverRow } from "./turnover-record.server.ts";
export {
  approveWithdrawal,
  checkWithdrawal,
  getWithdrawalForStaff,
  holdWithdrawal,
  listWithdrawalQueue,
  payWithdrawalThroughGateway,
  rejectWithdrawal,
  requestWithdrawal,
} from "./withdrawals.server.ts";
export {
  adjustmentExportRows,
  checkoutExportRows,
  depositExportRows,
  financeLists,
  financeTotals,
  listAdjustments,
  withdrawalExportRows,
} from "./finance-history.server.ts";
export type {
  AdjustmentExportRow,
  AdjustmentListRow,
  CheckoutExportRow,
  DepositExportRow,
  FinanceFilter,
  FinanceList,
  FinanceTotals,
  WithdrawalExportRow,
} from "./finance-history.server.ts";
export { depositorsSql, methodNamesOf, paidDepositsSql, paymentQueuesSql, paymentsDailySql } from "./report-sources.server.ts";
