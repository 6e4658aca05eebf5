// Reality checks (RTS 13): the intervals a player may pick and when the next check is due. Pure, so the browser's
// timer and the server's guard share the same rule.
import { z } from "zod";

/** 0 is off. */
export const realityIntervals = [0, 15, 30, 60] as const;
export type RealityInterval = (typeof realityIntervals)[number];

export const isRealityInterval = (n: number): n is RealityInterval => (realityIntervals as readonly number[]).includes(n);

export type RealityClock = {
  /** When the session (the log-in) began. */
  sessionStart: Date;
  /** The last acknowledgement in this session, if any. */
  ackAt: Date | null;
  /** The player's interval in minutes; 0 is off. */
  minutes: number;
};

/** The clock runs from the later of the log-in and the last acknowledgement. */
export function realityAnchor(clock: Pick<RealityClock, "sessionStart" | "ackAt">): Date {
  return clock.ackAt && clock.ackAt > clock.sessionStart ? clock.ackAt : clock.sessionStart;
}

/** When the next check is due; null when reality checks are off. */
export function realityDueAt(clock: RealityClock): Date | null {
  if (!isRealityInterval(clock.minutes) || clock.minutes === 0) return null;
  return new Date(realityAnchor(clock).getTime() + clock.minutes * 60_000);
}

export function isRealityDue(clock: RealityClock, now: Date): boolean {
  const due = realityDueAt(clock);
  return due !== null && now.getTime() >= due.getTime();
}

/** The setting's form, shared by the page and its action: the interval as the radio's value. */
export const realitySettingSchema = z.object({
  minutes: z.enum(["0", "15", "30", "60"], { error: "protectionReality.setting.invalid" }).transform((v) => Number(v) as RealityInterval),
});
