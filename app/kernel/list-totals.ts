// The back office's list totals over "Any day" (no date range): read over at most TOTALS_CAP + 1 matching rows, so a
// list never sums its whole history on a page view. Up to TOTALS_CAP matching rows the totals are exact; past it the
// list says "more than 10,000 rows" and shows no sums (choosing dates gives exact totals again). With a date range the
// totals are always exact (the time indexes bound what is read).
export const TOTALS_CAP = 10_000;
