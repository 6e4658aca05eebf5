// /admin/players/:id/export/:list: one player's own list as CSV (statement = the main wallet's ledger entries, bonus =
// the bonus wallet's, payments = deposits, withdrawals and adjustments, rounds = casino rounds, bets = exchange bets), for everyone who may open the player. Streamed
// newest first from the replica when there is one (readDb), one keyset page at a time; the export is audited first.
import { data } from "react-router";
import { readDb } from "#app/db/db.server.ts";
import { keysetRows } from "#app/db/keyset.server.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { csvFilename, csvResponse, csvTaka, type CsvColumn } from "#app/kernel/csv.server.ts";
import { listExchangeRecordsFrom, type ExchangeRecord } from "#app/modules/exchange/index.server.ts";
import { listPlayerRounds, type PlayerRoundRow } from "#app/modules/games/index.server.ts";
import { listPlayerEntries, type EntryRow } from "#app/modules/ledger/index.server.ts";
import { listTransactions, type TransactionItem } from "#app/modules/payments/index.server.ts";
import { findPlayerById } from "#app/modules/players/index.server.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { auditExport } from "../export.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import type { Route } from "./+types/player-export";
import { playerId } from "./player-id.server.ts";

const PAGE = 200;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.players);
  const id = playerId(params);
  const list = params.list;
  if (list !== "statement" && list !== "bonus" && list !== "payments" && list !== "rounds" && list !== "bets") throw data(null, { status: 404 });
  const player = await findPlayerById(id);
  if (!player) throw data(null, { status: 404 });
  const t = translator(context);
  const h = (key: string) => t(`adminPlayers.p360.${key}` as never);
  await auditExport({ staffId: staff.id, ip: clientIp(request) }, `player-${list}`, { player: id });
  const filename = csvFilename(`player-${id}-${list}`);
  if (list === "statement" || list === "bonus") {
    const columns: CsvColumn<EntryRow>[] = [
      { header: h("entry"), value: (e) => e.id },
      { header: h("time"), value: (e) => e.createdAt },
      { header: h("kind"), value: (e) => e.kind },
      { header: h("amount"), value: (e) => csvTaka(e.amount) },
      { header: h("balanceAfter"), value: (e) => csvTaka(e.balanceAfter) },
      { header: h("counterparty"), value: (e) => e.counterparty },
      { header: h("memo"), value: (e) => e.memo },
    ];
    const wallet = list === "statement" ? "main" : "bonus";
    const rows = keysetRows(
      async (before: number | undefined, limit) => (await listPlayerEntries(id, { wallet, before, limit }, readDb)).items,
      (e) => e.id,
      PAGE,
    );
    return csvResponse({ filename, columns, rows });
  }
  if (list === "payments") {
    const columns: CsvColumn<TransactionItem>[] = [
      { header: "id", value: (x) => x.id },
      { header: h("time"), value: (x) => x.createdAt },
      { header: h("type"), value: (x) => x.type },
      { header: h("amount"), value: (x) => csvTaka(x.amount) },
      { header: h("status"), value: (x) => (x.cancelled ? "cancelled" : x.status) },
      { header: h("method"), value: (x) => x.methodName },
    ];
    // The payments module pages its record by page number (deposits, withdrawals, adjustments and conversions merged):
    // one page of 100 in memory at a time.
    async function* rows() {
      for (let page = 1; ; page++) {
        const { items } = await listTransactions(id, { range: "all", page, pageSize: 100 });
        yield* items;
        if (items.length < 100) return;
      }
    }
    return csvResponse({ filename, columns, rows: rows() });
  }
  if (list === "rounds") {
    const columns: CsvColumn<PlayerRoundRow>[] = [
      { header: "id", value: (r) => r.id },
      { header: h("time"), value: (r) => r.createdAt },
      { header: h("game"), value: (r) => r.gameName ?? r.gameCode },
      { header: h("provider"), value: (r) => r.providerName },
      { header: h("status"), value: (r) => r.status },
      { header: h("stake"), value: (r) => csvTaka(r.stake) },
      { header: h("payout"), value: (r) => csvTaka(r.payout) },
    ];
    const rows = keysetRows(
      (before: number | undefined, limit) => listPlayerRounds(id, { before, limit }, readDb),
      (r) => r.id,
      PAGE,
    );
    return csvResponse({ filename, columns, rows });
  }
  const columns: CsvColumn<ExchangeRecord>[] = [
    { header: "id", value: (b) => b.transactionId },
    { header: h("time"), value: (b) => b.createdAt },
    { header: h("market"), value: (b) => `${b.event} · ${b.market}` },
    { header: h("selection"), value: (b) => b.selection },
    { header: h("side"), value: (b) => b.betType },
    { header: h("odds"), value: (b) => b.odds ?? b.run },
    { header: h("stake"), value: (b) => b.plain.stake },
    { header: h("status"), value: (b) => b.status },
  ];
  const rows = keysetRows(
    (before: number | undefined, limit) => listExchangeRecordsFrom(readDb, id, before, limit),
    (b) => b.id,
    PAGE,
  );
  return csvResponse({ filename, columns, rows });
}
