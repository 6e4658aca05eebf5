// Payment methods, their deposit channels and the platform's receiving wallet numbers (assigned in rotation).
import { DomainError } from "#app/kernel/domain-error.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { getEnv } from "#app/config/env.server.ts";
import { db, type Executor } from "#app/db/db.server.ts";
import { maskSecret } from "#app/modules/games/index.server.ts";
import { startOfDhakaDay } from "#app/kernel/dhaka-time.ts";
import { paymentMethods, deposits, type WalletNumber, walletNumbers } from "./schema.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import { contentChanged } from "#app/utils/ttl-cache.server.ts";
import { audit, changedFields } from "#app/modules/audit/index.server.ts";
import { checkAmount } from "#app/kernel/amount-input.ts";
import { channelLabels, type ChannelType, channelTypes, METHOD_TAG } from "./constants.ts";
import { PaymentError, type PaymentMessageKey } from "./errors.ts";
import { type GatewayCredentials, gatewayKinds, type GatewayKind } from "./gateway/types.ts";
import { isChannelType, SENDER_NUMBER, toId } from "./validation.ts";

export type PaymentMethod = { id: number; name: string; icon: string; status: "active" | "inactive"; sortOrder: number; tag: string | null };

/**
 * Payment methods in display order. Players see active ones, de-duplicated by name (case and spaces ignored):
 * the lowest id of a name wins. The back office passes { activeOnly: false, dedupe: false } to see every row.
 */
export async function listPaymentMethods({ activeOnly = true, dedupe = true }: { activeOnly?: boolean; dedupe?: boolean } = {}): Promise<
  PaymentMethod[]
> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(activeOnly ? eq(paymentMethods.status, "active") : undefined)
    .orderBy(asc(paymentMethods.id));
  const seen = new Set<string>();
  const kept = dedupe
    ? rows.filter((r) => {
        const key = r.name.trim().toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
    : rows;
  return kept.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

/** An active method by id, or a PaymentError("invalid_method") for anything else (unknown, inactive, forged). */
export async function requireActiveMethod(methodId: unknown, ex: Executor = db, messageKey: PaymentMessageKey = "payments.errors.methodInvalid") {
  const id = toId(methodId);
  const [row] = id
    ? await ex
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.id, id), eq(paymentMethods.status, "active")))
    : [];
  if (!row) throw new PaymentError("invalid_method", messageKey, { field: "methodId" });
  return row;
}

export type DepositChannel = { type: ChannelType; label: "CashOut" | "Send Money"; min: bigint; max: bigint };

/** The channels a method offers now, from its active wallet numbers: min of mins, max of maxes per type. */
export async function listDepositChannels(methodId: unknown, ex: Executor = db): Promise<DepositChannel[]> {
  const id = toId(methodId);
  if (!id) return [];
  const rows = rowsOf<{ type: ChannelType; min: string; max: string }>(
    await ex.execute(sql`
      select w.channel_type as type, min(w.min_amount)::text as min, max(w.max_amount)::text as max
      from wallet_numbers w join payment_methods m on m.id = w.method_id
      where w.method_id = ${id} and w.active and m.status = 'active'
      group by w.channel_type`),
  );
  return channelTypes.flatMap((type) => {
    const r = rows.find((x) => x.type === type);
    return r ? [{ type, label: channelLabels[type], min: BigInt(r.min), max: BigInt(r.max) }] : [];
  });
}

/**
 * Picks the receiving number for a deposit: among the method's active numbers of that type whose range takes the
 * amount and whose daily cap (Asia/Dhaka day, pending and approved deposits) leaves room, the least recently
 * assigned one. One statement that also stamps it, skipping rows another request is stamping, so concurrent
 * requests rotate instead of queueing on one number.
 */
export async function assignWalletNumber({
  methodId,
  channelType,
  amount,
}: {
  methodId: unknown;
  channelType: unknown;
  amount: bigint;
}): Promise<{ walletNumberId: number; accountNumber: string }> {
  const id = toId(methodId);
  const valid = checkAmount(amount);
  if (!id || !isChannelType(channelType) || !valid.ok) throw new PaymentError("no_wallet_number", "payments.errors.noWalletNumber");
  const dayStart = startOfDhakaDay();
  const a = String(amount);
  const rows = rowsOf<{ id: number; account_number: string }>(
    await db.execute(sql`
      update wallet_numbers set last_assigned_at = clock_timestamp()
      where id = (
        select w.id from wallet_numbers w join payment_methods m on m.id = w.method_id
        where w.method_id = ${id} and w.channel_type = ${channelType} and w.active and m.status = 'active'
          and w.min_amount <= ${a}::bigint and w.max_amount >= ${a}::bigint
          and (w.daily_cap is null or w.daily_cap - coalesce((
            select sum(d.amount) from deposits d
            where d.wallet_number_id = w.id and d.status in ('pending', 'approved') and d.created_at >= ${dayStart.toISOString()}::timestamptz
          ), 0) >= ${a}::bigint)
        order by w.last_assigned_at asc nulls first, w.id
        limit 1
        for update of w skip locked
      )
      returning id, account_number`),
  );
  const row = rows[0];
  if (!row) throw new PaymentError("no_wallet_number", "payments.errors.noWalletNumber");
  return { walletNumberId: Number(row.id), accountNumber: row.account_number };
}

