// Test kit: players and staff. Rows are inserted directly (the fields the tests need); money reaches a player only
// through the ledger's own transfer functions, never by writing balances.
import { randomBytes, randomInt } from "node:crypto";
import { db } from "#app/db/db.server.ts";
import type { Poisha } from "#app/kernel/money.ts";
import { transferLinked } from "#app/modules/ledger/transfers.server.ts";
import { type Currency, players } from "#app/modules/players/schema.ts";
import { createStaff as createStaffMember, ensureSeedAdmin, findStaffByUsername } from "#app/modules/staff/staff.server.ts";
import { staffUsers, type StaffRole } from "#app/modules/staff/schema.ts";

let seq = 0;
const tag = () => `${process.pid.toString(36)}${Date.now().toString(36)}${++seq}`;

/** Inserts a bare player row (enough for the ledger, which needs only the id and currency); returns its id. */
export async function createTestPlayer(currency: Currency = "BDT") {
  const t = tag();
  const [p] = await db
    .insert(players)
    .values({
      username: `led${t}`,
      passwordHash: "x",
      phone: `017${String(seq).padStart(8, "0")}`,
      email: `${t}@example.com`,
      currency,
      referralCode: `L${t}`.slice(0, 16).toUpperCase(),
    })
    .returning({ id: players.id });
  return p!.id;
}

/** A player row; verified (birthday and phone) unless told otherwise, as deposits and withdrawals need. */
export async function createPlayer({ verified = true } = {}) {
  const t = tag();
  const [p] = await db
    .insert(players)
    .values({
      username: `pay${t}`,
      passwordHash: "x",
      // Random: the AML job flags players sharing a phone, and a pid + counter repeats in a database kept between runs.
      phone: `018${String(randomInt(100_000_000)).padStart(8, "0")}`,
      email: `${t}@example.com`,
      referralCode: `P${t}`.slice(0, 16).toUpperCase(),
      birthday: verified ? "1990-01-01" : null,
      phoneVerifiedAt: verified ? new Date() : null,
    })
    .returning();
  return p!;
}

export type Funding = {
  /** Poisha credited to the bonus wallet (from expense:bonus, as a bonus). */
  bonus?: Poisha;
  /** The account the main-wallet money comes from; default house:test-float. */
  from?: string;
  /** The transfer kind of the main-wallet credit; default deposit. */
  kind?: string;
};

/** Credits `main` poisha to the player's main wallet (and `bonus` to the bonus wallet) in one ledger transfer. */
export async function fund(playerId: number, main: Poisha, { bonus = 0n, from = "house:test-float", kind = "deposit" }: Funding = {}) {
  const key = `kit:fund:${playerId}:${randomBytes(6).toString("hex")}`;
  const legs = [
    ...(main > 0n ? [{ key: `${key}:main`, debit: from, credit: `player:${playerId}:main`, amount: main, currency: "BDT" as const, kind }] : []),
    ...(bonus > 0n
      ? [{ key: `${key}:bonus`, debit: "expense:bonus", credit: `player:${playerId}:bonus`, amount: bonus, currency: "BDT" as const, kind: "bonus" }]
      : []),
  ];
  if (legs.length) await transferLinked(legs);
}

/** A bare player (createTestPlayer) with `main` poisha on main, credited through the ledger; returns its id. */
export async function fundedPlayer(main: Poisha, funding: Funding = {}) {
  const playerId = await createTestPlayer();
  await fund(playerId, main, funding);
  return playerId;
}

/** A verified player row (createPlayer) with `main` poisha on main, credited through the ledger. */
export async function fundedVerifiedPlayer(main: Poisha, funding: Funding = {}) {
  const player = await createPlayer();
  await fund(player.id, main, funding);
  return player;
}

/** A finance staff row, inserted directly (for code that needs only a staff id). */
export async function createStaff() {
  const [s] = await db
    .insert(staffUsers)
    .values({ username: `fin${tag()}`, passwordHash: "x", role: "finance" })
    .returning();
  return s!;
}

export const SEED_ADMIN_PASSWORD = "AdminPass12345";

/** The seeded admin (password SEED_ADMIN_PASSWORD), seeded on first use. */
export async function seedAdmin() {
  await ensureSeedAdmin(db, SEED_ADMIN_PASSWORD);
  return (await findStaffByUsername("admin"))!;
}

/** A staff member who can log in, created by the seeded admin through the staff module. */
export async function staffMember(role: StaffRole, username: string, password: string, name: string = role) {
  const admin = await seedAdmin();
  const created = await createStaffMember({ id: admin.id, ip: null }, { username, name, role, password });
  if (!created.ok) throw new Error(`could not create staff ${username}: ${JSON.stringify(created)}`);
  return { username, password };
}
