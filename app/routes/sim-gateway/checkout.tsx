// The built-in simulated wallet's checkout page (it stands in for bKash's own page in demo mode): the player enters
// a wallet number, OTP and PIN, or cancels, and is sent back to the merchant's callback.
import { translate } from "#app/i18n/translate.server.ts";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { takaText } from "#app/kernel/money.ts";
import { SIM_OTP, SIM_PIN, SIM_WALLETS, simCheckoutView, simConfirm } from "#app/modules/payments/index.server.ts";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ context, params }: Route.LoaderArgs) {
  const view = await simCheckoutView(params.id);
  if (!view) throw data(null, { status: 404 });
  return {
    title: translate(context, "paymentPages.simGateway.title"),
    id: view.id,
    amount: takaText(view.amount, { symbol: false }),
    invoice: view.invoice,
    open: view.status === "Initiated",
    hint: { otp: SIM_OTP, pin: SIM_PIN, ...SIM_WALLETS },
  };
}

const confirmSchema = z.object({
  intent: z.enum(["confirm", "cancel"]),
  wallet: z.string().trim().max(20).default(""),
  otp: z.string().trim().max(10).default(""),
  pin: z.string().trim().max(10).default(""),
});

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = confirmSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ field: null, message: "closed" as const, timeout: null, wallet: "" }, { status: 400 });
  const { intent, wallet, otp, pin } = parsed.data;
  const result = await simConfirm(params.id, intent === "cancel" ? "cancel" : { wallet, otp, pin });
  // A refused try keeps the wallet number typed (never the OTP or PIN).
  if (!result.ok) return data({ field: result.field, message: result.message, timeout: null, wallet }, { status: result.field ? 400 : 409 });
  if ("redirect" in result) throw redirect(result.redirect);
  return { field: null, message: null, timeout: result.back, wallet: "" };
}

export default function SimCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { id, amount, invoice, open, hint } = loaderData;
  const pending = useNavigation().state === "submitting";
  const error = (field: "wallet" | "otp" | "pin") =>
    actionData?.field === field ? (
      <p id={`sim-${field}-error`} className="mt-1 text-sm text-red-700">
        {t(`paymentPages.simGateway.errors.${field}`)}
      </p>
    ) : null;
  const input = (field: "wallet" | "otp" | "pin", props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <label className="mb-3 block text-left text-sm font-semibold">
      {t(`paymentPages.simGateway.${field}`)}
      <input
        name={field}
        required
        aria-invalid={actionData?.field === field || undefined}
        aria-describedby={actionData?.field === field ? `sim-${field}-error` : undefined}
        className="mt-1 block w-full rounded-md border border-pink-300 px-3 py-2 text-base font-normal text-black"
        {...props}
      />
      {error(field)}
    </label>
  );
  return (
    <main className="min-h-screen bg-pink-50 px-4 py-6 text-black" data-testid="sim-checkout">
      <div className="mx-auto max-w-sm rounded-xl bg-white p-5 text-center shadow">
        <h1 className="mb-1 text-lg font-bold text-pink-700">{t("paymentPages.simGateway.title")}</h1>
        <p className="mb-3 text-xs text-gray-600">{t("paymentPages.simGateway.demo")}</p>
        <p className="text-sm text-gray-700">{t("paymentPages.simGateway.merchant")}</p>
        <p className="mb-1 text-3xl font-bold tabular-nums" data-testid="sim-amount">
          ৳{amount}
        </p>
        <p className="mb-4 font-mono text-xs text-gray-500">{invoice}</p>
        {actionData?.timeout ? (
          <div data-testid="sim-timeout">
            <p className="mb-4 text-sm">{t("paymentPages.simGateway.timeout")}</p>
            <a href={actionData.timeout} className="inline-block rounded-md bg-pink-600 px-4 py-2 font-semibold text-white">
              {t("paymentPages.simGateway.back")}
            </a>
          </div>
        ) : !open || actionData?.message === "closed" ? (
          <p className="text-sm text-red-700" role="alert">
            {t("paymentPages.simGateway.errors.closed")}
          </p>
        ) : (
          <Form method="post" action={`/sim-gateway/checkout/${id}`} noValidate>
            <p className="mb-3 rounded bg-pink-100 p-2 text-left text-xs text-gray-700" data-testid="sim-hint">
              {t("paymentPages.simGateway.hint", hint)}
            </p>
            {input("wallet", {
              inputMode: "numeric",
              autoComplete: "tel",
              maxLength: 11,
              placeholder: "01XXXXXXXXX",
              defaultValue: actionData?.wallet ?? "",
            })}
            {input("otp", { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 })}
            {input("pin", { type: "password", inputMode: "numeric", maxLength: 5 })}
            {/* Confirm first in the markup so Enter confirms; shown on the right. */}
            <div className="flex flex-row-reverse gap-2">
              <button
                type="submit"
                name="intent"
                value="confirm"
                disabled={pending}
                className="flex-1 rounded-md bg-pink-600 px-3 py-2 font-semibold text-white"
              >
                {pending ? t("paymentPages.simGateway.confirming") : t("paymentPages.simGateway.confirm")}
              </button>
              <button
                type="submit"
                name="intent"
                value="cancel"
                formNoValidate
                className="flex-1 rounded-md border border-pink-600 px-3 py-2 font-semibold text-pink-700"
              >
                {t("paymentPages.simGateway.cancel")}
              </button>
            </div>
          </Form>
        )}
      </div>
    </main>
  );
}
