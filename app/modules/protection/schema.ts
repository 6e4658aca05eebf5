// Player protection (responsible gaming): the player's limits and their history, time-outs, self-exclusions and
// closures, reality-check settings and identity documents. AML signals and reviews are the risk module's.
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { players } from "#app/modules/players/schema.ts";
import { staffUsers } from "#app/modules/staff/schema.ts";
import type { IdentityDocumentStatus, IdentityDocumentType } from "./identity-verifications.ts";

export const limitKinds = ["deposit", "loss", "stake", "session"] as const;
export type LimitKind = (typeof limitKinds)[number];
/** Money limits run over a rolling 24 hours, 7 days or 30 days; the session-time limit has period "session". */
export const limitPeriods = ["day", "week", "month", "session"] as const;
export type LimitPeriod = (typeof limitPeriods)[number];

/**
 * A limit the player set. `amount` is poisha for money limits and minutes for the session limit. A decrease
 * applies at once; an increase or removal waits in `pending*` until `pendingFrom` (24 h later) and applies only
 * when the player confirms it then.
 */
export const rgLimits = pgTable(
  "rg_limits",
  {
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    kind: text().$type<LimitKind>().notNull(),
    period: text().$type<LimitPeriod>().notNull(),
    amount: bigint({ mode: "bigint" }).notNull(),
    /** The increased amount waiting for confirmation; null with pendingRemoval false: nothing pending. */
    pendingAmount: bigint({ mode: "bigint" }),
    pendingRemoval: boolean().notNull().default(false),
    /** From when the pending increase or removal may be confirmed. */
    pendingFrom: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.kind, t.period] })],
);

/** Every change to a limit, append-only: for the player's history, staff and the "limit raised after a loss" signal. */
export const rgLimitChanges = pgTable(
  "rg_limit_changes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    kind: text().$type<LimitKind>().notNull(),
    period: text().$type<LimitPeriod>().notNull(),
    /** set (new limit), decrease, request_increase, request_removal, confirm (increase or removal applied), cancel. */
    action: text().$type<"set" | "decrease" | "request_increase" | "request_removal" | "confirm" | "cancel">().notNull(),
    /** Null: no limit. */
    oldAmount: bigint({ mode: "bigint" }),
    newAmount: bigint({ mode: "bigint" }),
    staffId: integer().references(() => staffUsers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rg_limit_changes_player_idx").on(t.playerId, t.createdAt)],
);

export const exclusionKinds = ["timeout", "self_exclusion", "closure"] as const;
export type ExclusionKind = (typeof exclusionKinds)[number];

/**
 * A time-out, self-exclusion or account closure. Active while startsAt <= now and (endsAt is null or endsAt > now);
 * endsAt null is permanent (permanent self-exclusion, closure). Rows are never shortened or deleted.
 */
export const playerExclusions = pgTable(
  "player_exclusions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    kind: text().$type<ExclusionKind>().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }),
    /** The player's own words or the staff member's note. */
    reason: text().notNull().default(""),
    /** Staff who applied it on the player's request; null: the player did it themselves. */
    staffId: integer().references(() => staffUsers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("player_exclusions_player_idx").on(t.playerId, t.endsAt)],
);

/** Per-player protection settings that are not limits. */
export const playerProtection = pgTable("player_protection", {
  playerId: integer()
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  /** 0: off; otherwise 15, 30 or 60. */
  realityCheckMinutes: integer().notNull().default(0),
  /** The player saw (or skipped) the deposit-limit prompt of the first deposit. */
  depositLimitPromptedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export { identityDocumentTypes, type IdentityDocumentStatus, type IdentityDocumentType } from "./identity-verifications.ts";

/**
 * An identity document the player uploaded (stored outside public/ under a random name, like deposit proofs) and
 * staff's review of it. The player's documents count as verified while one row is approved.
 */
export const identityDocuments = pgTable(
  "identity_documents",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    playerId: integer()
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    docType: text().$type<IdentityDocumentType>().notNull(),
    file: text().notNull(),
    mime: text().notNull(),
    status: text().$type<IdentityDocumentStatus>().notNull().default("pending"),
    rejectReason: text(),
    reviewedBy: integer().references(() => staffUsers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("identity_documents_player_idx").on(t.playerId, t.status)],
);
