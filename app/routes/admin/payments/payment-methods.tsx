import { ErrorList } from "#app/components/forms/Field.tsx";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { Notice } from "#app/components/admin/AdminField.tsx";
import { PaymentsCheckbox, PaymentsField } from "#app/components/admin/payments/PaymentsField.tsx";
import { PaymentsNav } from "#app/components/admin/payments/PaymentsNav.tsx";
import { depositModeOptions, methodGatewaySchema, paymentMethodSchema, walletNumberSchema } from "#app/components/admin/payments/schemas.ts";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { useArea } from "#app/i18n/use-area.ts";
import { channelTypes, METHOD_TAG_MAX, isPaymentError, type PaymentErrorField } from "#app/modules/payments/index.ts";
import {
  isGatewaySettingsError,
  listAdminPaymentMethods,
  listWalletNumbers,
  saveMethodGateway,
  savePaymentMethod,
  saveWalletNumber,
} from "#app/modules/payments/index.server.ts";
import { paymentsPage, requireFinanceActor, requireFinanceViewer, translate } from "./admin-payments.server.ts";
import type { Route } from "./+types/payment-methods";
import { takaInput, takaText } from "#app/kernel/money.ts";
import { formStatus } from "#app/kernel/domain-error.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const BASE = "/admin/finance/payment-methods";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { canAct } = await requireFinanceViewer(request);
  const [methods, wallets] = await Promise.all([listAdminPaymentMethods(), listWalletNumbers()]);
  const saved = url.searchParams.get("saved");
  const what = (url.searchParams.get("what") ?? "").slice(0, 60);
  const notice =
    saved === "method"
      ? translate(context, "adminPayments.methods.savedMethod", { name: what })
      : saved === "wallet"
        ? translate(context, "adminPayments.methods.savedWallet", { number: what })
        : saved === "gateway"
          ? translate(context, "adminPayments.gateway.saved", { name: what })
          : null;
  return {
    ...paymentsPage(context, "adminPayments.methods.title"),
    canAct,
    notice,
    methods: methods.map((m) => ({
      id: m.id,
      name: m.name,
      icon: m.icon,
      tag: m.tag,
      active: m.status === "active",
      sortOrder: m.sortOrder,
      // Secrets only as masks: the values never leave the server.
      gateway: {
        mode: m.gateway.mode,
        min: takaInput(m.gateway.gatewayMin),
        max: takaInput(m.gateway.gatewayMax),
        baseUrl: m.gateway.baseUrl,
        appKey: m.gateway.appKey,
        username: m.gateway.username,
        appSecretMask: m.gateway.appSecretMask,
        passwordMask: m.gateway.passwordMask,
        webhookSecretMask: m.gateway.webhookSecretMask,
        webhookUrl: m.gateway.webhookUrl,
      },
    })),
    wallets: wallets.map((w) => ({
      id: w.id,
      methodId: w.methodId,
      methodName: w.methodName,
      channelType: w.channelType,
      accountNumber: w.accountNumber,
      minAmount: takaInput(w.minAmount),
      maxAmount: takaInput(w.maxAmount),
      dailyCap: takaInput(w.dailyCap),
      usedToday: takaText(w.usedToday, { decimals: "trim" }),
      active: w.active,
    })),
  };
}

type FormKey = `${"method" | "wallet" | "gateway"}-${number | "new"}`;
type ActionData = { form: FormKey; result: SubmissionResult<string[]> };

// Fields of the module's refusals that exist on these forms; anything else is shown above the form.
const methodFields: PaymentErrorField[] = ["name", "icon", "tag"];
const walletFields: PaymentErrorField[] = ["methodId", "channelType", "accountNumber", "minAmount", "maxAmount", "dailyCap"];
/** What a failed gateway form sends back never includes the secrets typed in. */
const secretFields = ["appSecret", "password", "webhookSecret"];

