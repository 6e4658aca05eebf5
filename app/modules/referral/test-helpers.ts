// Shared by the referral tests (not a test file itself): referral chains signed up through the real sign-up path,
// settled casino rounds at chosen moments, and the requirements set for a test.
import { eq } from "drizzle-orm";
import { db } from "#app/db/db.server.ts";
import { parseDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { gameProviders, gameRounds } from "#app/modules/games/schema.ts";
import { createPlayer, type PublicPlayer } from "#app/modules/players/players.server.ts";
import { players } from "#app/modules/players/schema.ts";
import { signupSchema } from "#app/modules/players/validation.ts";
import { referralSettings } from "./schema.ts";
import { getReferralSettings } from "./settings.server.ts";

let seq = 0;
const tag = () => `${process.pid.toString(36)}${(++seq).toString(36)}${Date.now().toString(36).slice(-4)}`;

/** Signs up a new player, referred by `referrer` when given. */
export async function referredPlayer(referrer?: { referralCode: string }, currency: "BDT" | "INR" = "BDT"): Promise<PublicPlayer> {
  const username = `r${tag()}`.slice(0, 15);
  const created = await createPlayer(
    signupSchema.parse({
      username,
      password: "Secret123",
      confirmPassword: "Secret123",
      phone: "01711111111",
      email: `${username}@example.com`,
      referralCode: referrer?.referralCode ?? "",
      currency,
      ageCheck: "on",
    }),
  );
  if (!created.ok) throw new Error(`could not sign up ${username}: ${JSON.stringify(created.fieldErrors)}`);
  // Every deposit needs a birthday (18+) first; these players deposit in the figures tests.
  await db.update(players).set({ birthday: "1990-01-01" }).where(eq(players.id, created.player.id));
  return { ...created.player, birthday: "1990-01-01" };
}

/** A chain top -> l1 -> l2 -> l3 -> l4: l1 is top's direct referral, l4 is four levels down. */
export async function referralChain() {
  const top = await referredPlayer();
  const l1 = await referredPlayer(top);
  const l2 = await referredPlayer(l1);
  const l3 = await referredPlayer(l2);
  const l4 = await referredPlayer(l3);
  return { top, l1, l2, l3, l4 };
}

let providerId: number | undefined;
async function testProvider() {
  if (providerId) return providerId;
  await db.insert(gameProviders).values({ platform: "REFTEST", name: "Referral test" }).onConflictDoNothing();
  const [row] = await db.select({ id: gameProviders.id }).from(gameProviders).where(eq(gameProviders.platform, "REFTEST"));
  providerId = row!.id;
  return providerId;
}

/** A settled casino round of `stake` poisha that settled at `settledAt`. */
export async function settledRound(playerId: number, stake: bigint, settledAt: Date, status: "settled" | "open" | "rolled_back" = "settled") {
  await db.insert(gameRounds).values({
    providerId: await testProvider(),
    playerId,
    roundId: `round-${tag()}`,
    gameCode: "REFTEST-SLOT-ONE",
    gameType: "SLOT",
    platform: "REFTEST",
    currency: "BDT",
    stake,
    status,
    createdAt: settledAt,
    settledAt: status === "open" ? null : settledAt,
  });
}

export async function setRequirements(requiredDeposit: bigint, requiredTurnover: bigint) {
  await getReferralSettings();
  await db.update(referralSettings).set({ requiredDeposit, requiredTurnover }).where(eq(referralSettings.id, 1));
}

/** Noon in Dhaka of a day key. */
export const dhakaNoon = (day: string) => parseDhakaDateTime(`${day}T12:00`)!;
