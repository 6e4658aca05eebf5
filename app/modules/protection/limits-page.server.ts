// What the hub's action does with one form: the module call, and the notice or refusal to show.
import { safeRedirect } from "#app/modules/sessions/index.server.ts";
import { isLimitError } from "./limits-errors.ts";
import { HUB_PATH, type LimitForm, slotId } from "./limits-form.ts";
import { cancelPendingLimit, changeLimit, confirmLimit, isLimitSlot, markDepositLimitPrompted, parseLimitValue } from "./limits.server.ts";

export type HubOutcome =
  { ok: true; redirect: string } | { ok: false; slot: string | null; field: "value" | null; key: string; params: Record<string, string> };

const withNotice = (to: string, notice: string, slot: string) => {
  const url = new URL(to, "http://same.invalid");
  if (url.pathname === HUB_PATH) {
    url.searchParams.set("notice", notice);
    url.searchParams.set("slot", slot);
  }
  return url.pathname + url.search;
};

export async function runHubForm(playerId: number, form: LimitForm): Promise<HubOutcome> {
  const back = safeRedirect(form.redirectTo, HUB_PATH);
  if (form.intent === "skip-prompt") {
    await markDepositLimitPrompted(playerId);
    return { ok: true, redirect: back === HUB_PATH ? `${HUB_PATH}?notice=skipped` : back };
  }
  const { kind, period } = form;
  if (!isLimitSlot(kind, period)) return { ok: false, slot: null, field: null, key: "protectionLimits.errors.unknownLimit", params: {} };
  const slot = { kind, period: period! };
  const id = slotId(slot);
  try {
    if (form.intent === "set") {
      const outcome = await changeLimit(playerId, slot, parseLimitValue(slot, form.value ?? ""));
      if (kind === "deposit") await markDepositLimitPrompted(playerId);
      return { ok: true, redirect: withNotice(back, outcome, id) };
    }
    if (form.intent === "remove") return { ok: true, redirect: withNotice(back, await changeLimit(playerId, slot, null), id) };
    if (form.intent === "confirm") return { ok: true, redirect: withNotice(back, await confirmLimit(playerId, slot), id) };
    await cancelPendingLimit(playerId, slot);
    return { ok: true, redirect: withNotice(back, "cancelled", id) };
  } catch (e) {
    if (!isLimitError(e)) throw e;
    return { ok: false, slot: id, field: e.field ? "value" : null, key: e.messageKey, params: e.params };
  }
}
