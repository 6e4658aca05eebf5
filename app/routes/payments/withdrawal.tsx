import { translate } from "#app/i18n/translate.server.ts";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { ErrorDialog } from "#app/components/payments/ErrorDialog.tsx";
import { withdrawalPageSchema } from "#app/components/payments/form-schemas.ts";
import { AmountInput } from "#app/components/payments/AmountInput.tsx";
import { MethodGrid } from "#app/components/payments/MethodGrid.tsx";
import { PaymentTabs } from "#app/components/payments/PaymentTabs.tsx";
import { QUICK_WITHDRAW, QuickAmounts } from "#app/components/payments/QuickAmounts.tsx";
import { TurnoverLeft } from "#app/components/payments/TurnoverLeft.tsx";
import { takaText } from "#app/kernel/money.ts";
import { getPlayerBalances } from "#app/modules/ledger/index.server.ts";
import { isPaymentError, listPaymentMethods, payoutPhones, readMoneySettings, requestWithdrawal, toId } from "#app/modules/payments/index.server.ts";
import { findPlayerById } from "#app/modules/players/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { getTurnoverLeft } from "#app/modules/turnover/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { refusalErrors } from "#app/kernel/domain-error.ts";
import type { Route } from "./+types/withdrawal";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player: auth } = requirePlayer(context, url);
  const base = { title: translate(context, "paymentPages.withdrawal.title"), layout: layoutFor(request.headers.get("user-agent")) };
  const settings = await readMoneySettings();
  if (!settings.withdrawalStatus) return { ...base, open: false as const };
  const [player, balances, methods, phones, turnover] = await Promise.all([
    findPlayerById(auth.id),
    getPlayerBalances(auth.id),
    listPaymentMethods({ activeOnly: true }),
    payoutPhones(auth.id),
    getTurnoverLeft(auth.id),
  ]);
  if (!player) throw data(null, { status: 404 });
  // Without JavaScript a quick amount arrives as ?quick=1000 (a GET of this page) and sets the amount.
  const quick = Number(url.searchParams.get("quick"));
  const methodId = toId(url.searchParams.get("methodId"));
  return {
    ...base,
    open: true as const,
    missing: { birthday: !player.birthday, phone: !player.phoneVerifiedAt },
    balance: takaText(balances.main.available, { symbol: false }),
    /** The turnover left and what may be withdrawn now (poisha). */
    turnover,
    phone: player.phone,
    /** Every verified phone, main first: the player picks where the money goes. */
    phones,
    methods: methods.map(({ id, name, icon }) => ({ id, name, icon })),
    selected: {
      methodId: methods.some((m) => m.id === methodId) ? methodId : null,
      amount: (QUICK_WITHDRAW as readonly number[]).includes(quick) ? String(quick) : (url.searchParams.get("amount") ?? "").trim().slice(0, 20),
    },
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const submission = parseWithZod(await request.formData(), { schema: withdrawalPageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // requestWithdrawal keeps the spec's order (the turnover and verification checks first, then the request itself)
  // and answers a replayed form with the withdrawal it created.
  try {
    const { withdrawal } = await requestWithdrawal(player.id, submission.value);
    return redirect(`/payment-request?id=W${withdrawal.id}`);
  } catch (e) {
    if (!isPaymentError(e)) throw e;
    return data({ result: submission.reply(refusalErrors(e, ["methodId", "amount", "accountNumber"])) }, { status: 400 });
  }
}

export default function Withdrawal({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="withdrawal-page">
        <PaymentTabs active="withdrawal" />
        <h1 className="sr-only">{t("paymentPages.withdrawal.title")}</h1>
        {loaderData.open ? (
          <WithdrawalForm data={loaderData} result={actionData?.result} answer={actionData} />
        ) : (
          <section className="rounded-xl border border-brand/40 bg-panel p-5 text-center" role="status" data-testid="withdrawal-maintenance">
            <h2 className="mb-3 text-lg font-bold text-brand">{t("paymentPages.withdrawal.maintenanceTitle")}</h2>
            <p lang="en" className="mb-2 text-sm">
              {t("payments.messages.withdrawalMaintenanceEn")}
            </p>
            <p lang="bn" className="text-sm">
              {t("payments.messages.withdrawalMaintenanceBn")}
            </p>
          </section>
        )}
      </main>
    </AccountFrame>
  );
}

type OpenData = Extract<Route.ComponentProps["loaderData"], { open: true }>;
type Result = NonNullable<Route.ComponentProps["actionData"]>["result"];

function WithdrawalForm({ data: d, result, answer }: { data: OpenData; result: Result | undefined; answer: { result?: Result } | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "withdrawal",
    lastResult: result,
    constraint: getZodConstraint(withdrawalPageSchema),
    defaultValue: { methodId: d.selected.methodId === null ? "" : String(d.selected.methodId), amount: d.selected.amount },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: withdrawalPageSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const needsVerification = d.missing.birthday || d.missing.phone;
  return (
    <>
      {needsVerification ? (
        <section className="mb-3 rounded-xl border border-brand/50 bg-brand/10 p-4 text-sm" data-testid="withdrawal-tips">
          <p className="mb-2 font-semibold">{t("paymentPages.withdrawal.tips")}</p>
          <ul className="mb-2 list-inside list-disc text-white/80">
            {d.missing.birthday ? <li>{t("paymentPages.withdrawal.needBirthday")}</li> : null}
            {d.missing.phone ? <li>{t("paymentPages.withdrawal.needPhone")}</li> : null}
          </ul>
          <a href="/profile" className="font-semibold text-brand" data-testid="complete-profile">
            {t(
              `paymentPages.withdrawal.completeProfile.${d.missing.birthday && d.missing.phone ? "both" : d.missing.birthday ? "birthday" : "phone"}`,
            )}{" "}
            ›
          </a>
        </section>
      ) : null}

      <Form method="post" action="/withdrawal" {...getFormProps(form)} className="rounded-xl bg-panel p-4">
        <ErrorDialog formErrors={form.errors ?? []} answer={answer} id={form.errorId} />
        <input type="hidden" name="idempotencyKey" value={d.idempotencyKey} />

        <div className="mb-4 flex items-center justify-between rounded-lg bg-ink px-3 py-2">
          <div>
            <p className="text-xs text-white/60">{t("paymentPages.withdrawal.wallet")}</p>
            <p className="text-lg font-bold tabular-nums text-brand" data-testid="withdrawal-balance">
              {t("paymentPages.currency")}
              {d.balance}
            </p>
          </div>
          <a href="/withdrawal" className="btn-secondary !px-3 !py-1 text-sm">
            ↻ {t("paymentPages.withdrawal.refresh")}
          </a>
        </div>

        <TurnoverLeft {...d.turnover} className="mb-4" />

        <fieldset className="mb-4">
          <legend className="mb-2 text-sm font-semibold">{t("paymentPages.withdrawal.method")}</legend>
          <MethodGrid
            name={fields.methodId.name}
            methods={d.methods}
            selected={d.selected.methodId}
            errorId={fields.methodId.errorId}
            invalid={!!fields.methodId.errors?.length}
          />
          <ErrorList errors={fields.methodId.errors} id={fields.methodId.errorId} />
        </fieldset>

        <div className="mb-4">
          <label htmlFor={fields.amount.id} className="mb-1 block text-sm font-semibold">
            {t("paymentPages.withdrawal.amount")}
          </label>
          <AmountInput field={fields.amount} placeholder={t("paymentPages.withdrawal.amountPlaceholder")} className="mb-2" />
          <QuickAmounts
            amounts={QUICK_WITHDRAW}
            name="quick"
            action="/withdrawal"
            onPick={(n) => form.update({ name: fields.amount.name, value: String(n) })}
          />
          <ErrorList errors={fields.amount.errors} id={fields.amount.errorId} />
        </div>

        {d.phones.length > 1 ? (
          <fieldset className="mb-[0.85rem]" aria-describedby="withdrawal-account-hint">
            <legend className="mb-1 text-[0.85rem] text-white/80">{t("paymentPages.withdrawal.account")}</legend>
            {d.phones.map((phone, i) => (
              <label
                key={phone}
                className="mb-1 flex cursor-pointer items-center gap-2 rounded-lg border border-white/20 bg-ink px-3 py-2 text-sm has-checked:border-brand"
                data-testid="withdrawal-phone-option"
              >
                <input
                  type="radio"
                  className="size-4 shrink-0 accent-brand"
                  name={fields.accountNumber.name}
                  value={phone}
                  defaultChecked={(fields.accountNumber.initialValue ?? d.phones[0]) === phone}
                  aria-invalid={fields.accountNumber.errors ? true : undefined}
                />
                <span className="tabular-nums">+88 {phone}</span>
                {i === 0 ? <span className="ml-auto text-xs text-white/50">{t("paymentPages.withdrawal.mainPhone")}</span> : null}
              </label>
            ))}
            <p id="withdrawal-account-hint" className="mt-1 text-xs text-white/50">
              {t("paymentPages.withdrawal.accountHintChoose")}
            </p>
            <ErrorList errors={fields.accountNumber.errors} id={fields.accountNumber.errorId} />
          </fieldset>
        ) : (
          <div className="field">
            <label htmlFor="withdrawal-account">{t("paymentPages.withdrawal.account")}</label>
            <input
              id="withdrawal-account"
              type="text"
              value={`+88 ${d.phone}`}
              readOnly
              aria-describedby="withdrawal-account-hint"
              className="opacity-80"
              data-testid="withdrawal-phone"
            />
            <p id="withdrawal-account-hint" className="mt-1 text-xs text-white/50">
              {t("paymentPages.withdrawal.accountHint")}
            </p>
            <ErrorList errors={fields.accountNumber.errors} id={fields.accountNumber.errorId} />
          </div>
        )}

        <section className="mb-4 rounded-lg bg-ink p-3 text-xs text-white/70" aria-labelledby="withdrawal-reminders">
          <h2 id="withdrawal-reminders" className="mb-1 font-semibold text-white/90">
            {t("paymentPages.withdrawal.reminders")}
          </h2>
          <ul className="list-inside list-disc space-y-0.5">
            <li>{t("paymentPages.withdrawal.reminder1")}</li>
            <li>{t("paymentPages.withdrawal.reminder2")}</li>
            <li>{t("paymentPages.withdrawal.reminder3")}</li>
          </ul>
        </section>

        <SubmitButton label={t("paymentPages.withdrawal.submit")} pendingLabel={t("paymentPages.withdrawal.submitting")} action="/withdrawal" />
      </Form>
    </>
  );
}
