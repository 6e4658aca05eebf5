// The VIP arithmetic, pure and exact (BigInt): accrual with a carried remainder, conversion in whole poisha,
// a player's level from their experience. Used by the server and by the page.

/** VP are kept in hundredths (cvp): 100 cvp = 1 VP. */
export const CVP_PER_VP = 100n;
/** A level's ratio is the VP that convert into ৳100 = 10,000 poisha. */
export const RATIO_POISHA = 10_000n;
/** The default rule: 1 VP per ৳100 (10,000 poisha) of settled stakes. */
export const DEFAULT_STAKE_PER_POINT = 10_000n;
export const DEFAULT_MIN_CONVERT = 10;
export const DEFAULT_RATIO = 400;

/**
 * VP earned by one settled stake. `carry` (hundredths of a poisha, below `stakePerPoint`) is the part of earlier
 * stakes not yet worth a hundredth of a VP; it is added first, and what remains is carried on.
 */
export function accrue(stake: bigint, carry: bigint, stakePerPoint: bigint): { points: bigint; carry: bigint } {
  const total = stake * 100n + carry;
  return { points: total / stakePerPoint, carry: total % stakePerPoint };
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/** The smallest number of whole VP that converts into whole poisha at `ratio`, and what it gives. */
export function conversionUnit(ratio: number): { vp: bigint; poisha: bigint } {
  const r = BigInt(ratio);
  const g = gcd(r, RATIO_POISHA);
  return { vp: r / g, poisha: RATIO_POISHA / g };
}

/**
 * Converting `vp` whole VP at `ratio`: the largest multiple of the unit within `vp` is used and credited exactly
 * (usedVp × 10,000 / ratio poisha, always whole); the rest stays with the player.
 */
export function conversion(vp: bigint, ratio: number): { usedVp: bigint; poisha: bigint } {
  const unit = conversionUnit(ratio);
  const units = vp / unit.vp;
  return { usedVp: units * unit.vp, poisha: units * unit.poisha };
}

export type LevelLike = { id: number; name: string; experience: bigint; ratio: number };

/** A level's name in the page's language: the Bangla name on Bangla pages when it has one, else the English name. */
export function levelName(level: { name: string; nameBn: string | null }, locale: string): string {
  const bn = level.nameBn?.trim();
  return locale === "bn" && bn ? bn : level.name;
}

/** The level reached with `experience` cvp (the highest whose whole-VP threshold is met) and the one after it. */
export function levelFor<L extends LevelLike>(levels: readonly L[], experience: bigint): { level: L | null; next: L | null } {
  const sorted = [...levels].sort((a, b) => (a.experience < b.experience ? -1 : a.experience > b.experience ? 1 : a.id - b.id));
  let level: L | null = null;
  let next: L | null = null;
  for (const l of sorted) {
    if (l.experience * CVP_PER_VP <= experience) level = l;
    else {
      next = l;
      break;
    }
  }
  return { level, next };
}

/** Percent (two decimals) of the way from `level` to `next`; 100 at the top level. */
export function levelProgress(experience: bigint, level: LevelLike | null, next: LevelLike | null): number {
  if (!next) return 100;
  const from = (level?.experience ?? 0n) * CVP_PER_VP;
  const to = next.experience * CVP_PER_VP;
  if (to <= from) return 100;
  const done = experience - from;
  if (done <= 0n) return 0;
  return Math.min(100, Number((done * 10_000n) / (to - from)) / 100);
}

/** 1234n cvp -> "12.34"; whole VP without decimals ("12"). */
export function formatVp(cvp: bigint): string {
  const sign = cvp < 0n ? "-" : "";
  const abs = cvp < 0n ? -cvp : cvp;
  const whole = (abs / CVP_PER_VP).toLocaleString("en-US");
  const rest = abs % CVP_PER_VP;
  return `${sign}${whole}${rest === 0n ? "" : `.${rest.toString().padStart(2, "0")}`}`;
}