export async function action({ request }: Route.ActionArgs) {
  const { staffId, ip } = await requireFinanceActor(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "gateway") return gatewayAction(formData, staffId, ip);
  const isWallet = intent === "wallet";
  const rowId = /^\d{1,10}$/.test(String(formData.get("id") ?? "")) ? Number(formData.get("id")) : "new";
  const form: FormKey = `${isWallet ? "wallet" : "method"}-${rowId}`;
  const submission = parseWithZod(formData, { schema: isWallet ? walletNumberSchema : paymentMethodSchema });
  if (submission.status !== "success") return data<ActionData>({ form, result: submission.reply() }, { status: 400 });
  try {
    const v = submission.value;
    if (v.intent === "wallet") {
      const saved = await saveWalletNumber({
        id: v.id ?? null,
        methodId: v.methodId,
        channelType: v.channelType,
        accountNumber: v.accountNumber,
        minAmount: v.minAmount,
        maxAmount: v.maxAmount,
        dailyCap: v.dailyCap,
        active: v.active,
        staffId,
        ip,
      });
      return redirect(`${BASE}?${new URLSearchParams({ saved: "wallet", what: saved.accountNumber })}#wallet-${saved.id}`);
    }
    const saved = await savePaymentMethod({
      id: v.id ?? null,
      name: v.name,
      icon: v.icon,
      tag: v.tag ?? null,
      status: v.active ? "active" : "inactive",
      sortOrder: v.sortOrder,
      staffId,
      ip,
    });
    return redirect(`${BASE}?${new URLSearchParams({ saved: "method", what: saved.name })}#method-${saved.id}`);
  } catch (e) {
    if (!isPaymentError(e)) throw e;
    const message = e.token;
    const onForm = e.field && (isWallet ? walletFields : methodFields).includes(e.field);
    const reply = onForm ? submission.reply({ fieldErrors: { [e.field!]: [message] } }) : submission.reply({ formErrors: [message] });
    return data<ActionData>({ form, result: reply }, { status: formStatus(e) });
  }
}

/** The deposit mode form of one method: mode, checkout range, merchant credentials. */
async function gatewayAction(formData: FormData, staffId: number, ip: Awaited<ReturnType<typeof requireFinanceActor>>["ip"]) {
  const rowId = /^\d{1,10}$/.test(String(formData.get("id") ?? "")) ? Number(formData.get("id")) : "new";
  const form: FormKey = `gateway-${rowId}`;
  const submission = parseWithZod(formData, { schema: methodGatewaySchema });
  if (submission.status !== "success") return data<ActionData>({ form, result: submission.reply({ hideFields: secretFields }) }, { status: 400 });
  const v = submission.value;
  try {
    const saved = await saveMethodGateway({
      id: v.id,
      mode: v.gateway,
      gatewayMin: v.gatewayMin,
      gatewayMax: v.gatewayMax,
      baseUrl: v.baseUrl,
      appKey: v.appKey,
      username: v.username,
      appSecret: v.appSecret,
      password: v.password,
      webhookSecret: v.webhookSecret,
      staffId,
      ip,
    });
    return redirect(`${BASE}?${new URLSearchParams({ saved: "gateway", what: saved.name })}#gateway-${saved.id}`);
  } catch (e) {
    if (!isGatewaySettingsError(e)) throw e;
    const reply = e.field
      ? submission.reply({ fieldErrors: { [e.field]: [e.messageKey] }, hideFields: secretFields })
      : submission.reply({ formErrors: [e.messageKey], hideFields: secretFields });
    return data<ActionData>({ form, result: reply }, { status: formStatus(e) });
  }
}

type Method = Route.ComponentProps["loaderData"]["methods"][number];
type Wallet = Route.ComponentProps["loaderData"]["wallets"][number];

