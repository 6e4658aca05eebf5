// The payments module's public API (see /tmp money contract): deposits, withdrawals, adjustments, the player's
// transaction record, the back-office queues and settings. Every money movement goes through the ledger.
export { type AdjustBalanceInput, adjustBalance, type Adjustment } from "./adjustments.server.ts";
export { ADJUSTMENT_MAX, amountField, checkAmount, DEPOSIT_MAX, DEPOSIT_MIN, parseAmountInput, WITHDRAW_MAX, WITHDRAW_MIN } from "./amount.ts";
export * from "./constants.ts";
export {
  approvalFigures,
  approveDeposit,
  type Deposit,
  type DepositForStaff,
  type DepositQueueItem,
  getDepositForStaff,
  listDepositQueue,
  listPlayerDeposits,
  MAX_PENDING_DEPOSITS,
  type PlayerDepositRow,
  QUEUE_PAGE_SIZE,
  type QueueStatus,
  rejectDeposit,
  submitDeposit,
  type SubmitDepositInput,
} from "./deposits.server.ts";
export { gatewayStatusOfDeposits, type GatewayDepositStatus, refundGatewayDeposit, type RefundResult } from "./gateway-refunds.server.ts";
export { checkDepositRules, depositChannels, depositLimitError, openDepositRange, readDepositFacts } from "./deposit-rules.server.ts";
export { isPaymentError, PaymentError, type PaymentErrorCode, type PaymentErrorField } from "./errors.ts";
export { type PlayerMoneySummary, type PlayerPaymentActivity, playerPaymentActivity } from "./history.server.ts";
export {
  assignWalletNumber,
  type DepositChannel,
  listDepositChannels,
  listPaymentMethods,
  listWalletNumbers,
  type PaymentMethod,
  savePaymentMethod,
  type SavePaymentMethodInput,
  saveWalletNumber,
  type SaveWalletNumberInput,
  type WalletNumberRow,
} from "./methods.server.ts";
export { getProofForViewer, type ProofUpload } from "./proofs.server.ts";
export { seedPaymentsDemo } from "./seed.server.ts";
export { readMoneySettings } from "./settings.server.ts";
export { revertDeposit, revertTransaction, revertWithdrawal } from "./revert.server.ts";
export { resubmitDeposit, type ResubmitInput } from "./resubmit.server.ts";
export type { ResubmitState } from "./resubmit-rules.server.ts";
export {
  getTransaction,
  listTransactions,
  PAGE_SIZES,
  payoutPromise,
  type TimelineStep,
  type TransactionDetails,
  type TransactionField,
  type TransactionFilter,
  type TransactionItem,
  type WithdrawalTracker,
  withdrawalTracker,
} from "./transactions.server.ts";
export { depositFormSchema, makePaymentSchema, toId, withdrawalFormSchema } from "./validation.ts";
export {
  approveWithdrawal,
  checkWithdrawal,
  getWithdrawalForStaff,
  listWithdrawalQueue,
  payWithdrawalThroughGateway,
  payoutPhones,
  rejectWithdrawal,
  requestWithdrawal,
  type Withdrawal,
  type WithdrawalQueueItem,
} from "./withdrawals.server.ts";
