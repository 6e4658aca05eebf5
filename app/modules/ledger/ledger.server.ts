// The ledger's public API: the only writer of balances. Model and rules: README.md in this folder.
export { ensureHouseAccount, ensureHouseAccounts, ensurePlayerAccounts, lockPlayerAccounts, type PlayerAccounts } from "./accounts.server.ts";
export { isLedgerError, LedgerError, type LedgerErrorCode } from "./errors.ts";
export { checkLedgerInvariants, type InvariantReport, type InvariantResult } from "./invariants.server.ts";
export { MAX_AMOUNT } from "#app/kernel/money.ts";
export {
  type AccountBalance,
  type Balance,
  type EntryRow,
  getAccountBalance,
  getAccountByCode,
  getHold,
  getPlayerBalances,
  getTransferByKey,
  type HoldStatus,
  listAccountEntries,
  listAccountTransfers,
  listPlayerEntries,
  type Page,
  type PlayerBalances,
  type TransferRow,
} from "./queries.server.ts";
export { type GatedBy, transferUnderPlayerLock } from "./locked-writes.server.ts";
export type { LedgerAccount, LedgerEntry, LedgerTransfer, TransferPhase, Wallet } from "./schema.ts";
export {
  postHold,
  type PostHoldInput,
  reverseTransfer,
  type ReverseInput,
  runsWithoutSavepoints,
  transfer,
  type TransferInput,
  transferLinked,
  type TransferResult,
  voidHold,
  type VoidHoldInput,
} from "./transfers.server.ts";
export { type AccountRef, playerAccountCode } from "./validation.ts";
