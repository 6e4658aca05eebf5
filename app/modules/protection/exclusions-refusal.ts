// The log-in refusal of an excluded player: which kind and until when (Asia/Dhaka, 24-hour clock) or permanently.
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { ExclusionKind } from "./schema.ts";

export function exclusionRefusal(exclusion: { kind: ExclusionKind; endsAt: Date | null }) {
  if (exclusion.endsAt === null) return { message: `protectionExclusion.loginRefused.permanent.${exclusion.kind}` as const, params: undefined };
  return {
    message: `protectionExclusion.loginRefused.until.${exclusion.kind}` as const,
    params: { until: formatDhakaDateTime(exclusion.endsAt) },
  };
}
