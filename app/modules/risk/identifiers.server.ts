// "Several accounts on one device, address, wallet number or phone": the job records every identifier a player was
// seen with (risk_identifiers) and raises a signal for each player once two accounts (IP addresses: the setting)
// share one. Players have no postal address on this platform, so "address" means the IP address: the sessions'
// addresses (sign-up does not store one).
import { sql } from "drizzle-orm";
import type { Executor } from "#app/db/db.server.ts";
import { rowsOf } from "#app/db/rows.server.ts";
import type { AmlSignalKind } from "./schema.ts";
import type { IdentifierKind, NumberSource } from "./schema.ts";
import { raiseSignal } from "./signals.server.ts";

/** How many accounts of one group the evidence lists (and signals are raised for) at most. */
const GROUP_CAP = 50;

/** Digits only; +880 / 880 before a local number dropped: "+880 1712-345678" -> "01712345678". */
export function normalizeNumber(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 13 && digits.startsWith("880") ? digits.slice(2) : digits;
}

/** Addresses that say nothing about a person: the development server's, loopback, unknown. */
export function isUsefulIp(ip: string | null | undefined): ip is string {
  if (!ip || ip === "local" || ip === "unknown") return false;
  return !/^(127\.|::1$|::ffff:127\.)/.test(ip);
}

const PHONE_SOURCES: NumberSource[] = ["phone", "extra_phone"];

function signalKindOf(kind: IdentifierKind, sources: NumberSource[]): AmlSignalKind {
  if (kind === "device") return "shared_device";
  if (kind === "ip") return "shared_address";
  return sources.every((s) => PHONE_SOURCES.includes(s)) ? "shared_phone" : "shared_wallet_number";
}

/** Records that `playerId` used `value`, then raises the sharing signal for every account of the group when it is one. */
export async function noteIdentifier(
  ex: Executor,
  input: {
    kind: IdentifierKind;
    value: string;
    playerId: number;
    source: NumberSource;
    at: string;
    minAccounts: number;
    ref: Record<string, unknown>;
  },
) {
  const value = input.kind === "number" ? normalizeNumber(input.value) : input.value.trim();
  if (!value || value.length > 200) return;
  await ex.execute(sql`
    insert into risk_identifiers (kind, value, player_id, source, first_seen_at)
    values (${input.kind}, ${value}, ${input.playerId}, ${input.source}, ${input.at}::timestamptz)
    on conflict do nothing`);
  const rows = rowsOf<{ player_id: number; sources: string[] }>(
    await ex.execute(sql`
      select player_id, array_agg(distinct source) as sources from risk_identifiers
      where kind = ${input.kind} and value = ${value}
      group by player_id order by min(first_seen_at), player_id limit ${GROUP_CAP}`),
  ).map((r) => ({ playerId: Number(r.player_id), sources: (typeof r.sources === "string" ? parsePgArray(r.sources) : r.sources) as NumberSource[] }));
  if (rows.length < Math.max(2, input.minAccounts) || !rows.some((r) => r.playerId === input.playerId)) return;
  const kind = signalKindOf(
    input.kind,
    rows.flatMap((r) => r.sources),
  );
  for (const row of rows) {
    await raiseSignal(ex, {
      playerId: row.playerId,
      kind,
      fingerprint: `${kind}:${value}:${row.playerId}`,
      evidence: {
        identifier: input.kind,
        value,
        sources: row.sources,
        otherPlayerIds: rows.filter((r) => r.playerId !== row.playerId).map((r) => r.playerId),
        seenAt: new Date(input.at).toISOString(),
        ...input.ref,
      },
    });
  }
}

/** PGlite may return text[] as its literal "{a,b}". */
function parsePgArray(text: string): string[] {
  return text
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean);
}