export type WalletNumberRow = WalletNumber & { methodName: string; usedToday: bigint };

/** Every wallet number with its method and how much of today's cap (Asia/Dhaka) pending and approved deposits use. */
export async function listWalletNumbers(): Promise<WalletNumberRow[]> {
  const rows = await db
    .select({ w: walletNumbers, methodName: paymentMethods.name })
    .from(walletNumbers)
    .innerJoin(paymentMethods, eq(paymentMethods.id, walletNumbers.methodId))
    .orderBy(asc(paymentMethods.sortOrder), asc(walletNumbers.methodId), asc(walletNumbers.channelType), asc(walletNumbers.id));
  const ids = rows.map((r) => r.w.id);
  const used = ids.length
    ? await db
        .select({ id: deposits.walletNumberId, total: sql<string>`sum(${deposits.amount})::text` })
        .from(deposits)
        .where(
          and(inArray(deposits.walletNumberId, ids), inArray(deposits.status, ["pending", "approved"]), gte(deposits.createdAt, startOfDhakaDay())),
        )
        .groupBy(deposits.walletNumberId)
    : [];
  const usedById = new Map(used.map((u) => [u.id, BigInt(u.total)]));
  return rows.map((r) => ({ ...r.w, methodName: r.methodName, usedToday: usedById.get(r.w.id) ?? 0n }));
}

export type SaveWalletNumberInput = {
  id?: number | null;
  methodId: number;
  channelType: ChannelType;
  accountNumber: string;
  minAmount: bigint;
  maxAmount: bigint;
  /** Null = no cap. */
  dailyCap: bigint | null;
  active: boolean;
  staffId: number;
  ip?: string | null;
};

const walletSnapshot = (w: Pick<WalletNumber, "methodId" | "channelType" | "accountNumber" | "minAmount" | "maxAmount" | "dailyCap" | "active">) => ({
  methodId: w.methodId,
  channelType: w.channelType,
  accountNumber: w.accountNumber,
  minAmount: String(w.minAmount),
  maxAmount: String(w.maxAmount),
  dailyCap: w.dailyCap === null ? null : String(w.dailyCap),
  active: w.active,
});

const isUniqueViolation = (e: unknown) => {
  for (let cur = e, i = 0; cur && i < 5; cur = (cur as { cause?: unknown }).cause, i++) if ((cur as { code?: string }).code === "23505") return true;
  return false;
};

