import { translate } from "#app/i18n/translate.server.ts";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect, useSubmit } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { ErrorDialog } from "#app/components/payments/ErrorDialog.tsx";
import { addTaka } from "#app/components/payments/format.ts";
import { AmountInput } from "#app/components/payments/AmountInput.tsx";
import { MethodGrid } from "#app/components/payments/MethodGrid.tsx";
import { PaymentTabs } from "#app/components/payments/PaymentTabs.tsx";
import { QUICK_DEPOSIT, QuickAmounts } from "#app/components/payments/QuickAmounts.tsx";
import { StatusBadge } from "#app/components/payments/StatusBadge.tsx";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";
import { BirthdayStep } from "#app/components/identity/BirthdayStep.tsx";
import { NeededBox } from "#app/components/identity/NeededBox.tsx";
import { db } from "#app/db/db.server.ts";
import { areaBundle, replyAreas } from "#app/i18n/areas.server.ts";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { depositFormSchema, isPaymentError } from "#app/modules/payments/index.ts";
import { birthdayPost } from "#app/modules/profile/index.server.ts";
import { identityRefusal, shouldPromptDepositLimit } from "#app/modules/protection/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { DepositLimitPrompt } from "#app/components/protection/DepositLimitPrompt.tsx";
import { depositLimitError, startCheckout } from "#app/modules/payments/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { getEnv } from "#app/config/env.server.ts";
import { getTurnoverLeft } from "#app/modules/turnover/index.server.ts";
import { TurnoverLeft } from "#app/components/payments/TurnoverLeft.tsx";
import { checkDepositStep, depositChoices, depositPageData, formQuery, normaliseQuickAdd } from "./deposit.server.ts";
import { saveDraft } from "./deposit-draft.server.ts";
import { refusalErrors } from "#app/kernel/domain-error.ts";
import type { Route } from "./+types/deposit";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  // Without JavaScript a quick amount arrives as ?add=500: fold it into the amount and come back to a clean
  // address, so reloading the page does not add it again.
  const folded = normaliseQuickAdd(url.searchParams, QUICK_DEPOSIT);
  if (folded !== null) throw redirect(`/deposit${folded}`);
  const [page, limitPrompt, refusal] = await Promise.all([
    depositPageData(player.id, getLocale(context), url.searchParams),
    shouldPromptDepositLimit(player.id),
    identityRefusal(db, player.id, "deposit"),
  ]);
  return {
    ...page,
    title: translate(context, "paymentPages.deposit.title"),
    layout: layoutFor(request.headers.get("user-agent")),
    // Responsible gaming: before the first deposit, a prompt to set a deposit limit (or skip it).
    limitPrompt: limitPrompt ? areaBundle(context, "protectionLimits") : null,
    // Asked up front: the birthday (every mode) and the operator's required verifications (real-money mode).
    identity: areaBundle(context, "identity"),
    needed: refusal?.missing ?? [],
    back: backTo(url),
    // A gateway checkout opened twice from one page (a double tap) is one checkout.
    idempotencyKey: crypto.randomUUID(),
    turnover: await getTurnoverLeft(player.id),
  };
}

const BIRTHDAY_ACTION = "/deposit?birthday";

