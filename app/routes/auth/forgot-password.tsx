import { translate } from "#app/i18n/translate.server.ts";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { BotCheck } from "#app/components/account/BotCheck.tsx";
import { ErrorList, Field } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { requestPasswordReset, clientIp } from "#app/modules/sessions/index.server.ts";
import { callingCodes, forgotEmailSchema, forgotPasswordSchema, forgotSmsSchema } from "#app/modules/players/index.ts";
import { honeypotInputProps, isSpam } from "#app/utils/honeypot.server.ts";
import type { Route } from "./+types/forgot-password";

type Tab = "email" | "sms";
const tabOf = (value: string | null): Tab => (value === "sms" ? "sms" : "email");
const countryKeys = { "880": "bd", "91": "in", "92": "pk" } as const;

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ context }: Route.LoaderArgs) {
  return { honeypot: await honeypotInputProps(), title: translate(context, "auth.forgot.title") };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  const channel = tabOf(String(formData.get("channel")));
  if (await isSpam(formData)) {
    return data({ channel, result: submission.reply({ formErrors: ["errors.submissionFailed"] }) }, { status: 400 });
  }
  if (submission.status !== "success") {
    return data({ channel, result: submission.reply() }, { status: 400 });
  }
  const input = submission.value;
  // The same answer whether or not the account exists (and whether or not a limit was reached).
  await requestPasswordReset(input, { ip: clientIp(request) });
  if (input.channel === "sms") {
    throw redirect(`/forgot-password/code?${new URLSearchParams({ username: input.username, sent: "1" })}`);
  }
  throw redirect("/forgot-password?tab=email&sent=1");
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tab = tabOf(params.get("tab"));
  const sent = params.get("sent") === "1" && tab === "email";
  const lastResult = actionData?.channel === tab ? actionData.result : undefined;
  const tabClass = (active: boolean) =>
    `flex-1 rounded-md py-2 text-center text-sm font-semibold ${active ? "bg-brand text-black" : "text-white/80 hover:bg-white/10"}`;
  return (
    <main className="form-card">
      <h1 className="mb-2 text-center text-xl font-bold">{t("auth.forgot.title")}</h1>
      <p className="mb-4 text-center text-sm text-white/70">{t("auth.forgot.intro")}</p>
      <nav className="mb-4 flex gap-1 rounded-lg bg-ink p-1" aria-label={t("auth.forgot.tabsLabel")} data-testid="forgot-tabs">
        <Link to="?tab=email" replace preventScrollReset className={tabClass(tab === "email")} aria-current={tab === "email" ? "page" : undefined}>
          {t("auth.forgot.emailTab")}
        </Link>
        <Link to="?tab=sms" replace preventScrollReset className={tabClass(tab === "sms")} aria-current={tab === "sms" ? "page" : undefined}>
          {t("auth.forgot.smsTab")}
        </Link>
      </nav>
      {sent ? (
        <div className="form-note" role="status" data-testid="reset-sent">
          {t("auth.forgot.sentEmail")}
        </div>
      ) : null}
      <HoneypotProvider {...loaderData.honeypot}>
        {tab === "email" ? <EmailForm key="email" lastResult={lastResult} /> : <SmsForm key="sms" lastResult={lastResult} />}
      </HoneypotProvider>
      <div className="mt-4 flex justify-between text-sm">
        <a href="/login" className="text-brand">
          {t("auth.forgot.backToLogin")}
        </a>
        {tab === "sms" ? (
          <a href="/forgot-password/code" className="text-brand">
            {t("auth.forgot.haveCode")}
          </a>
        ) : null}
      </div>
    </main>
  );
}

type FormProps = { lastResult: SubmissionResult<string[]> | undefined };

function EmailForm({ lastResult }: FormProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "forgot-email",
    lastResult,
    constraint: getZodConstraint(forgotEmailSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotEmailSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const action = "/forgot-password?tab=email";
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <HoneypotInputs className="honeypot" />
      <input type="hidden" name="channel" value="email" />
      <ErrorList errors={form.errors} id={form.errorId} className="form-error" />
      <Field
        label={t("auth.forgot.username")}
        inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username", autoCapitalize: "none" }}
        errors={fields.username.errors}
        errorId={fields.username.errorId}
      />
      <Field
        label={t("auth.forgot.email")}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
        errorId={fields.email.errorId}
      />
      <BotCheck field={fields.robot} />
      <SubmitButton label={t("auth.forgot.confirm")} pendingLabel={t("auth.forgot.sending")} action={action} />
    </Form>
  );
}

function SmsForm({ lastResult }: FormProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "forgot-sms",
    lastResult,
    defaultValue: { callingCode: "880" },
    constraint: getZodConstraint(forgotSmsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotSmsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const action = "/forgot-password?tab=sms";
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <HoneypotInputs className="honeypot" />
      <input type="hidden" name="channel" value="sms" />
      <ErrorList errors={form.errors} id={form.errorId} className="form-error" />
      <Field
        label={t("auth.forgot.username")}
        inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username", autoCapitalize: "none" }}
        errors={fields.username.errors}
        errorId={fields.username.errorId}
      />
      <div className="field">
        <label htmlFor={fields.phone.id}>{t("auth.forgot.phone")}</label>
        <div className="flex gap-2">
          <select
            {...getSelectProps(fields.callingCode)}
            key={fields.callingCode.key}
            aria-label={t("auth.forgot.countryCode")}
            className="!w-auto shrink-0"
          >
            {callingCodes.map((code) => (
              <option key={code} value={code}>
                {t(`auth.forgot.country.${countryKeys[code]}`)}
              </option>
            ))}
          </select>
          <input
            {...getInputProps(fields.phone, { type: "tel" })}
            key={fields.phone.key}
            className="min-w-0 flex-1"
            autoComplete="tel-national"
            inputMode="numeric"
            placeholder={t("auth.forgot.phonePlaceholder")}
          />
        </div>
        <ErrorList errors={fields.callingCode.errors} id={fields.callingCode.errorId} />
        <ErrorList errors={fields.phone.errors} id={fields.phone.errorId} />
      </div>
      <BotCheck field={fields.robot} />
      <SubmitButton label={t("auth.forgot.confirm")} pendingLabel={t("auth.forgot.sending")} action={action} />
    </Form>
  );
}
