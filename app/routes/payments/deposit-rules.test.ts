// The /deposit page (the range it shows, step 1's check) and submitDeposit (step 2) hold a deposit to the same
// rules: at each boundary both take the amount or both refuse it with the same message.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Submitted screenshots go to a directory of this file's own.
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  process.env.DATA_DIR = mkdtempSync(`${tmpdir()}/deposit-rules-`);
});

import { MAX_PENDING_DEPOSITS } from "#app/modules/payments/deposit-rules.server.ts";
import { submitDeposit } from "#app/modules/payments/deposits.server.ts";
import {
  closeIdleConnections,
  createMethod,
  createPlayer,
  createSite,
  createWalletNumber,
  newKey,
  newTrx,
  PNG,
  taka,
} from "#app/modules/payments/test-helpers.ts";
import { checkDepositStep, depositChoices } from "./deposit.server.ts";
import { parseTaka } from "#app/kernel/money.ts";

let method: { id: number };
let agent: { id: number };
let personal: { id: number };

beforeAll(async () => {
  await createSite();
  method = await createMethod();
  // Agent's numbers reach below and above the site-wide 100..25,000 taka; Personal's range lies inside it.
  agent = await createWalletNumber(method.id, "Agent", { min: taka(50), max: taka(40_000) });
  personal = await createWalletNumber(method.id, "Personal", { min: taka(300), max: taka(7_000) });
});

afterAll(() => closeIdleConnections());

type Outcome = { ok: true } | { ok: false; messageKey: string; params?: Record<string, string> };

async function viaPage(playerId: number, channelType: "Agent" | "Personal", amount: bigint): Promise<Outcome> {
  const r = await checkDepositStep(playerId, { promotionId: null, methodId: method.id, channelType, amount });
  return r.ok ? { ok: true } : { ok: false, messageKey: r.error.messageKey, params: r.error.params };
}

async function viaSubmit(playerId: number, channelType: "Agent" | "Personal", amount: bigint): Promise<Outcome> {
  try {
    await submitDeposit(playerId, {
      methodId: method.id,
      channelType,
      walletNumberId: channelType === "Agent" ? agent.id : personal.id,
      amount,
      senderNumber: "01712345678",
      trxId: newTrx(),
      promotionId: null,
      proof: { bytes: PNG, declaredName: "shot.png" },
      idempotencyKey: newKey(),
    });
    return { ok: true };
  } catch (e) {
    const error = e as { messageKey: string; params?: Record<string, string> };
    return { ok: false, messageKey: error.messageKey, params: error.params };
  }
}

const shown = async (channelType: "Agent" | "Personal") => {
  const page = await depositChoices(new URLSearchParams({ methodId: String(method.id), channelType }));
  // The range beside the amount is the chosen channel's, as in the channel's own button.
  expect(page.channels.find((c) => c.type === channelType)).toEqual({ type: channelType, ...page.amountRange });
  return page.amountRange!;
};
/** The shown amount read back as the kernel reads typed taka (no float). */
const poisha = (text: string) => parseTaka(text)!;

describe("the deposit page and submitDeposit agree", () => {
  it.each(["Agent", "Personal"] as const)("on the %s channel's shown minimum and maximum", async (channelType) => {
    const range = await shown(channelType);
    expect(range).toEqual(channelType === "Agent" ? { min: "100", max: "25,000" } : { min: "300", max: "7,000" });
    const [min, max] = [poisha(range.min), poisha(range.max)];
    for (const [amount, accepted] of [
      [min - 1n, false],
      [min, true],
      [max, true],
      [max + 1n, false],
    ] as const) {
      const player = await createPlayer();
      const page = await viaPage(player.id, channelType, amount);
      const submit = await viaSubmit(player.id, channelType, amount);
      expect({ amount, page }).toEqual({ amount, page: submit });
      expect(page.ok).toBe(accepted);
    }
  });

  it(`on the review queue: room for ${MAX_PENDING_DEPOSITS} waiting deposits, not one more`, async () => {
    const player = await createPlayer();
    for (let i = 0; i < MAX_PENDING_DEPOSITS; i++) {
      expect(await viaPage(player.id, "Personal", taka(500))).toEqual({ ok: true });
      expect(await viaSubmit(player.id, "Personal", taka(500))).toEqual({ ok: true });
    }
    const refused = { ok: false, messageKey: "payments.errors.tooManyPending", params: { count: String(MAX_PENDING_DEPOSITS) } };
    expect(await viaPage(player.id, "Personal", taka(500))).toEqual(refused);
    expect(await viaSubmit(player.id, "Personal", taka(500))).toEqual(refused);
  });
});