/** Creates (no id) or updates a receiving number; refusals are PaymentErrors with the field. Audited. */
export async function saveWalletNumber(input: SaveWalletNumberInput): Promise<WalletNumber> {
  const methodId = toId(input.methodId);
  const [method] = methodId ? await db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.id, methodId)) : [];
  if (!method) throw new PaymentError("invalid_method", "payments.errors.methodInvalid", { field: "methodId" });
  if (!isChannelType(input.channelType)) throw new PaymentError("invalid_channel", "payments.errors.channelRequired", { field: "channelType" });
  const accountNumber = typeof input.accountNumber === "string" ? input.accountNumber.trim() : "";
  if (!SENDER_NUMBER.test(accountNumber)) throw new PaymentError("invalid_input", "payments.errors.senderInvalid", { field: "accountNumber" });
  for (const [field, value] of [
    ["minAmount", input.minAmount],
    ["maxAmount", input.maxAmount],
  ] as const) {
    const r = checkAmount(value);
    if (!r.ok) throw new PaymentError("invalid_amount", r.messageKey, { field });
  }
  if (input.maxAmount < input.minAmount) throw new PaymentError("invalid_amount", "payments.errors.rangeInvalid", { field: "maxAmount" });
  if (input.dailyCap !== null) {
    const r = checkAmount(input.dailyCap);
    if (!r.ok) throw new PaymentError("invalid_amount", r.messageKey, { field: "dailyCap" });
  }
  const values = {
    methodId: method.id,
    channelType: input.channelType,
    accountNumber,
    minAmount: input.minAmount,
    maxAmount: input.maxAmount,
    dailyCap: input.dailyCap,
    active: Boolean(input.active),
  };
  const ip = input.ip ?? null;
  try {
    return await db.transaction(async (tx) => {
      if (input.id) {
        const id = toId(input.id);
        const [before] = id ? await tx.select().from(walletNumbers).where(eq(walletNumbers.id, id)).for("update") : [];
        if (!before) throw new PaymentError("not_found", "payments.errors.notFound");
        const [after] = await tx
          .update(walletNumbers)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(walletNumbers.id, before.id))
          .returning();
        const diff = changedFields(walletSnapshot(before), walletSnapshot(after!));
        await audit(tx, { staffId: input.staffId, action: "wallet_number.update", entity: "wallet_number", entityId: before.id, ...diff, ip });
        return after!;
      }
      const [row] = await tx.insert(walletNumbers).values(values).returning();
      await audit(tx, {
        staffId: input.staffId,
        action: "wallet_number.create",
        entity: "wallet_number",
        entityId: row!.id,
        after: walletSnapshot(row!),
        ip,
      });
      return row!;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new PaymentError("invalid_input", "payments.errors.walletNumberTaken", { field: "accountNumber" });
    throw e;
  }
}

export type SavePaymentMethodInput = {
  id?: number | null;
  name: string;
  icon: string;
  status: "active" | "inactive";
  sortOrder?: number;
  /** The tile's badge ("+2%"); empty or null: none. */
  tag?: string | null;
  staffId: number;
  ip?: string | null;
};

const methodSnapshot = (m: Pick<PaymentMethod, "name" | "icon" | "status" | "sortOrder" | "tag">) => ({
  name: m.name,
  icon: m.icon,
  status: m.status,
  sortOrder: m.sortOrder,
  tag: m.tag,
});

/** Creates (no id) or updates a payment method. Audited. */
export async function savePaymentMethod(input: SavePaymentMethodInput): Promise<PaymentMethod> {
  const name = typeof input.name === "string" ? input.name.trim() : "";
  const icon = typeof input.icon === "string" ? input.icon.trim() : "";
  if (!name || name.length > 60) throw new PaymentError("invalid_input", "payments.errors.methodNameRequired", { field: "name" });
  // Icons are site paths or https URLs: never javascript: or data: URLs.
  if (!icon || icon.length > 500 || !/^(\/[^\s]*|https:\/\/[^\s]+)$/.test(icon))
    throw new PaymentError("invalid_input", "payments.errors.iconInvalid", { field: "icon" });
  if (input.status !== "active" && input.status !== "inactive") throw new PaymentError("invalid_input", "payments.errors.statusInvalid");
  const sortOrder = Number.isInteger(input.sortOrder) ? Math.max(0, Math.min(10_000, input.sortOrder!)) : 0;
  const tag = typeof input.tag === "string" && input.tag.trim() ? input.tag.trim() : null;
  if (tag !== null && !METHOD_TAG.test(tag)) throw new PaymentError("invalid_input", "payments.errors.methodTagInvalid", { field: "tag" });
  const values = { name, icon, status: input.status, sortOrder, tag };
  const ip = input.ip ?? null;
  const saved = await db.transaction(async (tx) => {
    if (input.id) {
      const id = toId(input.id);
      const [before] = id ? await tx.select().from(paymentMethods).where(eq(paymentMethods.id, id)).for("update") : [];
      if (!before) throw new PaymentError("not_found", "payments.errors.notFound");
      const [after] = await tx.update(paymentMethods).set(values).where(eq(paymentMethods.id, before.id)).returning();
      // Only the method's own fields: the row also holds bigint gateway limits and the gateway's secrets.
      const diff = changedFields(methodSnapshot(before), methodSnapshot(after!));
      await audit(tx, { staffId: input.staffId, action: "payment_method.update", entity: "payment_method", entityId: before.id, ...diff, ip });
      return after!;
    }
    const [row] = await tx.insert(paymentMethods).values(values).returning();
    await audit(tx, { staffId: input.staffId, action: "payment_method.create", entity: "payment_method", entityId: row!.id, after: values, ip });
    return row!;
  });
  contentChanged(); // home's footer lists the methods
  return saved;
}

// ---- Deposit mode: manual transfers, or a gateway's merchant checkout ----------------------------------------