/** Where saving the birthday comes back to: this page with its choices, without the birthday form's own marker. */
function backTo(url: URL) {
  const query = new URLSearchParams(url.searchParams);
  query.delete("birthday");
  return query.size ? `/deposit?${query}` : "/deposit";
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const formData = await request.formData();
  if (formData.get("intent") === "birthday") return birthdayPost(context, player.id, formData, "/deposit");
  // Refused forms re-render with the choices they were sent with (without JavaScript the address has none).
  const again = async (result: SubmissionResult, status: number) => {
    const { channels, amountRange, quick, selected } = await depositChoices(formQuery(formData));
    return data({ result, again: { channels, amountRange, quick, selected }, areas: replyAreas(context, result) }, { status });
  };
  const submission = parseWithZod(formData, { schema: depositFormSchema });
  if (submission.status !== "success") return again(submission.reply(), 400);
  // Responsible gaming: an amount over a deposit limit is refused here already, next to the amount (submitDeposit
  // checks it again, with the same function, under the player's lock).
  const overLimit = await depositLimitError(player.id, submission.value.amount);
  if (overLimit) return again(submission.reply(refusalErrors(overLimit, ["amount"])), 400);
  const { channelType } = submission.value;
  if (channelType === "Gateway") {
    // A gateway method: open the checkout and send the player to the wallet's page; it credits with no staff step.
    try {
      const { checkoutUrl } = await startCheckout(
        player.id,
        { ...submission.value, idempotencyKey: submission.value.idempotencyKey ?? "" },
        { origin: getEnv().PUBLIC_URL },
      );
      return redirect(checkoutUrl);
    } catch (e) {
      if (!isPaymentError(e)) throw e;
      return again(submission.reply(refusalErrors(e, ["promotionId", "methodId", "channelType", "amount"])), 400);
    }
  }
  const checked = await checkDepositStep(player.id, { ...submission.value, channelType });
  if (!checked.ok) return again(submission.reply(refusalErrors(checked.error, ["promotionId", "methodId", "channelType", "amount"])), 400);
  const cookie = await saveDraft({ playerId: player.id, ...checked.draft });
  return redirect("/make-payment", { headers: { "Set-Cookie": cookie } });
}

