// Time-out, self-exclusion and account closure. Each starts at once in one transaction: the player row is locked,
// the active exclusion checked (a new one must end later: nothing is ever shortened), the row written, every session
// of the player deleted (every device logged out) and, for self-exclusion and closure, the balance paid out.
import { DomainError } from "#app/kernel/domain-error.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { desc, eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { publishBalanceChanged } from "#app/modules/events/index.server.ts";
import { verifyPassword, findPlayerById, beginLoginAttempt, loginFailed, loginSucceeded, players } from "#app/modules/players/index.server.ts";
import { type ReviewStatus, withdrawals } from "#app/modules/payments/index.server.ts";
import { audit } from "#app/modules/audit/index.server.ts";
import { staffUsers } from "#app/modules/staff/index.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { type ActiveExclusion, activeExclusion } from "./exclusions-active.server.ts";
import { type ExclusionPayout, payOutExclusion } from "./exclusions-payout.server.ts";
import { type SelfExclusionTerm, selfExclusionEnd, type TimeOutChoice, timeOutEnd } from "./exclusions.ts";
import { type ExclusionKind, playerExclusions } from "./schema.ts";
import { endAllSessions } from "#app/modules/sessions/index.server.ts";

export { activeExclusion, type ActiveExclusion } from "./exclusions-active.server.ts";
export type PlayerExclusion = typeof playerExclusions.$inferSelect;

/**
 * A new exclusion must end at least this much later than the active one, so a double submit (or 50 parallel ones)
 * computing "now + 6 months" a few milliseconds apart makes one row, not fifty.
 */
export const EXTEND_MARGIN_MS = 3_600_000;

export type ExclusionErrorCode = "not_longer" | "not_found" | "wrong_password" | "rate_limited" | "invalid_term";

type ExclusionMessageKey = Extract<MessageKey, `protectionExclusion.errors.${string}`> | "errors.tooManyAttempts" | "errors.currentPasswordWrong";

/** A refusal a person can cause; messageKey is under protectionExclusion.errors with `params` for it. */
export class ExclusionError extends DomainError<ExclusionErrorCode> {
  declare readonly messageKey: ExclusionMessageKey;
  constructor(code: ExclusionErrorCode, messageKey: ExclusionMessageKey, params: Record<string, string | number> = {}, field?: string) {
    super(code, messageKey, { params, field, status: code === "rate_limited" ? 429 : undefined, detail: code });
    this.name = "ExclusionError";
  }
}

export const isExclusionError = (e: unknown): e is ExclusionError => e instanceof ExclusionError;

function notLonger(active: ActiveExclusion) {
  const kind = active.kind;
  return active.endsAt === null
    ? new ExclusionError("not_longer", `protectionExclusion.errors.notLongerPermanent.${kind}`)
    : new ExclusionError("not_longer", `protectionExclusion.errors.notLonger.${kind}`, { until: formatDhakaDateTime(active.endsAt) });
}

const endsLater = (candidate: Date | null, active: Date | null) =>
  active !== null && (candidate === null || candidate.getTime() >= active.getTime() + EXTEND_MARGIN_MS);

export type StartedExclusion = { exclusion: PlayerExclusion; payout: ExclusionPayout | null };

type Start = {
  playerId: number;
  kind: ExclusionKind;
  end: (from: Date) => Date | null;
  reason: string;
  staff?: { staffId: number; ip: string | null };
  /** The player's own request: where it came from, for the audit log. */
  ip?: string | null;
  now?: Date;
};

async function startExclusion(input: Start): Promise<StartedExclusion> {
  const result = await db.transaction(async (tx) => {
    // The player's row lock serialises parallel requests: the second sees the first's row as the active one.
    const [player] = await tx.select({ id: players.id, phone: players.phone }).from(players).where(eq(players.id, input.playerId)).for("update");
    if (!player) throw new ExclusionError("not_found", "protectionExclusion.errors.notFound");
    const now = input.now ?? new Date();
    const endsAt = input.end(now);
    const active = await activeExclusion(tx, player.id, now);
    if (active && !endsLater(endsAt, active.endsAt)) throw notLonger(active);
    const [exclusion] = await tx
      .insert(playerExclusions)
      .values({
        playerId: player.id,
        kind: input.kind,
        startsAt: now,
        endsAt,
        reason: input.reason,
        staffId: input.staff?.staffId ?? null,
        createdAt: now,
      })
      .returning();
    await endAllSessions(tx, player.id);
    const payout = input.kind === "timeout" ? null : await payOutExclusion(tx, player, exclusion!);
    // Audited whoever started it (staffId null: the player themselves), so closures and exclusions have their log.
    await audit(tx, {
      staffId: input.staff?.staffId ?? null,
      action: `player.${input.kind}`,
      entity: "player",
      entityId: player.id,
      before: active ? { activeExclusion: active.id, kind: active.kind, endsAt: active.endsAt?.toISOString() ?? null } : null,
      after: {
        exclusion: exclusion!.id,
        kind: input.kind,
        endsAt: endsAt?.toISOString() ?? null,
        reason: input.reason,
        payoutWithdrawal: payout?.withdrawal?.id ?? null,
        payoutAmount: payout?.withdrawal ? String(payout.withdrawal.amount) : null,
        bonusForfeited: payout ? String(payout.bonusForfeited) : null,
      },
      ip: input.staff?.ip ?? input.ip ?? null,
    });
    return { exclusion: exclusion!, payout };
  });
  if (result.payout) await publishBalanceChanged(input.playerId);
  return result;
}

