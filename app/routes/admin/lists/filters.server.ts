// The filters of the site-wide lists of casino rounds (/admin/rounds), exchange bets (/admin/exchange-bets) and ledger
// entries (/admin/ledger), each shared by its page and its CSV export. A value that does not read is refused with a
// message next to its field (the page answers 400 with the form as sent, the export 400). Without any query the lists
// show today (Dhaka), newest first; "Any day" is asked for with an empty range. The player is a username or an id.
import { z } from "zod";
import type { RouterContextProvider } from "react-router";
import { translate } from "#app/i18n/translate.server.ts";
import { csvTaka } from "#app/kernel/csv.server.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { type BetListFilter, type ExchangeBetRow, marketKinds, orderStatuses } from "#app/modules/exchange/index.server.ts";
import type { PlayerRoundRow, RoundListFilter } from "#app/modules/games/index.server.ts";
import { type EntryListFilter, type EntryRow, entryAccountTypes } from "#app/modules/ledger/index.server.ts";
import { findPlayerByUsername } from "#app/modules/players/index.server.ts";
import { toId } from "#app/utils/ids.ts";
import { type ExportColumn } from "../export.server.ts";
import { amountFilter, boundsOf, checkDayOrder, dateRangeFields, type FilterErrors, readListQuery } from "../list-filter.server.ts";

export const roundStatuses = ["open", "settled", "rolled_back"] as const;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** A username (3 to 30 letters, digits, _ . -) or a player id. */
const playerField = optional(
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, "adminExports.errors.player"),
);

const code = (message: "adminExports.errors.provider" | "adminExports.errors.game" | "adminExports.errors.kind") =>
  optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.:-]{1,80}$/, message),
  );

const idFilter = (message: "adminExports.errors.id") =>
  optional(
    z
      .string()
      .trim()
      .transform((text, ctx) => {
        const id = toId(text);
        if (id === null) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return id;
      }),
  );

/** The keyset cursor ("older than this row"): anything that is not a row id means the newest page. */
const beforeField = z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined));

export const roundsFilterSchema = z
  .object({
    ...dateRangeFields,
    player: playerField,
    provider: code("adminExports.errors.provider"),
    game: code("adminExports.errors.game"),
    status: optional(z.enum(roundStatuses, { error: "adminExports.errors.status" })),
    minStake: amountFilter,
    maxStake: amountFilter,
    before: beforeField,
  })
  .superRefine(checkDayOrder);
export const roundsFilterFields = ["range", "from", "to", "player", "provider", "game", "status", "minStake", "maxStake", "before"] as const;

export const betsFilterSchema = z
  .object({
    ...dateRangeFields,
    player: playerField,
    event: idFilter("adminExports.errors.id"),
    market: idFilter("adminExports.errors.id"),
    kind: optional(z.enum(marketKinds, { error: "adminExports.errors.kind" })),
    status: optional(z.enum(orderStatuses, { error: "adminExports.errors.status" })),
    before: beforeField,
  })
  .superRefine(checkDayOrder);
export const betsFilterFields = ["range", "from", "to", "player", "event", "market", "kind", "status", "before"] as const;

export const ledgerFilterSchema = z
  .object({
    ...dateRangeFields,
    player: playerField,
    kind: code("adminExports.errors.kind"),
    account: optional(z.enum(entryAccountTypes, { error: "adminExports.errors.account" })),
    before: beforeField,
  })
  .superRefine(checkDayOrder);
export const ledgerFilterFields = ["range", "from", "to", "player", "kind", "account", "before"] as const;

type Read<F> = { values: Record<string, string>; errors: FilterErrors; filter: F | null; before: number | undefined };

/** The query with today as the range when the address has none at all (a list's default view). */
function withDefault(url: URL): URL {
  if (url.search !== "" && url.search !== "?") return url;
  const copy = new URL(url);
  copy.searchParams.set("range", "today");
  return copy;
}

/** The player a filter names (an id, else a username); an unknown username is refused with a message. */
async function playerIdOf(text: string | undefined, errors: FilterErrors): Promise<number | undefined> {
  if (!text) return undefined;
  const id = toId(text);
  if (id !== null) return id;
  const player = await findPlayerByUsername(text);
  if (player) return player.id;
  errors.player = "adminExports.errors.noPlayer";
  return undefined;
}

/** The filter the list's module reads, once the fields parsed and the player (if any) is found. */
async function finish<V extends { player?: string; before?: number }, F>(
  read: { values: Record<string, string>; value: V | null; errors: FilterErrors },
  build: (value: V, playerId: number | undefined) => F,
): Promise<Read<F>> {
  const { values, value, errors } = read;
  if (!value) return { values, errors, filter: null, before: undefined };
  const playerId = await playerIdOf(value.player, errors);
  if (Object.keys(errors).length) return { values, errors, filter: null, before: undefined };
  return { values, errors, filter: build(value, playerId), before: value.before };
}

export function readRoundsQuery(url: URL, now = new Date()): Promise<Read<RoundListFilter>> {
  return finish(readListQuery(withDefault(url), roundsFilterSchema, roundsFilterFields), (v, playerId) => ({
    playerId,
    platform: v.provider,
    gameCode: v.game,
    status: v.status,
    minStake: v.minStake,
    maxStake: v.maxStake,
    ...boundsOf(v, now),
  }));
}

