// The back office's provider and game management. Every change is written to the audit log inside its own
// transaction; provider secrets never reach the audit log (only the fact that one changed).
import { DomainError } from "#app/kernel/domain-error.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import { db, type Tx } from "#app/db/db.server.ts";
import { audit, changedFields } from "#app/modules/audit/index.server.ts";
import { clearCatalogueMenuCache, containsPattern } from "./catalogue.server.ts";
import { type Game, type GameProvider, gameProviders, games } from "./schema.ts";
import { type GameType, isGameType } from "./types.ts";
import { isId } from "#app/utils/ids.ts";

export type GameAdminErrorCode = "not_found" | "invalid_input";
/** Message keys of the adminGames locale area. */
export type GameAdminMessage = Extract<MessageKey, `adminGames.errors.${string}`>;

export class GameAdminError extends DomainError<GameAdminErrorCode> {
  declare readonly messageKey: GameAdminMessage;

  constructor(code: GameAdminErrorCode, messageKey: GameAdminMessage, field?: string) {
    super(code, messageKey, { field, detail: messageKey });
    this.name = "GameAdminError";
  }
}
export const isGameAdminError = (e: unknown): e is GameAdminError => e instanceof GameAdminError;

export type Actor = { staffId: number; ip?: string | null };

const MAX_STAKE = 10n ** 12n;
/** ৳10,000 crore: the highest max win or round payout cap (the form's MAX_PAYOUT_LIMIT). */
const MAX_PAYOUT_LIMIT = 10n ** 13n;
const MAX_ORDER = 100_000;

/** The secret as staff see it: never the value, only whether one is set and its last two characters. */
export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return "";
  return `••••••${secret.length > 8 ? secret.slice(-2) : ""}`;
}

export type AdminProvider = Omit<GameProvider, "secret" | "secretPrevious"> & {
  secretMask: string;
  rotating: boolean;
  games: number;
};

export async function listAdminProviders(): Promise<AdminProvider[]> {
  const rows = await db
    .select({ p: gameProviders, games: count(games.id) })
    .from(gameProviders)
    .leftJoin(games, eq(games.providerId, gameProviders.id))
    .groupBy(gameProviders.id)
    .orderBy(asc(gameProviders.sortOrder), asc(gameProviders.name));
  return rows.map(({ p, games: n }) => {
    const { secret, secretPrevious, ...rest } = p;
    return { ...rest, secretMask: maskSecret(secret), rotating: secretPrevious !== null, games: Number(n) };
  });
}

export type SaveProviderInput = {
  id: number;
  name: string;
  status: "active" | "inactive";
  sortOrder: number;
  baseUrl: string;
  operatorId: string;
  /** A new secret; empty or undefined keeps the current one. */
  secret?: string | null;
};

/** "" (the built-in simulated aggregator) or an http(s) URL without credentials, trimmed of a trailing slash. */
export function normaliseBaseUrl(text: string): string | null {
  const value = text.trim();
  if (!value) return "";
  if (value.length > 500) return null;
  try {
    const url = new URL(value);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password || !url.hostname) return null;
    return value.replace(/\/+$/, "");
  } catch {
    return null;
  }
}

const providerSnapshot = (p: GameProvider) => ({
  name: p.name,
  status: p.status,
  sortOrder: p.sortOrder,
  baseUrl: p.baseUrl,
  operatorId: p.operatorId,
});

async function lockProvider(tx: Tx, id: number) {
  const [row] = isId(id) ? await tx.select().from(gameProviders).where(eq(gameProviders.id, id)).for("update") : [];
  if (!row) throw new GameAdminError("not_found", "adminGames.errors.providerNotFound");
  return row;
}

/**
 * Edits a provider. A new secret replaces the current one, which stays accepted as secretPrevious until staff
 * finish the rotation (only the secret just replaced is kept). The audit row says "secret changed", never a value.
 */