function timeOutEndOrThrow(choice: TimeOutChoice) {
  return (from: Date) => {
    try {
      return timeOutEnd(choice, from);
    } catch {
      throw new ExclusionError("invalid_term", "protectionExclusion.errors.daysInvalid", {}, "days");
    }
  };
}

/** ip: the request's address for the audit log; now: tests only (a time-out that started in the past). */
type PlayerOptions = { ip?: string | null; now?: Date };

const reasonOf = (reason: unknown) => (typeof reason === "string" ? reason.trim().slice(0, 500) : "");

/** The player's own time-out: 24 hours, 7 days, 30 days or { days } (1..42). Starts at once. */
export function takeTimeOut(playerId: number, choice: TimeOutChoice, options: PlayerOptions = {}): Promise<StartedExclusion> {
  return startExclusion({ playerId, kind: "timeout", end: timeOutEndOrThrow(choice), reason: "", ...options });
}

/** The player's own self-exclusion: 6 months, 1 year, 5 years or permanent. Starts at once; never ends early. */
export function selfExclude(playerId: number, term: SelfExclusionTerm, options: PlayerOptions = {}): Promise<StartedExclusion> {
  return startExclusion({ playerId, kind: "self_exclusion", end: (from) => selfExclusionEnd(term, from), reason: "", ...options });
}

/** The player closes their account (permanent; separate from self-exclusion). The balance is paid out. */
export function closeAccount(playerId: number, reason: string, options: PlayerOptions = {}): Promise<StartedExclusion> {
  return startExclusion({ playerId, kind: "closure", end: () => null, reason: reasonOf(reason), ...options });
}

/** Staff apply a time-out or self-exclusion on the player's request, audited; never shorter than the active one. */
export function applyExclusionForPlayer(
  staff: { staffId: number; ip: string | null },
  playerId: number,
  kind: "timeout",
  term: TimeOutChoice,
  reason: string,
): Promise<StartedExclusion>;
export function applyExclusionForPlayer(
  staff: { staffId: number; ip: string | null },
  playerId: number,
  kind: "self_exclusion",
  term: SelfExclusionTerm,
  reason: string,
): Promise<StartedExclusion>;
export function applyExclusionForPlayer(
  staff: { staffId: number; ip: string | null },
  playerId: number,
  kind: "timeout" | "self_exclusion",
  term: TimeOutChoice | SelfExclusionTerm,
  reason: string,
): Promise<StartedExclusion> {
  const text = reasonOf(reason);
  if (!text) return Promise.reject(new ExclusionError("invalid_term", "protectionExclusion.errors.reasonRequired", {}, "reason"));
  const end = kind === "timeout" ? timeOutEndOrThrow(term as TimeOutChoice) : (from: Date) => selfExclusionEnd(term as SelfExclusionTerm, from);
  return startExclusion({ playerId, kind, end, reason: text, staff });
}

/**
 * The logged-in player's password again before an exclusion, under the log-in limits (a borrowed session cannot try
 * passwords without limit).
 */
export async function confirmPlayerPassword(player: { id: number; username: string }, password: string, ip: string) {
  const gate = await beginLoginAttempt("player", player.username, ip);
  if (!gate.ok) throw new ExclusionError("rate_limited", "errors.tooManyAttempts", { minutes: gate.retryAfterMinutes }, "password");
  const row = await findPlayerById(player.id);
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    await loginFailed(gate.attempt);
    throw new ExclusionError("wrong_password", "errors.currentPasswordWrong", {}, "password");
  }
  await loginSucceeded(gate.attempt);
}

export type ExclusionHistoryRow = PlayerExclusion & {
  active: boolean;
  staffUsername: string | null;
  payoutId: number | null;
  payoutAmount: bigint | null;
  payoutStatus: ReviewStatus | null;
};

/** Every time-out, self-exclusion and closure of the player, newest first, with who applied it and its payout. */
export async function listPlayerExclusions(playerId: number, now = new Date()): Promise<ExclusionHistoryRow[]> {
  const rows = await db
    .select({
      e: playerExclusions,
      staffUsername: staffUsers.username,
      payoutId: withdrawals.id,
      payoutAmount: withdrawals.amount,
      payoutStatus: withdrawals.status,
    })
    .from(playerExclusions)
    .leftJoin(staffUsers, eq(staffUsers.id, playerExclusions.staffId))
    .leftJoin(withdrawals, eq(withdrawals.exclusionId, playerExclusions.id))
    .where(eq(playerExclusions.playerId, playerId))
    .orderBy(desc(playerExclusions.id));
  return rows.map((r) => ({
    ...r.e,
    active: r.e.startsAt <= now && (r.e.endsAt === null || r.e.endsAt > now),
    staffUsername: r.staffUsername,
    payoutId: r.payoutId,
    payoutAmount: r.payoutAmount,
    payoutStatus: r.payoutStatus,
  }));
}
