// The ledger module's server entry: what other modules and routes may use. Everything else is private.
export type { LedgerTransfer } from "./schema.ts";
export { isLedgerError } from "./errors.ts";
export { ensureHouseAccounts, lockPlayerAccounts } from "./accounts.server.ts";
export {
  entryAccountTypes,
  entryTotals,
  getHold,
  getPlayerBalances,
  getTransferByKey,
  getTransfersByKeys,
  listLedgerEntries,
  listPlayerEntries,
  openHoldAmounts,
  playerWalletBalancesSql,
} from "./queries.server.ts";
export type { EntryAccountType, EntryListFilter, EntryRow, EntryTotals, Page as LedgerPage } from "./queries.server.ts";
export {
  applyLinked,
  postHold,
  reverseTransfer,
  runsWithoutSavepoints,
  skipsSavepoints,
  transfer,
  transferLinked,
  voidHold,
} from "./transfers.server.ts";
export type { Spec as LedgerOp, TransferInput } from "./transfers.server.ts";
export { transferUnderPlayerLock } from "./locked-writes.server.ts";
export type { GatedBy } from "./locked-writes.server.ts";
export { adjustmentsSql, bonusCostSql, transfersInSql } from "./report-sources.server.ts";