export function readBetsQuery(url: URL, now = new Date()): Promise<Read<BetListFilter>> {
  return finish(readListQuery(withDefault(url), betsFilterSchema, betsFilterFields), (v, playerId) => ({
    playerId,
    eventId: v.event,
    marketId: v.market,
    kind: v.kind,
    status: v.status,
    ...boundsOf(v, now),
  }));
}

export function readLedgerQuery(url: URL, now = new Date()): Promise<Read<EntryListFilter>> {
  return finish(readListQuery(withDefault(url), ledgerFilterSchema, ledgerFilterFields), (v, playerId) => ({
    playerId,
    kind: v.kind,
    accountType: v.account,
    ...boundsOf(v, now),
  }));
}

/** The export link of a list's filter: the same query ("range=" for any day, so the export does not fall back to today). */
export function exportHrefOf(base: string, values: Record<string, string>): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value && name !== "before") q.set(name, value);
  if (!q.has("range")) q.set("range", "");
  return `${base}/export?${q}`;
}

/** The pager's links: back to the newest rows when paged, and the rows older than `lastId` when there are more. */
export function pagerOf(base: string, values: Record<string, string>, before: number | undefined, lastId: number | null) {
  const link = (extra: Record<string, string>) => {
    const q = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...values, before: "", ...extra })) if (value) q.set(name, value);
    if (!q.has("range")) q.set("range", "");
    return `${base}?${q}`;
  };
  return { newest: before === undefined ? null : link({}), older: lastId === null ? null : link({ before: String(lastId) }) };
}

type Ctx = Readonly<RouterContextProvider>;
const time = (d: Date | null) => (d ? formatDhaka(d) : null);

export function roundsColumns(context: Ctx): ExportColumn<PlayerRoundRow>[] {
  return [
    ["adminExports.columns.ref", (r) => r.id],
    ["adminExports.columns.time", (r) => time(r.createdAt)],
    ["adminExports.columns.playerId", (r) => r.playerId],
    ["adminExports.columns.username", (r) => r.username],
    ["adminExports.columns.provider", (r) => r.providerName],
    ["adminExports.columns.game", (r) => r.gameName ?? r.gameCode],
    ["adminExports.columns.gameCode", (r) => r.gameCode],
    ["adminExports.columns.status", (r) => translate(context, `adminExports.lists.roundStatuses.${r.status as (typeof roundStatuses)[number]}`)],
    ["adminExports.columns.stake", (r) => csvTaka(r.stake)],
    ["adminExports.columns.payout", (r) => csvTaka(r.payout)],
    ["adminExports.columns.settledAt", (r) => time(r.settledAt)],
  ];
}

export function betsColumns(context: Ctx): ExportColumn<ExchangeBetRow>[] {
  return [
    ["adminExports.columns.ref", (b) => b.transactionId],
    ["adminExports.columns.time", (b) => b.createdAt],
    ["adminExports.columns.playerId", (b) => b.playerId],
    ["adminExports.columns.username", (b) => b.username],
    ["adminExports.columns.event", (b) => b.event],
    ["adminExports.columns.market", (b) => b.market],
    ["adminExports.columns.marketId", (b) => b.marketId],
    ["adminExports.columns.kind", (b) => translate(context, `adminExports.lists.kinds.${b.kind}`)],
    ["adminExports.columns.selection", (b) => b.selection],
    ["adminExports.columns.side", (b) => translate(context, `adminExports.lists.sides.${b.betType}`)],
    ["adminExports.columns.oddsAsked", (b) => b.plain.requestedOdds ?? b.run],
    ["adminExports.columns.oddsMatched", (b) => b.plain.averageOdds],
    ["adminExports.columns.stake", (b) => b.plain.stake],
    ["adminExports.columns.matched", (b) => b.plain.matched],
    ["adminExports.columns.status", (b) => translate(context, `adminExports.lists.betStatuses.${b.orderStatus}`)],
    ["adminExports.columns.pnl", (b) => b.plain.net],
  ];
}

export function ledgerColumns(context: Ctx): ExportColumn<EntryRow>[] {
  return [
    ["adminExports.columns.ref", (e) => e.id],
    ["adminExports.columns.time", (e) => time(e.createdAt)],
    ["adminExports.columns.playerId", (e) => e.playerId],
    ["adminExports.columns.username", (e) => e.username],
    ["adminExports.columns.ledgerAccount", (e) => e.accountCode],
    ["adminExports.columns.kind", (e) => e.kind],
    ["adminExports.columns.amount", (e) => csvTaka(e.amount < 0n ? -e.amount : e.amount)],
    ["adminExports.columns.direction", (e) => translate(context, e.amount < 0n ? "adminExports.statuses.debit" : "adminExports.statuses.credit")],
    ["adminExports.columns.balanceAfter", (e) => csvTaka(e.balanceAfter)],
    ["adminExports.columns.counterparty", (e) => e.counterparty],
    ["adminExports.columns.transfer", (e) => e.transferId],
    ["adminExports.columns.idempotencyKey", (e) => e.key],
    ["adminExports.columns.memo", (e) => e.memo],
  ];
}