function MethodForm({ method, canAct, lastResult }: { method?: Method; canAct: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `method-${method?.id ?? "new"}`,
    lastResult,
    defaultValue: method
      ? { name: method.name, icon: method.icon, tag: method.tag ?? "", active: method.active ? "on" : undefined, sortOrder: String(method.sortOrder) }
      : { active: "on", sortOrder: "0" },
    constraint: getZodConstraint(paymentMethodSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paymentMethodSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={BASE} {...getFormProps(form)} className="rounded-lg bg-ink/40 p-3" data-testid={`method-form-${method?.id ?? "new"}`}>
      <input type="hidden" name="intent" value="method" />
      {method ? <input type="hidden" name="id" value={method.id} /> : null}
      <ErrorList errors={form.errors} id={form.errorId} className="form-error" />
      <fieldset disabled={!canAct} className="grid items-start gap-x-3 sm:grid-cols-[auto_1fr_1.5fr_5rem_5rem_auto_auto]">
        {method?.icon ? (
          <img src={method.icon} alt="" className="mt-6 hidden h-8 w-8 rounded bg-white/10 object-contain sm:block" />
        ) : (
          <span className="hidden sm:block" />
        )}
        <PaymentsField
          label={t("adminPayments.methods.name")}
          inputProps={getInputProps(fields.name, { type: "text" })}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
        />
        <PaymentsField
          label={t("adminPayments.methods.icon")}
          hint={method ? undefined : t("adminPayments.methods.iconHint")}
          inputProps={getInputProps(fields.icon, { type: "text" })}
          errors={fields.icon.errors}
          errorId={fields.icon.errorId}
        />
        <PaymentsField
          label={t("adminPayments.methods.tag")}
          hint={method ? undefined : t("adminPayments.methods.tagHint")}
          inputProps={{ ...getInputProps(fields.tag, { type: "text" }), maxLength: METHOD_TAG_MAX }}
          errors={fields.tag.errors}
          errorId={fields.tag.errorId}
        />
        <PaymentsField
          label={t("adminPayments.methods.order")}
          inputProps={{ ...getInputProps(fields.sortOrder, { type: "text" }), inputMode: "numeric" }}
          errors={fields.sortOrder.errors}
          errorId={fields.sortOrder.errorId}
        />
        <div className="sm:mt-6">
          <PaymentsCheckbox label={t("adminPayments.methods.activeLabel")} inputProps={getInputProps(fields.active, { type: "checkbox" })} />
        </div>
        {canAct ? (
          <div className="sm:mt-6">
            <SubmitButton
              label={t(method ? "adminPayments.methods.save" : "adminPayments.methods.add")}
              pendingLabel={t(method ? "adminPayments.methods.saving" : "adminPayments.methods.adding")}
              action={BASE}
              className="btn-primary w-full !py-2 sm:w-auto"
            />
          </div>
        ) : null}
      </fieldset>
    </Form>
  );
}

function WalletForm({
  wallet,
  methods,
  canAct,
  lastResult,
}: {
  wallet?: Wallet;
  methods: Method[];
  canAct: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `wallet-${wallet?.id ?? "new"}`,
    lastResult,
    defaultValue: wallet
      ? {
          methodId: String(wallet.methodId),
          channelType: wallet.channelType,
          accountNumber: wallet.accountNumber,
          minAmount: wallet.minAmount,
          maxAmount: wallet.maxAmount,
          dailyCap: wallet.dailyCap,
          active: wallet.active ? "on" : undefined,
        }
      : { channelType: "Agent", active: "on" },
    constraint: getZodConstraint(walletNumberSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: walletNumberSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const amount = (field: typeof fields.minAmount, label: string, hint?: string) => (
    <PaymentsField
      label={label}
      hint={hint}
      inputProps={{ ...getInputProps(field, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
      errors={field.errors}
      errorId={field.errorId}
    />
  );
  return (
    <Form method="post" action={BASE} {...getFormProps(form)} className="rounded-lg bg-ink/40 p-3" data-testid={`wallet-form-${wallet?.id ?? "new"}`}>
      <input type="hidden" name="intent" value="wallet" />
      {wallet ? <input type="hidden" name="id" value={wallet.id} /> : null}
      <ErrorList errors={form.errors} id={form.errorId} className="form-error" />
      <fieldset
        disabled={!canAct}
        className="grid grid-cols-2 items-start gap-x-3 sm:grid-cols-3 lg:grid-cols-[7rem_11.5rem_8.5rem_6rem_6rem_8rem_auto_auto]"
      >
        <div className="field">
          <label htmlFor={fields.methodId.id}>{t("adminPayments.methods.method")}</label>
          <select {...getSelectProps(fields.methodId)} key={fields.methodId.key}>
            {wallet ? null : <option value="">—</option>}
            {methods.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
                {m.active ? "" : ` (${t("adminPayments.inactive")})`}
              </option>
            ))}
          </select>
          <ErrorList errors={fields.methodId.errors} id={fields.methodId.errorId} />
        </div>
        <div className="field">
          <label htmlFor={fields.channelType.id}>{t("adminPayments.methods.type")}</label>
          <select {...getSelectProps(fields.channelType)} key={fields.channelType.key}>
            {channelTypes.map((c) => (
              <option key={c} value={c}>
                {t(`adminPayments.channel.${c}`)}
              </option>
            ))}
          </select>
          <ErrorList errors={fields.channelType.errors} id={fields.channelType.errorId} />
        </div>
        <PaymentsField
          label={t("adminPayments.methods.number")}
          inputProps={{ ...getInputProps(fields.accountNumber, { type: "text" }), inputMode: "numeric", autoComplete: "off", maxLength: 11 }}
          errors={fields.accountNumber.errors}
          errorId={fields.accountNumber.errorId}
        />
        {amount(fields.minAmount, t("adminPayments.methods.min"))}
        {amount(fields.maxAmount, t("adminPayments.methods.max"))}
        {amount(
          fields.dailyCap,
          t("adminPayments.methods.dailyCap"),
          wallet ? t("adminPayments.methods.usedToday", { amount: wallet.usedToday }) : t("adminPayments.methods.dailyCapHint"),
        )}
        <div className="lg:mt-6">
          <PaymentsCheckbox label={t("adminPayments.methods.activeLabel")} inputProps={getInputProps(fields.active, { type: "checkbox" })} />
        </div>
        {canAct ? (
          <div className="lg:mt-6">
            <SubmitButton
              label={t(wallet ? "adminPayments.methods.save" : "adminPayments.methods.addWallet")}
              pendingLabel={t(wallet ? "adminPayments.methods.saving" : "adminPayments.methods.adding")}
              action={BASE}
              className="btn-primary w-full !py-2 sm:w-auto"
            />
          </div>
        ) : null}
      </fieldset>
    </Form>
  );
}

function GatewayForm({ method, canAct, lastResult }: { method: Method; canAct: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const g = method.gateway;
  const [form, fields] = useForm({
    id: `gateway-${method.id}`,
    lastResult,
    // The secret inputs always start empty: empty keeps the stored secret.
    defaultValue: { gateway: g.mode, gatewayMin: g.min, gatewayMax: g.max, baseUrl: g.baseUrl, appKey: g.appKey, username: g.username },
    constraint: getZodConstraint(methodGatewaySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: methodGatewaySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const text = (field: typeof fields.appKey, label: string, hint?: string, extra?: React.InputHTMLAttributes<HTMLInputElement>) => (
    <PaymentsField
      label={label}
      hint={hint}
      inputProps={{ ...getInputProps(field, { type: "text" }), autoComplete: "off", ...extra }}
      errors={field.errors}
      errorId={field.errorId}
    />
  );
  const secret = (field: typeof fields.appSecret, label: string, mask: string) => (
    <PaymentsField
      label={label}
      hint={mask ? t("adminPayments.gateway.secretKept", { mask }) : t("adminPayments.gateway.secretNotSet")}
      inputProps={{ ...getInputProps(field, { type: "password" }), autoComplete: "new-password", defaultValue: "" }}
      errors={field.errors}
      errorId={field.errorId}
    />
  );
  return (
    <Form method="post" action={BASE} {...getFormProps(form)} className="rounded-lg bg-ink/40 p-3" data-testid={`gateway-form-${method.id}`}>
      <input type="hidden" name="intent" value="gateway" />
      <input type="hidden" name="id" value={method.id} />
      <h3 className="mb-1 font-bold">
        {method.name}
        {method.active ? "" : ` (${t("adminPayments.inactive")})`}
      </h3>
      <ErrorList errors={form.errors} id={form.errorId} className="form-error" />
      <fieldset disabled={!canAct} className="grid items-start gap-x-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="field sm:col-span-2">
          <label htmlFor={fields.gateway.id}>{t("adminPayments.gateway.mode")}</label>
          <select {...getSelectProps(fields.gateway)} key={fields.gateway.key}>
            {depositModeOptions.map((mode) => (
              <option key={mode} value={mode}>
                {t(`adminPayments.gateway.modes.${mode}`)}
              </option>
            ))}
          </select>
          <ErrorList errors={fields.gateway.errors} id={fields.gateway.errorId} />
        </div>
        {text(fields.gatewayMin, t("adminPayments.gateway.min"), undefined, { inputMode: "decimal" })}
        {text(fields.gatewayMax, t("adminPayments.gateway.max"), undefined, { inputMode: "decimal" })}
      </fieldset>
      <fieldset disabled={!canAct} className="mt-2 rounded border border-white/10 p-2">
        <legend className="px-1 text-sm font-bold">{t("adminPayments.gateway.bkashTitle")}</legend>
        <p className="mb-1 text-xs text-white/60">{t("adminPayments.gateway.bkashIntro")}</p>
        <div className="grid items-start gap-x-3 sm:grid-cols-2 lg:grid-cols-3">
          {text(fields.baseUrl, t("adminPayments.gateway.baseUrl"), t("adminPayments.gateway.baseUrlHint"), { inputMode: "url" })}
          {text(fields.appKey, t("adminPayments.gateway.appKey"))}
          {secret(fields.appSecret, t("adminPayments.gateway.appSecret"), g.appSecretMask)}
          {text(fields.username, t("adminPayments.gateway.username"))}
          {secret(fields.password, t("adminPayments.gateway.password"), g.passwordMask)}
        </div>
      </fieldset>
      <fieldset disabled={!canAct} className="mt-2 rounded border border-white/10 p-2">
        <legend className="px-1 text-sm font-bold">{t("adminPayments.gateway.webhookTitle")}</legend>
        <div className="grid items-start gap-x-3 sm:grid-cols-2">
          {secret(fields.webhookSecret, t("adminPayments.gateway.webhookSecret"), g.webhookSecretMask)}
          <div className="field">
            <span className="block">{t("adminPayments.gateway.webhookUrl")}</span>
            <code className="block break-all rounded bg-black/30 px-2 py-1.5 text-sm" data-testid={`webhook-url-${method.id}`}>
              {g.webhookUrl}
            </code>
            <div className="mt-1 text-xs text-white/60">{t("adminPayments.gateway.webhookUrlHint")}</div>
          </div>
        </div>
      </fieldset>
      {canAct ? (
        <div className="mt-2">
          <SubmitButton
            label={t("adminPayments.gateway.save")}
            pendingLabel={t("adminPayments.methods.saving")}
            action={BASE}
            className="btn-primary w-full !py-2 sm:w-auto"
          />
        </div>
      ) : null}
    </Form>
  );
}

export default function PaymentMethods({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { methods, wallets, canAct } = loaderData;
  const a = actionData as ActionData | undefined;
  const resultFor = (form: FormKey) => (a?.form === form ? a.result : undefined);
  return (
    <>
      <PaymentsNav />
      <h1 className="mb-3 text-xl font-bold">{t("adminPayments.methods.title")}</h1>
      {loaderData.notice && !a ? <Notice>{loaderData.notice}</Notice> : null}
      {!canAct ? <p className="mb-3 text-sm text-amber-300">{t("adminPayments.viewOnly")}</p> : null}
      <section className="mb-6 rounded-xl bg-panel p-3" data-testid="methods">
        <h2 className="font-bold">{t("adminPayments.methods.methodsTitle")}</h2>
        <p className="mb-2 text-sm text-white/60">{t("adminPayments.methods.methodsIntro")}</p>
        <div className="space-y-2">
          {methods.length ? null : <p className="text-white/60">{t("adminPayments.methods.noMethods")}</p>}
          {methods.map((m) => (
            <MethodForm key={m.id} method={m} canAct={canAct} lastResult={resultFor(`method-${m.id}`)} />
          ))}
          {canAct ? (
            <details open={a?.form === "method-new"} className="rounded-lg border border-dashed border-white/20 p-2">
              <summary className="cursor-pointer text-sm font-bold">{t("adminPayments.methods.newMethod")}</summary>
              <div className="mt-2">
                <MethodForm canAct={canAct} lastResult={resultFor("method-new")} />
              </div>
            </details>
          ) : null}
        </div>
      </section>
      <section className="mb-6 rounded-xl bg-panel p-3" data-testid="gateways">
        <h2 className="font-bold">{t("adminPayments.gateway.title")}</h2>
        <p className="mb-2 text-sm text-white/60">{t("adminPayments.gateway.intro")}</p>
        <div className="space-y-2">
          {methods.length ? null : <p className="text-white/60">{t("adminPayments.methods.noMethods")}</p>}
          {methods.map((m) => (
            <GatewayForm key={m.id} method={m} canAct={canAct} lastResult={resultFor(`gateway-${m.id}`)} />
          ))}
        </div>
      </section>
      <section className="rounded-xl bg-panel p-3" data-testid="wallets">
        <h2 className="font-bold">{t("adminPayments.methods.walletsTitle")}</h2>
        <p className="mb-2 text-sm text-white/60">{t("adminPayments.methods.walletsIntro")}</p>
        <div className="space-y-2">
          {wallets.length ? null : <p className="text-white/60">{t("adminPayments.methods.noWallets")}</p>}
          {wallets.map((w) => (
            <WalletForm key={w.id} wallet={w} methods={methods} canAct={canAct} lastResult={resultFor(`wallet-${w.id}`)} />
          ))}
          {canAct ? (
            <details open={a?.form === "wallet-new"} className="rounded-lg border border-dashed border-white/20 p-2">
              <summary className="cursor-pointer text-sm font-bold">{t("adminPayments.methods.newWallet")}</summary>
              <div className="mt-2">
                <WalletForm methods={methods} canAct={canAct} lastResult={resultFor("wallet-new")} />
              </div>
            </details>
          ) : null}
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