export default function Deposit({ loaderData, actionData }: Route.ComponentProps) {
  useArea([loaderData.limitPrompt ?? undefined, loaderData.identity, ...(actionData && "areas" in actionData ? actionData.areas : [])]);
  const { t } = useTranslation();
  const { promotions, methods, records } = loaderData;
  const { channels, amountRange, quick, selected } = (actionData && "again" in actionData ? actionData.again : null) ?? loaderData;
  const checkout = channels.length === 1 && channels[0]!.type === "Gateway";
  const methodName = loaderData.methods.find((m) => m.id === selected.methodId)?.name ?? "";
  const needsBirthday = loaderData.needed.includes("birthday");
  const others = loaderData.needed.filter((n) => n !== "birthday");
  const blocked = loaderData.needed.length > 0;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [promotionId, setPromotionId] = useState(selected.promotionId);
  const [form, fields] = useForm({
    id: "deposit",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    constraint: getZodConstraint(depositFormSchema),
    defaultValue: {
      promotionId: selected.promotionId === null ? "none" : String(selected.promotionId),
      methodId: selected.methodId === null ? "" : String(selected.methodId),
      channelType: selected.channelType ?? "",
      amount: selected.amount,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: depositFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const promotion = promotions.find((p) => p.id === promotionId) ?? null;
  const bonusTag = promotion && promotion.percent > 0 ? t("paymentPages.deposit.bonusTag", { percent: promotion.percent }) : null;
  // Choosing a method needs its channels from the server: a GET of this page (the same thing the Update button
  // does without JavaScript).
  const reload = () => formRef.current && submit(formRef.current, { method: "get", action: "/deposit", replace: true, preventScrollReset: true });

  return (
    <AccountFrame layout={loaderData.layout}>
      <main data-testid="deposit-page">
        <PaymentTabs active="deposit" />
        {/* The form's own heading is hidden with the form while it cannot be used. */}
        {blocked ? <h1 className="sr-only">{t("paymentPages.deposit.title")}</h1> : null}
        {needsBirthday ? (
          <section className="mb-4 rounded-xl border border-brand/40 bg-panel p-4" aria-labelledby="deposit-birthday" data-testid="deposit-birthday">
            <h2 id="deposit-birthday" className="mb-1 font-semibold">
              {t("identity.birthday.title")}
            </h2>
            <p className="mb-3 text-sm text-white/80">{t("identity.birthday.intro")}</p>
            <BirthdayStep
              action={BIRTHDAY_ACTION}
              answer={actionData && "birthday" in actionData ? actionData.birthday : null}
              label={t("identity.birthday.label")}
              hint={t("identity.birthday.hint")}
              hidden={{ redirectTo: loaderData.back }}
              id="deposit-birthday"
            />
          </section>
        ) : null}
        <NeededBox missing={others} />
        {loaderData.limitPrompt ? <DepositLimitPrompt /> : null}
        <div className="grid gap-4 min-[1024px]:grid-cols-[1fr_16rem] min-[1024px]:items-start">
          <Form
            method="post"
            action="/deposit"
            ref={formRef}
            {...getFormProps(form)}
            // Until the checks above are done the form is shown but cannot be filled in or sent.
            inert={blocked}
            className={`min-w-0 rounded-xl bg-panel p-4${blocked ? " opacity-50" : ""}`}
            data-testid="deposit-form"
          >
            <h1 className="sr-only">{t("paymentPages.deposit.title")}</h1>
            <ErrorDialog formErrors={form.errors ?? []} answer={actionData && "result" in actionData ? actionData : undefined} id={form.errorId} />

            <section className="mb-4" aria-labelledby="deposit-promotions">
              <div className="mb-1 flex items-center justify-between gap-2">
                <label id="deposit-promotions" htmlFor={fields.promotionId.id} className="text-sm font-semibold">
                  {t("paymentPages.deposit.promotions")}
                </label>
                <a href={promotion ? `/promotions/${promotion.id}` : "/promotions"} className="text-xs text-brand" data-testid="promotion-link">
                  {promotion ? t("paymentPages.deposit.promotionDetails") : t("paymentPages.deposit.allPromotions")} ›
                </a>
              </div>
              <div className="flex items-center gap-2">
                <select
                  {...getSelectProps(fields.promotionId)}
                  key={fields.promotionId.key}
                  onChange={(e) => setPromotionId(e.target.value === "none" ? null : Number(e.target.value))}
                  className="w-full min-w-0 flex-1 truncate rounded-md border border-white/20 bg-ink px-2 py-2 text-sm"
                  data-testid="promotion-select"
                >
                  {promotions.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name} ({t("paymentPages.deposit.bonusTag", { percent: p.percent })})
                    </option>
                  ))}
                  <option value="none">{t("paymentPages.deposit.noPromotion")}</option>
                </select>
                {bonusTag ? <span className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">{bonusTag}</span> : null}
              </div>
              <ErrorList errors={fields.promotionId.errors} id={fields.promotionId.errorId} />
            </section>

            <fieldset className="mb-4">
              <legend className="mb-2 text-sm font-semibold">{t("paymentPages.deposit.method")}</legend>
              <MethodGrid
                name={fields.methodId.name}
                methods={methods}
                selected={selected.methodId}
                tag={bonusTag}
                onChange={reload}
                errorId={fields.methodId.errorId}
                invalid={!!fields.methodId.errors?.length}
              />
              <ErrorList errors={fields.methodId.errors} id={fields.methodId.errorId} />
            </fieldset>

            <fieldset className="mb-4" key={selected.methodId ?? "none"}>
              <legend className="mb-2 text-sm font-semibold">{t("paymentPages.deposit.channel")}</legend>
              {selected.methodId === null ? (
                <p className="text-sm text-white/60">{t("paymentPages.deposit.chooseMethodFirst")}</p>
              ) : channels.length === 0 ? (
                <p className="text-sm text-white/60" data-testid="no-channels">
                  {t("paymentPages.deposit.noChannels")}
                </p>
              ) : (
                <div className="grid grid-cols-2 gap-2" role="radiogroup">
                  {channels.map((c) => (
                    <label key={c.type} className="block cursor-pointer" data-testid={`channel-${c.type}`}>
                      <input
                        type="radio"
                        name={fields.channelType.name}
                        value={c.type}
                        defaultChecked={selected.channelType === c.type}
                        className="peer sr-only"
                      />
                      <span className="block rounded-lg border border-white/15 bg-ink px-2 py-2 text-center peer-checked:border-brand peer-checked:bg-brand/10 peer-checked:text-brand peer-focus-visible:ring-2 peer-focus-visible:ring-brand">
                        <span className="block text-sm font-semibold">
                          {c.type === "Gateway" ? t("paymentPages.deposit.payWith", { method: methodName }) : t(`payments.channel.${c.type}`)}
                        </span>
                        <span className="block text-xs text-white/60 tabular-nums">
                          {t("paymentPages.deposit.range", { min: c.min, max: c.max })}
                        </span>
                      </span>
                    </label>
                  ))}
                </div>
              )}
              <ErrorList errors={fields.channelType.errors} id={fields.channelType.errorId} />
            </fieldset>

            {hydrated ? null : (
              <button
                type="submit"
                formMethod="get"
                formAction="/deposit"
                formNoValidate
                name="apply"
                value="1"
                className="btn-secondary mb-4 w-full text-sm"
                data-testid="deposit-update"
              >
                {t("paymentPages.deposit.apply")}
              </button>
            )}

            <div className="mb-4">
              <div className="mb-1 flex items-center justify-between">
                <label htmlFor={fields.amount.id} className="text-sm font-semibold">
                  {t("paymentPages.deposit.amount")}
                </label>
                {amountRange ? (
                  <span className="text-xs text-white/60 tabular-nums" data-testid="deposit-amount-range">
                    {t("paymentPages.deposit.amountRange", amountRange)}
                  </span>
                ) : null}
              </div>
              <div className="mb-2 flex gap-2">
                <AmountInput
                  field={fields.amount}
                  placeholder={amountRange ? t("paymentPages.deposit.amountPlaceholder", amountRange) : ""}
                  className="min-w-0 flex-1"
                />
                <button
                  type="submit"
                  name="clear"
                  value="1"
                  formMethod="get"
                  formAction="/deposit"
                  formNoValidate
                  onClick={(e) => {
                    e.preventDefault();
                    form.update({ name: fields.amount.name, value: "" });
                  }}
                  className="btn-secondary shrink-0 !px-3 text-sm"
                >
                  {t("paymentPages.deposit.clear")}
                </button>
              </div>
              <QuickAmounts
                amounts={quick}
                name="add"
                action="/deposit"
                onPick={(n) => form.update({ name: fields.amount.name, value: addTaka(fields.amount.value ?? "", n) })}
              />
              <ErrorList errors={fields.amount.errors} id={fields.amount.errorId} />
            </div>

            <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
            {checkout ? (
              <p className="mb-2 text-xs text-white/70" data-testid="checkout-note">
                {t("paymentPages.deposit.checkoutNote", { method: methodName })}
              </p>
            ) : null}
            <SubmitButton
              label={checkout ? t("paymentPages.deposit.payWith", { method: methodName }) : t("paymentPages.deposit.submit")}
              pendingLabel={checkout ? t("paymentPages.deposit.opening", { method: methodName }) : t("paymentPages.deposit.submitting")}
              action="/deposit"
            />
          </Form>

          <div className="grid min-w-0 gap-4">
            <TurnoverLeft {...loaderData.turnover} className="rounded-xl bg-panel p-4" />
            <aside className="min-w-0 rounded-xl bg-panel p-4" aria-labelledby="deposit-records" data-testid="deposit-records">
              <div className="mb-2 flex items-center justify-between">
                <h2 id="deposit-records" className="text-sm font-semibold">
                  {t("paymentPages.deposit.records")}
                </h2>
                <a href="/transaction-record?type=deposit&range=all" className="text-xs text-brand">
                  {t("paymentPages.deposit.more")} ›
                </a>
              </div>
              {records.length === 0 ? (
                <p className="py-4 text-center text-sm text-white/50">{t("paymentPages.deposit.noRecords")}</p>
              ) : (
                <ul className="divide-y divide-white/10">
                  {records.map((r) => (
                    <li key={r.id}>
                      <a href={`/transaction-record/D${r.id}`} className="flex items-center gap-2 py-2 text-sm">
                        <img
                          src={r.methodIcon}
                          alt=""
                          width={32}
                          height={32}
                          className="size-8 shrink-0 rounded bg-white object-contain p-0.5"
                          loading="lazy"
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block font-semibold tabular-nums">
                            {t("paymentPages.currency")}
                            {r.amount}
                          </span>
                          <span className="block text-[0.7rem] text-white/50 tabular-nums">{r.createdAt}</span>
                        </span>
                        <StatusBadge status={r.status} />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </aside>
          </div>
        </div>
      </main>
    </AccountFrame>
  );
}
