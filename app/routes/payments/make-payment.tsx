import { translate } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { replyAreas } from "#app/i18n/areas.server.ts";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { FormDataParseError, MaxFileSizeExceededError, MultipartParseError, parseFormData } from "@remix-run/form-data-parser";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { CopyButton } from "#app/components/payments/CopyButton.tsx";
import { ErrorDialog } from "#app/components/payments/ErrorDialog.tsx";
import { proofFormSchema } from "#app/components/payments/form-schemas.ts";
import { takaText } from "#app/kernel/money.ts";
import { PROOF_MAX_BYTES } from "#app/modules/payments/index.ts";
import { TransferFields } from "#app/components/payments/TransferFields.tsx";
import { isPaymentError, listPaymentMethods, PaymentError, submitDeposit } from "#app/modules/payments/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { clearDraft, readDraft } from "./deposit-draft.server.ts";
import { refusalErrors } from "#app/kernel/domain-error.ts";
import type { Route } from "./+types/make-payment";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/**
 * Step 2 of a deposit. The spec lists /make-payment as open, but it pays into a player's account, so a guest is
 * sent to log in first; without a step-1 draft (expired, or opened directly) the player goes back to /deposit.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const draft = await readDraft(request, player.id);
  const method = draft && (await listPaymentMethods({ activeOnly: true })).find((m) => m.id === draft.methodId);
  if (!draft || !method) throw redirect("/deposit");
  return {
    title: translate(context, "paymentPages.pay.title"),
    method: { name: method.name, icon: method.icon },
    channelType: draft.channelType,
    amount: takaText(draft.amount, { symbol: false }),
    accountNumber: draft.accountNumber,
    // A new key each time the page is served: the same form sent twice is one deposit.
    idempotencyKey: crypto.randomUUID(),
  };
}

const FIELDS = ["senderNumber", "trxId", "proof"] as const;

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const draft = await readDraft(request, player.id);
  if (!draft) throw redirect("/deposit");

  let formData: FormData;
  try {
    formData = await parseFormData(request, { maxFiles: 1, maxFileSize: PROOF_MAX_BYTES });
  } catch (e) {
    if (!(e instanceof FormDataParseError || e instanceof MultipartParseError)) throw e;
    // The parser stops at the limit, so the typed values are gone too; the form comes back with the reason.
    const tooLarge = e instanceof MaxFileSizeExceededError;
    const error = new PaymentError("invalid_proof", tooLarge ? "payments.errors.proofTooLarge" : "payments.errors.proofRequired", {
      field: "proof",
      params: { mb: "5" },
    });
    const result: SubmissionResult = { status: "error", error: { proof: [error.token] } };
    return data({ result, areas: [] }, { status: tooLarge ? 413 : 400 });
  }

  const submission = parseWithZod(formData, { schema: proofFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["proof"] }), areas: [] }, { status: 400 });
  const { senderNumber, trxId, proof, idempotencyKey } = submission.value;
  try {
    const { deposit } = await submitDeposit(player.id, {
      methodId: draft.methodId,
      channelType: draft.channelType,
      walletNumberId: draft.walletNumberId,
      amount: draft.amount,
      promotionId: draft.promotionId,
      senderNumber,
      trxId,
      proof: { bytes: new Uint8Array(await proof.arrayBuffer()), declaredName: proof.name },
      idempotencyKey,
    });
    return redirect(`/payment-request?id=D${deposit.id}`, { headers: { "Set-Cookie": await clearDraft() } });
  } catch (e) {
    if (!isPaymentError(e)) throw e;
    const result = submission.reply({ ...refusalErrors(e, FIELDS), hideFields: ["proof"] });
    // A deposit limit lowered since the amount was chosen is refused here, in the limits' words.
    return data({ result, areas: replyAreas(context, result) }, { status: e.code === "trx_used" ? 409 : 400 });
  }
}

export default function MakePayment({ loaderData, actionData }: Route.ComponentProps) {
  useArea(actionData?.areas);
  const { t } = useTranslation();
  const { method, channelType, amount, accountNumber, idempotencyKey } = loaderData;
  const [form, fields] = useForm({
    id: "make-payment",
    lastResult: actionData?.result,
    constraint: getZodConstraint(proofFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: proofFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const steps = [
    channelType === "Agent" ? t("paymentPages.pay.stepAgent", { method: method.name }) : t("paymentPages.pay.stepPersonal", { method: method.name }),
    t("paymentPages.pay.step2"),
    t("paymentPages.pay.step3", { amount }),
    t("paymentPages.pay.step4"),
  ];

  return (
    <main className="mx-auto max-w-md p-3 min-[769px]:py-6" data-testid="make-payment-page">
      <a href="/deposit" className="mb-3 inline-flex items-center gap-1 text-sm text-brand">
        <span aria-hidden="true">‹</span> {t("paymentPages.pay.back")}
      </a>
      <h1 className="mb-3 text-xl font-bold">{t("paymentPages.pay.title")}</h1>

      <section className="mb-4 rounded-xl bg-panel p-4" aria-label={t("paymentPages.pay.accountNumber")}>
        <div className="mb-3 flex items-center gap-3">
          <img src={method.icon} alt="" width={44} height={44} className="size-11 rounded-lg bg-white object-contain p-1" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold" data-testid="pay-method">
              {method.name} · {t(`payments.channel.${channelType}`)}
            </p>
            <p className="text-sm text-white/70">
              {t("paymentPages.pay.amount")}:{" "}
              <strong className="text-lg text-brand tabular-nums" data-testid="pay-amount">
                {t("paymentPages.currency")}
                {amount}
              </strong>
            </p>
          </div>
        </div>
        <p className="mb-1 text-xs text-white/60">{t("paymentPages.pay.accountNumber")}</p>
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-ink px-3 py-2">
          <span className="flex-1 select-all font-mono text-lg tracking-wider tabular-nums" data-testid="wallet-number">
            {accountNumber}
          </span>
          <CopyButton value={accountNumber} />
        </div>
        <p className="mt-2 text-[0.7rem] text-white/50">{t("paymentPages.pay.expiresHint")}</p>
      </section>

      <section className="mb-4 rounded-xl bg-panel p-4" aria-labelledby="pay-steps">
        <h2 id="pay-steps" className="mb-2 text-sm font-semibold">
          {t("paymentPages.pay.followInstructions")}
        </h2>
        <ol className="space-y-2 text-sm">
          {steps.map((text, i) => (
            <li key={i} className="flex gap-2">
              <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-brand text-xs font-bold text-black">{i + 1}</span>
              <span>{text}</span>
            </li>
          ))}
        </ol>
      </section>

      <Form method="post" action="/make-payment" encType="multipart/form-data" {...getFormProps(form)} className="rounded-xl bg-panel p-4">
        <ErrorDialog formErrors={form.errors ?? []} answer={actionData} id={form.errorId} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <TransferFields fields={fields} placeholders />
        <SubmitButton label={t("paymentPages.pay.submit")} pendingLabel={t("paymentPages.pay.submitting")} action="/make-payment" />
      </Form>
    </main>
  );
}
