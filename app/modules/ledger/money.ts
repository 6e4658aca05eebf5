// Money is integer poisha (1 BDT = 100 poisha) held in BigInt; never a float. Reading and writing amounts is the
// kernel's (app/kernel/money.ts); the ledger only checks what it is asked to move.
import { MAX_AMOUNT } from "#app/kernel/money.ts";
import { LedgerError } from "./errors.ts";

export function assertAmount(amount: unknown, field = "amount"): bigint {
  if (typeof amount !== "bigint") {
    throw new LedgerError("invalid_amount", `${field} must be a BigInt number of poisha, got ${typeof amount} ${String(amount)}`, { field });
  }
  if (amount <= 0n) throw new LedgerError("invalid_amount", `${field} must be greater than zero, got ${amount}`, { field });
  if (amount > MAX_AMOUNT) throw new LedgerError("invalid_amount", `${field} ${amount} exceeds the maximum of ${MAX_AMOUNT} poisha`, { field });
  return amount;
}