export async function saveProvider(input: SaveProviderInput, actor: Actor): Promise<GameProvider> {
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (!name || name.length > 60) throw new GameAdminError("invalid_input", "adminGames.errors.nameInvalid", "name");
  if (input.status !== "active" && input.status !== "inactive")
    throw new GameAdminError("invalid_input", "adminGames.errors.statusInvalid", "status");
  if (!Number.isInteger(input.sortOrder) || input.sortOrder < 0 || input.sortOrder > MAX_ORDER) {
    throw new GameAdminError("invalid_input", "adminGames.errors.orderInvalid", "sortOrder");
  }
  const baseUrl = normaliseBaseUrl(input.baseUrl ?? "");
  if (baseUrl === null) throw new GameAdminError("invalid_input", "adminGames.errors.baseUrlInvalid", "baseUrl");
  const operatorId = (input.operatorId ?? "").trim();
  if (operatorId.length > 100 || /\s/.test(operatorId)) throw new GameAdminError("invalid_input", "adminGames.errors.operatorInvalid", "operatorId");
  const secret = (input.secret ?? "").trim();
  if (secret && (secret.length < 16 || secret.length > 200 || /\s/.test(secret))) {
    throw new GameAdminError("invalid_input", "adminGames.errors.secretInvalid", "secret");
  }

  const saved = await db.transaction(async (tx) => {
    const before = await lockProvider(tx, input.id);
    const secretChanged = Boolean(secret) && secret !== before.secret;
    const [after] = await tx
      .update(gameProviders)
      .set({
        name,
        status: input.status,
        sortOrder: input.sortOrder,
        baseUrl,
        operatorId,
        ...(secretChanged ? { secret, secretPrevious: before.secret || null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(gameProviders.id, before.id))
      .returning();
    const diff = changedFields(providerSnapshot(before), providerSnapshot(after!));
    if (secretChanged) {
      diff.before.secret = before.secret ? "set" : "not set";
      diff.after.secret = "changed";
    }
    if (Object.keys(diff.after).length) {
      await audit(tx, {
        staffId: actor.staffId,
        action: "game_provider.update",
        entity: "game_provider",
        entityId: before.id,
        ...diff,
        ip: actor.ip ?? null,
      });
    }
    return after!;
  });
  clearCatalogueMenuCache();
  return saved;
}

/** Ends a secret rotation: the previous secret is no longer accepted. Audited; no-op when none is pending. */
export async function finishSecretRotation(id: number, actor: Actor): Promise<{ finished: boolean; name: string }> {
  return db.transaction(async (tx) => {
    const before = await lockProvider(tx, id);
    if (before.secretPrevious === null) return { finished: false, name: before.name };
    await tx.update(gameProviders).set({ secretPrevious: null, updatedAt: new Date() }).where(eq(gameProviders.id, before.id));
    await audit(tx, {
      staffId: actor.staffId,
      action: "game_provider.rotation_finished",
      entity: "game_provider",
      entityId: before.id,
      before: { previousSecret: "accepted" },
      after: { previousSecret: "removed" },
      ip: actor.ip ?? null,
    });
    return { finished: true, name: before.name };
  });
}

export const ADMIN_GAME_PAGE_SIZE = 25;

export type AdminGameFilter = { providerId?: number; type?: GameType; search?: string; page?: number };
export type AdminGame = Game & { platform: string; providerName: string };

export async function listAdminGames({ providerId, type, search, page = 1 }: AdminGameFilter = {}): Promise<{
  items: AdminGame[];
  total: number;
  pages: number;
}> {
  const text = search?.trim().slice(0, 60);
  const conditions: SQL[] = [];
  if (providerId) conditions.push(eq(games.providerId, providerId));
  if (type && isGameType(type)) conditions.push(eq(games.type, type));
  if (text) conditions.push(or(ilike(games.name, containsPattern(text)), ilike(games.code, containsPattern(text)))!);
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(games).where(where);
  const pages = Math.max(1, Math.ceil(Number(total) / ADMIN_GAME_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const rows = await db
    .select({ g: games, platform: gameProviders.platform, providerName: gameProviders.name })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(where)
    .orderBy(asc(games.type), asc(games.displayOrder), asc(games.id))
    .limit(ADMIN_GAME_PAGE_SIZE)
    .offset((current - 1) * ADMIN_GAME_PAGE_SIZE);
  return { items: rows.map((r) => ({ ...r.g, platform: r.platform, providerName: r.providerName })), total: Number(total), pages };
}

export type SaveGameInput = {
  id: number;
  active: boolean;
  featured: boolean;
  displayOrder: number;
  /** Poisha. */
  minStake: bigint;
  maxStake: bigint;
  /** Poisha, house games (issue 30); undefined keeps the saved value. At least maxStake. */
  maxWin?: bigint;
  /** Poisha, Crash only; undefined keeps the saved value. At least the max win. */
  roundPayoutCap?: bigint;
};

const gameSnapshot = (g: Game) => ({
  active: g.active,
  featured: g.featured,
  displayOrder: g.displayOrder,
  minStake: String(g.minStake),
  maxStake: String(g.maxStake),
  maxWin: String(g.maxWin),
  roundPayoutCap: g.roundPayoutCap === null ? null : String(g.roundPayoutCap),
  poster: g.poster,
});

async function lockGame(tx: Tx, id: number) {
  const [row] = isId(id) ? await tx.select().from(games).where(eq(games.id, id)).for("update") : [];
  if (!row) throw new GameAdminError("not_found", "adminGames.errors.gameNotFound");
  return row;
}

/**
 * The max win and round payout cap a save sets (issue 30): a max win at least the max stake (a capped win never
 * pays less than the stake), a round cap at least the max win (one bet always fits) and only on a game that has one.
 */
function payoutLimits(input: SaveGameInput, before: Game): { maxWin: bigint; roundPayoutCap: bigint | null } {
  // Left out (an aggregator game's form has no such field: their providers cap their own wins), it stays.
  const maxWin = input.maxWin ?? before.maxWin;
  if (input.maxWin !== undefined && (typeof maxWin !== "bigint" || maxWin < input.maxStake || maxWin > MAX_PAYOUT_LIMIT)) {
    throw new GameAdminError("invalid_input", "adminGames.errors.maxWinInvalid", "maxWin");
  }
  if (input.roundPayoutCap === undefined || before.roundPayoutCap === null) return { maxWin, roundPayoutCap: before.roundPayoutCap };
  if (typeof input.roundPayoutCap !== "bigint" || input.roundPayoutCap < maxWin || input.roundPayoutCap > MAX_PAYOUT_LIMIT) {
    throw new GameAdminError("invalid_input", "adminGames.errors.roundPayoutCapInvalid", "roundPayoutCap");
  }
  return { maxWin, roundPayoutCap: input.roundPayoutCap };
}

/** Activates or deactivates, orders, features and sets the stake range and payout limits of a game. Audited with before/after. */
export async function saveGame(input: SaveGameInput, actor: Actor): Promise<Game> {
  if (!Number.isInteger(input.displayOrder) || input.displayOrder < 0 || input.displayOrder > MAX_ORDER) {
    throw new GameAdminError("invalid_input", "adminGames.errors.orderInvalid", "displayOrder");
  }
  if (typeof input.minStake !== "bigint" || input.minStake <= 0n || input.minStake > MAX_STAKE) {
    throw new GameAdminError("invalid_input", "adminGames.errors.minStakeInvalid", "minStake");
  }
  if (typeof input.maxStake !== "bigint" || input.maxStake < input.minStake || input.maxStake > MAX_STAKE) {
    throw new GameAdminError("invalid_input", "adminGames.errors.maxStakeInvalid", "maxStake");
  }
  const saved = await db.transaction(async (tx) => {
    const before = await lockGame(tx, input.id);
    const limits = payoutLimits(input, before);
    const [after] = await tx
      .update(games)
      .set({
        active: Boolean(input.active),
        featured: Boolean(input.featured),
        displayOrder: input.displayOrder,
        minStake: input.minStake,
        maxStake: input.maxStake,
        ...limits,
        updatedAt: new Date(),
      })
      .where(eq(games.id, before.id))
      .returning();
    const diff = changedFields(gameSnapshot(before), gameSnapshot(after!));
    if (Object.keys(diff.after).length) {
      await audit(tx, { staffId: actor.staffId, action: "game.update", entity: "game", entityId: before.id, ...diff, ip: actor.ip ?? null });
    }
    return after!;
  });
  clearCatalogueMenuCache();
  return saved;
}

/** Points a game at a stored poster (a /poster/<name> path from posters.server.ts). Audited. */
export async function setGamePoster(id: number, poster: string, actor: Actor): Promise<Game> {
  if (!/^\/poster\/[a-f0-9]{32}\.(png|jpg|webp)$/.test(poster))
    throw new GameAdminError("invalid_input", "adminGames.errors.posterInvalid", "poster");
  return db.transaction(async (tx) => {
    const before = await lockGame(tx, id);
    const [after] = await tx.update(games).set({ poster, updatedAt: new Date() }).where(eq(games.id, before.id)).returning();
    await audit(tx, {
      staffId: actor.staffId,
      action: "game.poster",
      entity: "game",
      entityId: before.id,
      before: { poster: before.poster },
      after: { poster },
      ip: actor.ip ?? null,
    });
    return after!;
  });
}

/**
 * Sets a provider's icon (the /games filter chip) to a stored upload (/poster/<name>, storePoster's answer) or clears
 * it (""): the chip then shows the name alone. Audited with before/after.
 */
export async function setProviderIcon(id: number, icon: string, actor: Actor): Promise<GameProvider> {
  if (icon !== "" && !/^\/poster\/[a-f0-9]{32}\.(png|jpg|webp)$/.test(icon))
    throw new GameAdminError("invalid_input", "adminGames.errors.posterInvalid", "icon");
  return db.transaction(async (tx) => {
    const before = await lockProvider(tx, id);
    const [after] = await tx.update(gameProviders).set({ icon }).where(eq(gameProviders.id, before.id)).returning();
    await audit(tx, {
      staffId: actor.staffId,
      action: "provider.icon",
      entity: "game_provider",
      entityId: before.id,
      before: { icon: before.icon },
      after: { icon },
      ip: actor.ip ?? null,
    });
    return after!;
  });
}

/** Providers for the games filter (id, name), in their display order. */
export async function listProviderChoices(): Promise<Array<{ id: number; name: string; platform: string }>> {
  return db
    .select({ id: gameProviders.id, name: gameProviders.name, platform: gameProviders.platform })
    .from(gameProviders)
    .orderBy(asc(gameProviders.sortOrder), asc(gameProviders.name));
}
