// The SQL side of the "Any day" totals cap (list-totals.ts): each list's totals reader reads its matching rows under
// rowsCap(filter) and asks pastCap whether the sums may be shown.
import { type SQL, sql } from "drizzle-orm";
import { TOTALS_CAP } from "./list-totals.ts";

export type TotalsRange = { start?: unknown; end?: unknown };

/** A filter without a date range ("Any day"): its totals are read over at most TOTALS_CAP + 1 rows. */
export const isUnbounded = (f: TotalsRange) => !f.start && !f.end;

/** ` limit TOTALS_CAP + 1` after an unbounded filter's row query; nothing with a date range. */
export const rowsCap = (f: TotalsRange): SQL => (isUnbounded(f) ? sql` limit ${TOTALS_CAP + 1}` : sql``);

/** The rows counted under rowsCap passed the cap: the list shows "more than 10,000 rows" and no sums. */
export const pastCap = (f: TotalsRange, count: number) => isUnbounded(f) && count > TOTALS_CAP;
