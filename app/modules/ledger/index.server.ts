// The ledger module's server entry: what other modules and routes may use. Everything else is private.
export {
  ensureHouseAccounts,
  getHold,
  getPlayerBalances,
  getTransferByKey,
  isLedgerError,
  lockPlayerAccounts,
  postHold,
  reverseTransfer,
  runsWithoutSavepoints,
  transfer,
  transferLinked,
  transferUnderPlayerLock,
  voidHold,
} from "./ledger.server.ts";
export type { GatedBy, LedgerTransfer, TransferInput } from "./ledger.server.ts";
