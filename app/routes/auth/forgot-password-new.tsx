import { translate } from "#app/i18n/translate.server.ts";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import { ErrorList, Field } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { isResetTokenValid, resetPasswordWithToken, clearSessionCookie } from "#app/modules/sessions/index.server.ts";
import { setNewPasswordSchema } from "#app/modules/players/index.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import type { Route } from "./+types/forgot-password-new";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const title = translate(context, "auth.setNew.title");
  if (!(await isResetTokenValid(token))) return data({ token: "", valid: false, title }, { status: 400 });
  return { token, valid: true, title };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: setNewPasswordSchema });
  const hideFields = ["newPassword", "confirmPassword"];
  if (submission.status !== "success") {
    // A missing or mangled token is the same dead end as an expired one.
    const tokenBad = !!submission.error?.token;
    return data({ invalidToken: tokenBad, result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const { token, newPassword } = submission.value;
  const result = await resetPasswordWithToken(token, newPassword);
  if (!result.ok) {
    return data({ invalidToken: true, result: submission.reply({ hideFields }) }, { status: 400 });
  }
  // Every session of the player has ended, this browser's too.
  return redirectWithToast("/login", "passwordReset", { "Set-Cookie": await clearSessionCookie() });
}

export default function ForgotPasswordNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(setNewPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setNewPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (!loaderData.valid || actionData?.invalidToken) {
    return (
      <main className="form-card text-center">
        <h1 className="mb-3 text-xl font-bold">{t("auth.setNew.title")}</h1>
        <div className="form-error" role="alert" data-testid="reset-link-invalid">
          {t("errors.resetLinkInvalid")}
        </div>
        <a href="/forgot-password" className="btn-primary inline-block">
          {t("auth.forgot.requestNew")}
        </a>
      </main>
    );
  }
  const action = `/forgot-password/new?${new URLSearchParams({ token: loaderData.token })}`;
  return (
    <main className="form-card">
      <h1 className="mb-2 text-center text-xl font-bold">{t("auth.setNew.title")}</h1>
      <p className="mb-4 text-center text-sm text-white/70">{t("auth.setNew.rules")}</p>
      <Form method="post" action={action} {...getFormProps(form)}>
        <ErrorList errors={form.errors} id={form.errorId} className="form-error" />
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          label={t("auth.setNew.newPassword")}
          inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.newPassword.errors}
          errorId={fields.newPassword.errorId}
        />
        <Field
          label={t("auth.setNew.confirmPassword")}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
          errorId={fields.confirmPassword.errorId}
        />
        <SubmitButton label={t("auth.setNew.submit")} pendingLabel={t("auth.setNew.submitting")} action={action} />
      </Form>
    </main>
  );
}
