import { addTaka } from "#app/components/payments/format.ts";
import { QUICK_DEPOSIT } from "#app/components/payments/QuickAmounts.tsx";
import { fromWholeTaka, takaText } from "#app/kernel/money.ts";
import {
  assignWalletNumber,
  type ChannelType,
  type DepositChannelType,
  checkDepositRules,
  depositChannels,
  isPaymentError,
  listPaymentMethods,
  openDepositRange,
  listPlayerDeposits,
  PaymentError,
  readDepositFacts,
  toId,
  gatewayChannel,
} from "#app/modules/payments/index.server.ts";
import { getActivePromotion, listActivePromotions } from "#app/modules/promotions/index.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import { playerStatus } from "./status.ts";

const KEPT = ["promotionId", "methodId", "channelType"] as const;

/**
 * A quick amount or Clear pressed without JavaScript (?add=500 / ?clear=1): the query of the same page with the
 * amount already changed, or null when there is nothing to fold.
 */
export function normaliseQuickAdd(query: URLSearchParams, allowed: readonly number[]): string | null {
  if (!query.has("add") && !query.has("clear")) return null;
  const next = new URLSearchParams();
  for (const key of KEPT) {
    const value = query.get(key);
    if (value) next.set(key, value.slice(0, 20));
  }
  let amount = (query.get("amount") ?? "").trim().slice(0, 20);
  if (query.has("clear")) amount = "";
  const add = Number(query.get("add"));
  if (allowed.includes(add)) amount = addTaka(amount, add);
  if (amount) next.set("amount", amount);
  const text = next.toString();
  return text ? `?${text}` : "";
}

/**
 * The choices of the form (promotion, method and its channels, channel, amount) from a query or a posted form;
 * unknown or stale values fall back (first promotion, first channel, no method).
 */
export async function depositChoices(query: URLSearchParams) {
  const [methods, promotions, open] = await Promise.all([listPaymentMethods({ activeOnly: true }), listActivePromotions(), openDepositRange()]);
  const method = methods.find((m) => m.id === toId(query.get("methodId"))) ?? null;
  // The amounts each channel really takes (the same ones submitDeposit holds the deposit to); a method in gateway
  // mode has one channel, its checkout.
  const checkout = method ? await gatewayChannel(method.id) : null;
  const channels: Array<{ type: DepositChannelType; min: bigint; max: bigint }> = checkout
    ? [{ type: "Gateway", ...checkout }]
    : method
      ? await depositChannels(method.id)
      : [];
  const promotionParam = query.get("promotionId");
  const promotionId = promotionParam === "none" ? null : ((promotions.find((p) => p.id === toId(promotionParam)) ?? promotions[0])?.id ?? null);
  const channelType: DepositChannelType | null = channels.find((c) => c.type === query.get("channelType"))?.type ?? channels[0]?.type ?? null;
  // The range shown beside the amount: the chosen channel's, else what the open channels take together.
  const chosen = channels.find((c) => c.type === channelType) ?? open;
  return {
    methods,
    promotions,
    channels: channels.map((c) => ({
      type: c.type,
      min: takaText(c.min, { symbol: false, decimals: "trim" }),
      max: takaText(c.max, { symbol: false, decimals: "trim" }),
    })),
    amountRange: chosen
      ? { min: takaText(chosen.min, { symbol: false, decimals: "trim" }), max: takaText(chosen.max, { symbol: false, decimals: "trim" }) }
      : null,
    // Quick amounts the chosen range takes (whole taka).
    quick: chosen ? QUICK_DEPOSIT.filter((n) => fromWholeTaka(n) >= chosen.min && fromWholeTaka(n) <= chosen.max) : [...QUICK_DEPOSIT],
    selected: { promotionId, methodId: method?.id ?? null, channelType, amount: (query.get("amount") ?? "").trim().slice(0, 20) },
  };
}

/** Everything /deposit shows, with the choices in the query applied. */
export async function depositPageData(playerId: number, locale: string, query: URLSearchParams) {
  const [{ methods, promotions, channels, amountRange, quick, selected }, deposits] = await Promise.all([
    depositChoices(query),
    listPlayerDeposits(playerId, { limit: 5 }),
  ]);
  return {
    amountRange,
    quick,
    promotions: promotions.map((p) => ({ id: p.id, name: locale === "bn" ? p.nameBn : p.nameEn, percent: Math.round(p.bonusPercent) })),
    methods: methods.map(({ id, name, icon, tag }) => ({ id, name, icon, tag })),
    channels,
    selected,
    records: deposits.map((d) => ({
      id: d.id,
      amount: takaText(d.amount, { symbol: false }),
      status: playerStatus(d.status),
      methodIcon: d.methodIcon,
      createdAt: formatDhakaDateTime(d.createdAt),
    })),
  };
}

/** A posted form's text fields as a query, to re-render the choices it was sent with. */
export function formQuery(formData: FormData) {
  return new URLSearchParams([...formData].flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as [string, string]] : [])));
}

type Step = { promotionId: number | null; methodId: number; channelType: ChannelType; amount: bigint };
export type CheckedStep = { ok: true; draft: Step & { walletNumberId: number; accountNumber: string } } | { ok: false; error: PaymentError };

/**
 * Step 1 checked against the database with the rules submitDeposit applies (amount, active method, its channel and
 * that channel's range, the review queue), then the promotion, then a receiving number assigned. Refusals come back
 * as the PaymentError to show.
 */
export async function checkDepositStep(playerId: number, { promotionId, methodId, channelType, amount }: Step): Promise<CheckedStep> {
  try {
    const rules = checkDepositRules({ channelType, amount }, await readDepositFacts(playerId, methodId));
    if (!rules.ok) return rules;
    if (promotionId !== null && !(await getActivePromotion(promotionId))) {
      throw new PaymentError("invalid_promotion", "payments.errors.promotionInvalid", { field: "promotionId" });
    }
    const wallet = await assignWalletNumber({ methodId, channelType, amount });
    return { ok: true, draft: { promotionId, methodId, channelType, amount, ...wallet } };
  } catch (e) {
    if (isPaymentError(e)) return { ok: false, error: e };
    throw e;
  }
}