/** How a method takes deposits: "manual" (wallet numbers, staff review) or a gateway's checkout. */
export const depositModes = ["manual", ...gatewayKinds] as const;
export type DepositMode = (typeof depositModes)[number];

const gatewaySecretKeys = ["appSecret", "password", "webhookSecret"] as const;
type GatewaySecretKey = (typeof gatewaySecretKeys)[number];

export type GatewaySettingsField =
  "gateway" | "gatewayMin" | "gatewayMax" | "baseUrl" | "appKey" | "appSecret" | "username" | "password" | "webhookSecret";

/** A refusal of the gateway settings form: an adminPayments.errors key and the field it belongs to. */
export class GatewaySettingsError extends DomainError<"invalid_input" | "not_found"> {
  declare readonly messageKey: Extract<MessageKey, `adminPayments.errors.${string}`>;
  declare readonly field: GatewaySettingsField | undefined;
  constructor(code: "invalid_input" | "not_found", messageKey: Extract<MessageKey, `adminPayments.errors.${string}`>, field?: GatewaySettingsField) {
    super(code, messageKey, { field });
    this.name = "GatewaySettingsError";
  }
}
export const isGatewaySettingsError = (e: unknown): e is GatewaySettingsError => e instanceof GatewaySettingsError;

/** The address the operator gives the gateway for its webhooks. */
export function gatewayWebhookUrl(methodId: number) {
  return `${getEnv().PUBLIC_URL.replace(/\/+$/, "")}/api/gateway-webhook/${methodId}`;
}

/** A method's gateway settings as staff may see them: non-secret fields, and secrets only as masks. */
export type MethodGatewayView = {
  mode: DepositMode;
  gatewayMin: bigint;
  gatewayMax: bigint;
  baseUrl: string;
  appKey: string;
  username: string;
  appSecretMask: string;
  passwordMask: string;
  webhookSecretMask: string;
  webhookUrl: string;
};

export type AdminPaymentMethod = PaymentMethod & { gateway: MethodGatewayView };

type MethodRow = typeof paymentMethods.$inferSelect;

function gatewayView(m: Pick<MethodRow, "id" | "gateway" | "gatewayCredentials" | "gatewayMin" | "gatewayMax">): MethodGatewayView {
  const c = m.gatewayCredentials ?? {};
  return {
    mode: m.gateway ?? "manual",
    gatewayMin: m.gatewayMin,
    gatewayMax: m.gatewayMax,
    baseUrl: c.baseUrl ?? "",
    appKey: c.appKey ?? "",
    username: c.username ?? "",
    appSecretMask: maskSecret(c.appSecret),
    passwordMask: maskSecret(c.password),
    webhookSecretMask: maskSecret(c.webhookSecret),
    webhookUrl: gatewayWebhookUrl(m.id),
  };
}

/** Every method (inactive and same-named ones too) for the back office, with its gateway settings masked. */
export async function listAdminPaymentMethods(): Promise<AdminPaymentMethod[]> {
  const rows = await listPaymentMethods({ activeOnly: false, dedupe: false });
  // listPaymentMethods hands back whole rows: copy field by field so no credential can ride along.
  return (rows as MethodRow[]).map((m) => ({
    id: m.id,
    name: m.name,
    icon: m.icon,
    status: m.status,
    sortOrder: m.sortOrder,
    tag: m.tag,
    gateway: gatewayView(m),
  }));
}

/** An https URL without user or password in it, trimmed of a trailing slash; null for anything else. */
export function normaliseHttpsUrl(text: string): string | null {
  const value = text.trim();
  if (!value || value.length > 500) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" || url.username || url.password || !url.hostname) return null;
    return value.replace(/\/+$/, "");
  } catch {
    return null;
  }
}

export type SaveMethodGatewayInput = {
  id: number;
  mode: DepositMode;
  /** Poisha. */
  gatewayMin: bigint;
  gatewayMax: bigint;
  /** bKash only; "" clears. */
  baseUrl?: string | null;
  appKey?: string | null;
  username?: string | null;
  /** New secrets; empty or undefined keeps the current one. */
  appSecret?: string | null;
  password?: string | null;
  webhookSecret?: string | null;
  staffId: number;
  ip?: string | null;
};

