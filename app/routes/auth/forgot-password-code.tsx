import { translate } from "#app/i18n/translate.server.ts";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { ErrorList, Field } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { verifyResetCode } from "#app/modules/sessions/index.server.ts";
import { resetCodeSchema } from "#app/modules/players/index.ts";
import type { Route } from "./+types/forgot-password-code";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ url, context }: Route.LoaderArgs) {
  const username = url.searchParams.get("username") ?? "";
  return {
    username: /^[A-Za-z0-9]{1,30}$/.test(username) ? username : "",
    sent: url.searchParams.get("sent") === "1",
    title: translate(context, "auth.forgot.codeTitle"),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: resetCodeSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  }
  const result = await verifyResetCode(submission.value.username, submission.value.code);
  if (!result.ok) {
    return data({ result: submission.reply({ fieldErrors: { code: ["errors.resetLinkInvalid"] }, hideFields: ["code"] }) }, { status: 400 });
  }
  throw redirect(`/forgot-password/new?${new URLSearchParams({ token: result.token })}`);
}

export default function ForgotPasswordCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { username: loaderData.username },
    constraint: getZodConstraint(resetCodeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetCodeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const action = "/forgot-password/code";
  return (
    <main className="form-card">
      <h1 className="mb-2 text-center text-xl font-bold">{t("auth.forgot.codeTitle")}</h1>
      {loaderData.sent && !actionData ? (
        <div className="form-note" role="status" data-testid="reset-sent">
          {t("auth.forgot.sentSms")}
        </div>
      ) : (
        <p className="mb-4 text-center text-sm text-white/70">{t("auth.forgot.codeIntro")}</p>
      )}
      <Form method="post" action={action} {...getFormProps(form)}>
        <ErrorList errors={form.errors} id={form.errorId} className="form-error" />
        <Field
          label={t("auth.forgot.username")}
          inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username", autoCapitalize: "none" }}
          errors={fields.username.errors}
          errorId={fields.username.errorId}
        />
        <Field
          label={t("auth.forgot.code")}
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            autoComplete: "one-time-code",
            inputMode: "numeric",
            maxLength: 6,
            placeholder: "000000",
            className: "tracking-[0.4em]",
          }}
          errors={fields.code.errors}
          errorId={fields.code.errorId}
        />
        <SubmitButton label={t("auth.forgot.continue")} pendingLabel={t("auth.forgot.checking")} action={action} />
      </Form>
      <div className="mt-4 flex justify-between text-sm">
        <a href="/login" className="text-brand">
          {t("auth.forgot.backToLogin")}
        </a>
        <a href="/forgot-password?tab=sms" className="text-brand">
          {t("auth.forgot.requestNew")}
        </a>
      </div>
    </main>
  );
}
