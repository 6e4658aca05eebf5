// Near-duplicate TRX IDs: the same ID ignoring case and separators, or one character apart (one typed wrong, one
// added or left out). Two IDs one edit apart always share a one-character-deleted variant (or one is such a variant of
// the other), so the job stores each deposit's variants and finds candidates by index, then confirms here.

/** Upper case, letters and digits only: "ab-12 cd" -> "AB12CD". */
export function normalizeTrx(trx: string): string {
  return trx.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** Shorter IDs are only compared exactly: one character apart means little on 5 characters. */
export const NEAR_MIN_LENGTH = 6;

/** The normalised ID and, when long enough, every variant with one character deleted. */
export function trxVariants(normalized: string): string[] {
  const out = new Set([normalized]);
  if (normalized.length >= NEAR_MIN_LENGTH) {
    for (let i = 0; i < normalized.length; i++) out.add(normalized.slice(0, i) + normalized.slice(i + 1));
  }
  return [...out];
}

/** True when a and b are at most one insertion, deletion or substitution apart. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  if (s.length === l.length) return s.slice(i + 1) === l.slice(i + 1);
  return s.slice(i) === l.slice(i + 1);
}

/** How two deposits' TRX IDs relate, or null when they do not. */
export function trxMatch(a: string, b: string): "same" | "near" | null {
  const na = normalizeTrx(a);
  const nb = normalizeTrx(b);
  if (na === nb) return "same";
  if (na.length < NEAR_MIN_LENGTH || nb.length < NEAR_MIN_LENGTH) return null;
  return withinOneEdit(na, nb) ? "near" : null;
}
