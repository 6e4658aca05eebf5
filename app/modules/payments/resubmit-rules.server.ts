// When a rejected deposit may be edited and sent again: a manual transfer (a gateway deposit is never rejected),
// once, and only after the wait from its rejection (general_settings.resubmit_wait_minutes).
import { and, eq } from "drizzle-orm";
import type { Tx } from "#app/db/db.server.ts";
import { type Deposit, deposits } from "./schema.ts";
import { minutesLeft } from "./constants.ts";
import { PaymentError } from "./errors.ts";
import { readMoneySettings } from "./settings.server.ts";

export type ResubmitState =
  /** Not a rejected manual deposit. */
  | { kind: "none" }
  /** Rejected: editable from `after` (`minutes` left, rounded up). */
  | { kind: "wait"; after: Date; minutes: number }
  | { kind: "open" }
  /** Already resubmitted as deposit `asId`. */
  | { kind: "done"; asId: number };

export function resubmitState(
  dep: Pick<Deposit, "status" | "channelType" | "reviewedAt">,
  resubmittedAs: number | null,
  waitMinutes: number,
  now: Date = new Date(),
): ResubmitState {
  if (dep.status !== "rejected" || dep.channelType === "Gateway" || !dep.reviewedAt) return { kind: "none" };
  if (resubmittedAs !== null) return { kind: "done", asId: resubmittedAs };
  const after = new Date(dep.reviewedAt.getTime() + waitMinutes * 60_000);
  const minutes = minutesLeft(after, now);
  return after.getTime() > now.getTime() ? { kind: "wait", after, minutes: Math.max(1, minutes) } : { kind: "open" };
}

/** The refusal for a state that is not open, or null. */
export function resubmitRefusal(state: ResubmitState): PaymentError | null {
  if (state.kind === "open") return null;
  if (state.kind === "wait") {
    return new PaymentError("not_resubmittable", "payments.errors.resubmitTooEarly", { params: { count: String(state.minutes) } });
  }
  return new PaymentError("not_resubmittable", state.kind === "done" ? "payments.errors.resubmitDone" : "payments.errors.resubmitNotRejected");
}

/**
 * Inside the resubmission's transaction: locks the rejected deposit (the player's own) and checks it may still be
 * resubmitted, so parallel resubmissions of one deposit make one new deposit (the unique resubmitted_from holds too).
 */
export async function lockResubmitSource(tx: Tx, playerId: number, sourceId: number, now: Date = new Date()) {
  const [source] = await tx
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, sourceId), eq(deposits.playerId, playerId)))
    .for("update");
  if (!source) throw new PaymentError("not_found", "payments.errors.notFound");
  const [next] = await tx.select({ id: deposits.id }).from(deposits).where(eq(deposits.resubmittedFrom, source.id));
  const refusal = resubmitRefusal(resubmitState(source, next?.id ?? null, (await readMoneySettings(tx)).resubmitWaitMinutes, now));
  if (refusal) throw refusal;
  return source;
}
