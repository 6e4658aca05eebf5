// Refusals of the limits module. `messageKey` is a full i18n key (protectionLimits.* or money.errors.* for amounts);
// params fill its placeholders.
import { DomainError } from "#app/kernel/domain-error.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { MoneyKind, MoneyPeriod } from "./limits-math.ts";
import { takaText } from "#app/kernel/money.ts";

export type LimitErrorCode = "invalid_input" | "no_limit" | "nothing_pending" | "too_early";

export class LimitError extends DomainError<LimitErrorCode> {
  declare readonly field: "amount" | "minutes" | undefined;
  declare readonly params: Record<string, string>;
  constructor(
    code: LimitErrorCode,
    messageKey: MessageKey,
    { field, params = {} }: { field?: "amount" | "minutes"; params?: Record<string, string> } = {},
  ) {
    super(code, messageKey, { field, params });
    this.name = "LimitError";
  }
}

export const isLimitError = (e: unknown): e is LimitError => e instanceof LimitError;

/** A money limit that refuses an amount: which one, what is left, and when enough of it frees up (null: never). */
export type LimitRefusal = { kind: MoneyKind; period: MoneyPeriod; limit: bigint; remaining: bigint; resetsAt: Date | null };

/** The key and values of the refusal message (protectionLimits.refused nests the limit's name and the reset sentence). */
export function refusalMessage(r: LimitRefusal): { key: "protectionLimits.refused"; params: Record<string, string> } {
  return {
    key: "protectionLimits.refused",
    params: {
      name: `${r.kind}_${r.period}`,
      limit: takaText(r.limit, { symbol: false, decimals: "trim" }),
      remaining: takaText(r.remaining, { symbol: false, decimals: "trim" }),
      resets: r.resetsAt ? "at" : "never",
      resetsAt: r.resetsAt ? formatDhakaDateTime(r.resetsAt) : "",
    },
  };
}

const periodText: Record<MoneyPeriod, string> = { day: "24-hour", week: "7-day", month: "30-day" };

/** The refusal in plain English, for callers without a language (a provider's HTTP answer, logs). */
export function limitText(r: LimitRefusal): string {
  const base = `This would go over your ${periodText[r.period]} ${r.kind} limit of ${takaText(r.limit, { decimals: "trim" })}: ${takaText(r.remaining, { decimals: "trim" })} left.`;
  return r.resetsAt
    ? `${base} Enough of it frees up at ${formatDhakaDateTime(r.resetsAt)} (Dhaka time).`
    : `${base} The amount is larger than the whole limit.`;
}