const gatewaySnapshot = (m: Pick<MethodRow, "gateway" | "gatewayCredentials" | "gatewayMin" | "gatewayMax">) => ({
  gateway: m.gateway ?? "manual",
  gatewayMin: String(m.gatewayMin),
  gatewayMax: String(m.gatewayMax),
  baseUrl: m.gatewayCredentials?.baseUrl ?? "",
  appKey: m.gatewayCredentials?.appKey ?? "",
  username: m.gatewayCredentials?.username ?? "",
});

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * Sets how a method takes deposits, its checkout's range and the gateway's merchant credentials. bKash needs its
 * base URL (https), app key and secret, username and password; every gateway needs the webhook secret. A secret left
 * empty keeps the stored one. Audited: the row says which secret changed, never a value.
 */
export async function saveMethodGateway(input: SaveMethodGatewayInput): Promise<{ id: number; name: string }> {
  const mode = input.mode;
  if (!(depositModes as readonly string[]).includes(mode))
    throw new GatewaySettingsError("invalid_input", "adminPayments.errors.modeInvalid", "gateway");
  for (const field of ["gatewayMin", "gatewayMax"] as const) {
    const r = checkAmount(input[field]);
    if (!r.ok) {
      const positive = r.messageKey === "payments.errors.amountZero" || r.messageKey === "payments.errors.amountNegative";
      throw new GatewaySettingsError("invalid_input", positive ? "adminPayments.errors.amountPositive" : "adminPayments.errors.amountInvalid", field);
    }
  }
  if (input.gatewayMax < input.gatewayMin) throw new GatewaySettingsError("invalid_input", "adminPayments.errors.minMax", "gatewayMax");
  const rawUrl = text(input.baseUrl);
  const baseUrl = rawUrl ? normaliseHttpsUrl(rawUrl) : "";
  if (baseUrl === null) throw new GatewaySettingsError("invalid_input", "adminPayments.errors.httpsUrlInvalid", "baseUrl");
  const plain = { appKey: text(input.appKey), username: text(input.username) };
  for (const field of ["appKey", "username"] as const) {
    if (plain[field].length > 200 || /\s/.test(plain[field]))
      throw new GatewaySettingsError("invalid_input", "adminPayments.errors.credentialInvalid", field);
  }
  const secrets: Partial<Record<GatewaySecretKey, string>> = {};
  for (const field of gatewaySecretKeys) {
    const value = text(input[field]);
    if (!value) continue;
    if (value.length > 500 || /\s/.test(value)) throw new GatewaySettingsError("invalid_input", "adminPayments.errors.secretInvalid", field);
    if (field === "webhookSecret" && value.length < 16)
      throw new GatewaySettingsError("invalid_input", "adminPayments.errors.webhookSecretShort", field);
    secrets[field] = value;
  }

  const id = toId(input.id);
  return db.transaction(async (tx) => {
    const [before] = id ? await tx.select().from(paymentMethods).where(eq(paymentMethods.id, id)).for("update") : [];
    if (!before) throw new GatewaySettingsError("not_found", "adminPayments.errors.methodNotFound");
    const stored = before.gatewayCredentials ?? {};
    const merged: GatewayCredentials = { ...stored, baseUrl, ...plain, ...secrets };
    // Empty values are left out rather than stored as "".
    const credentials = Object.fromEntries(Object.entries(merged).filter(([, v]) => typeof v === "string" && v !== "")) as GatewayCredentials;
    if (mode === "bkash") {
      for (const field of ["baseUrl", "appKey", "appSecret", "username", "password"] as const) {
        if (!credentials[field]) throw new GatewaySettingsError("invalid_input", "adminPayments.errors.bkashRequired", field);
      }
    }
    if (mode !== "manual" && !credentials.webhookSecret)
      throw new GatewaySettingsError("invalid_input", "adminPayments.errors.webhookSecretRequired", "webhookSecret");
    const gateway: GatewayKind | null = mode === "manual" ? null : mode;
    const [after] = await tx
      .update(paymentMethods)
      .set({
        gateway,
        gatewayCredentials: Object.keys(credentials).length ? credentials : null,
        gatewayMin: input.gatewayMin,
        gatewayMax: input.gatewayMax,
      })
      .where(eq(paymentMethods.id, before.id))
      .returning();
    const diff = changedFields(gatewaySnapshot(before), gatewaySnapshot(after!));
    for (const field of gatewaySecretKeys) {
      if (secrets[field] === undefined || secrets[field] === stored[field]) continue;
      diff.before[field] = stored[field] ? "set" : "not set";
      diff.after[field] = "changed";
    }
    if (Object.keys(diff.after).length) {
      await audit(tx, {
        staffId: input.staffId,
        action: "payment_method.gateway_update",
        entity: "payment_method",
        entityId: before.id,
        ...diff,
        ip: input.ip ?? null,
      });
    }
    return { id: before.id, name: before.name };
  });
}
