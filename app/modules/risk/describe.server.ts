// A signal's evidence in words for staff, in their language: amounts in taka, times in Asia/Dhaka.
import type { MessageKey, MessageParams, Translate } from "#app/i18n/message.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import type { SignalRow } from "./signals.server.ts";
import { takaText } from "#app/kernel/money.ts";

const WHEN = "YYYY-MM-DD HH:mm";

const money = (v: unknown) => {
  try {
    return takaText(BigInt(String(v)), { decimals: "trim" });
  } catch {
    return "—";
  }
};
const when = (v: unknown) => (typeof v === "string" || v instanceof Date ? formatDhaka(v, WHEN) : "—");
const list = (v: unknown) => (Array.isArray(v) ? v : []);

export function describeEvidence(t: Translate, s: Pick<SignalRow, "kind" | "evidence">): string {
  const e = s.evidence;
  const tr = (key: string, params: Record<string, unknown>) => t(`risk.evidence.${key}` as MessageKey, params as MessageParams);
  switch (s.kind) {
    case "low_play_withdrawal":
      return tr("low_play_withdrawal", {
        ...e,
        withdrawalAmount: money(e.withdrawalAmount),
        depositAmount: money(e.depositAmount),
        stakes: money(e.stakes),
        at: when(e.at),
        depositApprovedAt: when(e.depositApprovedAt),
        ratio: (Number(e.ratioHundredths) / 100).toFixed(2),
      });
    case "rapid_cycling":
      return tr("rapid_cycling", {
        count: e.count,
        hours: e.windowHours,
        from: when(e.from),
        to: when(e.to),
        cycles: list(e.cycles)
          .map((c: { depositId?: number; withdrawalId?: number }) => `D${c.depositId} → W${c.withdrawalId}`)
          .join(", "),
      });
    case "shared_device":
    case "shared_address":
    case "shared_phone":
      return tr(s.kind, { value: e.value });
    case "shared_wallet_number":
      return tr(s.kind, {
        value: e.value,
        sources: list(e.sources)
          .map((x) => tr(`sources.${String(x)}`, {}))
          .join(", "),
      });
    case "split_deposits":
      return tr("split_deposits", {
        count: list(e.depositIds).length,
        deposits: list(e.depositIds)
          .map((id, i) => `D${id} ${money(list(e.amounts)[i])}`)
          .join(", "),
        from: when(e.from),
        to: when(e.to),
        threshold: money(e.threshold),
        total: money(e.total),
      });
    case "trx_reuse":
      return tr(e.match === "near" ? "trx_near" : "trx_same", {
        ...e,
        amount: money(e.amount),
        otherAmount: money(e.otherAmount),
        otherAt: when(e.otherAt),
      });
    case "limit_raised_after_loss":
      return tr("limit_raised_after_loss", {
        action: tr(`actions.${String(e.action)}`, {}),
        limit: tr(`limitKinds.${String(e.limitKind)}`, {}),
        period: tr(`periods.${String(e.period)}`, {}),
        at: when(e.at),
        netLoss: money(e.netLoss),
        hours: e.windowHours,
        threshold: money(e.threshold),
      });
    case "underage_birthday":
      // Raised by the identity work: its evidence names the birthday; anything else is shown as it is.
      return typeof e.birthday === "string" ? tr("underage_birthday", { birthday: e.birthday }) : tr("other", { json: JSON.stringify(e) });
    case "gateway_mismatch":
      return tr("gateway_mismatch", { invoice: String(e.invoice), reported: String(e.reported), expected: String(e.expected) });
    default:
      return tr("other", { json: JSON.stringify(e) });
  }
}

/** What the pages send to the browser for one signal. */
export function signalView(t: Translate, s: SignalRow) {
  return {
    id: s.id,
    playerId: s.playerId,
    username: s.username,
    kind: s.kind,
    status: s.status,
    text: describeEvidence(t, s),
    others: s.others,
    raisedAt: formatDhaka(s.createdAt, WHEN),
    handled: s.handledAt ? { by: s.handledBy ?? "—", at: formatDhaka(s.handledAt, WHEN), note: s.handledNote ?? "" } : null,
  };
}
export type SignalView = ReturnType<typeof signalView>;
