// Test kit: payment methods and their wallet numbers (the agent and personal numbers players send money to).
import { db } from "#app/db/db.server.ts";
import { paymentMethods, walletNumbers } from "#app/modules/payments/schema.ts";
import { taka } from "./money.ts";

let seq = 0;
const tag = () => `${process.pid.toString(36)}${Date.now().toString(36)}${++seq}`;

export async function createMethod(name = `bKash${tag()}`, status: "active" | "inactive" = "active") {
  const [m] = await db
    .insert(paymentMethods)
    .values({ name, icon: `/demo/payments/${name.toLowerCase()}.svg`, status })
    .returning();
  return m!;
}

let numberSeq = 0;
export async function createWalletNumber(
  methodId: number,
  channelType: "Agent" | "Personal",
  { min = taka(500), max = taka(25_000), dailyCap = null as bigint | null, active = true } = {},
) {
  numberSeq++;
  const accountNumber = `019${String(process.pid % 1000).padStart(3, "0")}${String(numberSeq).padStart(5, "0")}`;
  const [w] = await db
    .insert(walletNumbers)
    .values({ methodId, channelType, accountNumber, minAmount: min, maxAmount: max, dailyCap, active })
    .returning();
  return w!;
}

/** A method with one Agent and one Personal number, ready for deposits. */
export async function createMethodWithNumbers() {
  const method = await createMethod();
  const agent = await createWalletNumber(method.id, "Agent");
  const personal = await createWalletNumber(method.id, "Personal", { max: taka(10_000) });
  return { method, agent, personal };
}
