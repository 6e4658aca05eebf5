// The action behind both review queues: read which item and what decision, validate, decide through the payments
// module, and answer like every finance form (400 bad input, 403 the first approver approving again, 404 unknown,
// 409 already reviewed by someone else).
import { areasFor } from "#app/i18n/areas.server.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { ReviewActionData } from "#app/components/admin/payments/ReviewQueue.tsx";
import { idField, rejectSchema } from "#app/components/admin/payments/schemas.ts";
import { isPaymentError } from "#app/modules/payments/index.ts";
import { requireFinanceActor } from "./admin-payments.server.ts";
import { formStatus } from "#app/kernel/domain-error.ts";

type Rejection = z.infer<typeof rejectSchema>;
type Actor = { staffId: number; ip: string };

export async function reviewAction<S extends z.ZodType<{ intent: "approve"; id: number }>>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  options: {
    base: string;
    approveSchema: S;
    /** Fields a PaymentError may name, so its message shows next to that field. */
    fields: string[];
    /** Answers "first-approved" when the approval was the first of two (four-eyes payouts) and nothing was paid. */
    approve: (value: z.infer<S>, actor: Actor) => Promise<unknown>;
    reject: (value: Rejection, actor: Actor) => Promise<unknown>;
  },
) {
  const actor = await requireFinanceActor(request);
  const formData = await request.formData();
  const intent = formData.get("intent") === "reject" ? "reject" : "approve";
  const rawId = idField.safeParse(formData.get("id") ?? undefined);
  const id = rawId.success ? rawId.data : null;
  const submission = parseWithZod(formData, { schema: intent === "reject" ? rejectSchema : options.approveSchema });
  if (submission.status !== "success") return data<ReviewActionData>({ id, intent, result: submission.reply() }, { status: 400 });
  const value = submission.value as Rejection | z.infer<S>;
  let done = intent === "reject" ? "rejected" : "approved";
  try {
    if (value.intent === "reject") await options.reject(value as Rejection, actor);
    // Four-eyes payouts: an approval that leaves the withdrawal pending recorded the first of two approvals.
    else if ((await options.approve(value as z.infer<S>, actor)) === "first-approved") done = "first-approved";
  } catch (e) {
    if (!isPaymentError(e)) throw e;
    const status = formStatus(e, { already_reviewed: 409, same_approver: 403 });
    const message = e.token;
    const field = e.field && options.fields.includes(e.field) ? e.field : null;
    const reply = field ? submission.reply({ fieldErrors: { [field]: [message] } }) : submission.reply({ formErrors: [message] });
    return data<ReviewActionData>({ id, intent, result: reply, areas: areasFor(context, [message]) }, { status });
  }
  return redirect(`${options.base}?${new URLSearchParams({ done, id: String(value.id) })}`);
}
