// The form posts both risk pages share: dismiss or escalate a signal, open or clear a review. Each answers a redirect
// with a notice, or 400/404/409 with the message next to the field (a page without JavaScript is rendered anew).
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { RiskActionData } from "#app/components/admin/risk/SignalList.tsx";
import { clearReview, openReview, handleSignal } from "#app/modules/risk/index.server.ts";
import { clearReviewSchema, openReviewSchema, signalActionSchema } from "#app/modules/risk/index.ts";

export const fieldErrors = (error: Record<string, string[] | null> | null | undefined) =>
  Object.fromEntries(Object.entries(error ?? {}).filter((e): e is [string, string[]] => Array.isArray(e[1])));

export function refuse(form: string, errors: Record<string, string[]>, values: Record<string, string>, status = 400) {
  return data<RiskActionData>({ form, errors, values }, { status });
}

/** `back` plus ?notice=… (keeping its other query parameters). */
export function withNotice(back: string, notice: string, hash = "") {
  const url = new URL(back, "http://x");
  url.searchParams.set("notice", notice);
  return redirect(`${url.pathname}${url.search}${hash}`);
}

export async function signalAction(formData: FormData, actor: { staffId: number; ip: string | null }, back: string) {
  const rawId = String(formData.get("signalId") ?? "");
  const form = /^\d{1,9}$/.test(rawId) ? `signal-${rawId}` : "signal";
  const values = { note: String(formData.get("note") ?? "").slice(0, 500) };
  const submission = parseWithZod(formData, { schema: signalActionSchema });
  if (submission.status !== "success") return refuse(form, fieldErrors(submission.reply().error), values);
  const done = await handleSignal(actor, submission.value);
  if (!done.ok) {
    return done.reason === "not_found"
      ? refuse(form, { "": ["risk.errors.alreadyHandled"] }, values, 404)
      : refuse(form, { "": ["risk.errors.alreadyHandled"] }, values, 409);
  }
  return withNotice(back, submission.value.intent === "dismiss" ? "dismissed" : "escalated");
}

export async function reviewAction(formData: FormData, actor: { staffId: number; ip: string | null }, playerId: number, back: string) {
  const intent = formData.get("intent") === "clear" ? "clear" : "open";
  const form = `review-${intent}`;
  const values = { reason: String(formData.get("reason") ?? "").slice(0, 500) };
  if (intent === "open") {
    const submission = parseWithZod(formData, { schema: openReviewSchema });
    if (submission.status !== "success") return refuse(form, fieldErrors(submission.reply().error), values);
    const opened = await openReview(actor, playerId, submission.value.reason, submission.value.signalId);
    if (!opened.ok) throw data(null, { status: 404 });
    return withNotice(back, opened.opened ? "opened" : "alreadyOpen");
  }
  const submission = parseWithZod(formData, { schema: clearReviewSchema });
  if (submission.status !== "success") return refuse(form, fieldErrors(submission.reply().error), values);
  const cleared = await clearReview(actor, playerId, submission.value.reason);
  if (!cleared.ok) {
    if (cleared.reason === "not_found") throw data(null, { status: 404 });
    return refuse(form, { "": ["risk.errors.noOpenReview"] }, values, 409);
  }
  return withNotice(back, "cleared");
}
