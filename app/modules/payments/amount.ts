// The amounts payments accept (the spec's ranges); reading typed amounts is the kernel's (amount-input.ts).

export const DEPOSIT_MIN = 100_00n;
export const DEPOSIT_MAX = 25_000_00n;
export const WITHDRAW_MIN = 500_00n;
export const WITHDRAW_MAX = 25_000_00n;
/** The largest amount one staff adjustment may move (10 million taka): a typo guard, far below the ledger's limit. */
export const ADJUSTMENT_MAX = 10_000_000_00n;
