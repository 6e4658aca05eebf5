// Figures for the back-office dashboard. Day boundaries are Asia/Dhaka midnights, not the server's.
import { count, eq, gte } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { players } from "#app/modules/players/index.server.ts";
import { startOfDhakaDay } from "#app/kernel/dhaka-time.ts";
import { staffUsers } from "./schema.ts";

export async function dashboardCounts(now = new Date()) {
  const today = startOfDhakaDay(now);
  const [[all], [signups], [logins], [staff]] = await Promise.all([
    db.select({ n: count() }).from(players),
    db.select({ n: count() }).from(players).where(gte(players.createdAt, today)),
    db.select({ n: count() }).from(players).where(gte(players.lastLoginAt, today)),
    db.select({ n: count() }).from(staffUsers).where(eq(staffUsers.active, true)),
  ]);
  return { players: all?.n ?? 0, signupsToday: signups?.n ?? 0, loginsToday: logins?.n ?? 0, activeStaff: staff?.n ?? 0, since: today };
}
