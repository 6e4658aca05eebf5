// The signal kinds and statuses for the pages' filters (a plain module the browser may load; the schema stays on the
// server). kinds.test.ts checks the list matches the schema's.
import type { AmlSignalKind } from "./schema.ts";

export const signalKinds = [
  "low_play_withdrawal",
  "rapid_cycling",
  "shared_device",
  "shared_address",
  "shared_wallet_number",
  "shared_phone",
  "split_deposits",
  "trx_reuse",
  "limit_raised_after_loss",
  "underage_birthday",
  "gateway_mismatch",
] as const satisfies readonly AmlSignalKind[];

export type SignalStatus = "open" | "dismissed" | "escalated";
export const signalStatuses = ["open", "dismissed", "escalated"] as const satisfies readonly SignalStatus[];
