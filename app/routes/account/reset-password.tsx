import { translate } from "#app/i18n/translate.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, useLocation } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { ErrorList, Field } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { changeOwnPassword, clientIp, requirePlayer } from "#app/modules/sessions/index.server.ts";
import { changePasswordSchema } from "#app/modules/players/index.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requirePlayer(context, url);
  return { layout: layoutFor(request.headers.get("user-agent")), title: translate(context, "auth.change.title") };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player, token } = requirePlayer(context, url);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const result = await changeOwnPassword(player, submission.value, { ip: clientIp(request), keepToken: token });
  if (!result.ok) {
    if (result.error === "errors.tooManyAttempts") {
      const message = messageToken(result.error, { minutes: result.minutes });
      return data({ result: submission.reply({ formErrors: [message], hideFields }) }, { status: 429 });
    }
    return data({ result: submission.reply({ fieldErrors: { currentPassword: [result.error] }, hideFields }) }, { status: 400 });
  }
  // A fresh GET of the page (Post/Redirect/Get): its form is empty, and reloading does not send the passwords again.
  return redirectWithToast("/reset-password", "passwordChanged");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(changePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const action = "/reset-password";
  // With JavaScript the redirect after a change keeps this page mounted; a new location remounts the form, emptied.
  const { key: formKey } = useLocation();
  return (
    <AccountFrame layout={loaderData.layout}>
      <main className="max-w-md rounded-xl bg-panel p-5" data-testid="reset-password-page">
        <h1 className="mb-2 text-xl font-bold">{t("auth.change.title")}</h1>
        <p className="mb-4 text-sm text-white/70">{t("auth.setNew.rules")}</p>
        <Form method="post" action={action} {...getFormProps(form)} key={formKey}>
          <ErrorList errors={form.errors} id={form.errorId} className="form-error" />
          <Field
            label={t("auth.change.currentPassword")}
            inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
            errors={fields.currentPassword.errors}
            errorId={fields.currentPassword.errorId}
          />
          <Field
            label={t("auth.change.newPassword")}
            inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.newPassword.errors}
            errorId={fields.newPassword.errorId}
          />
          <Field
            label={t("auth.change.confirmPassword")}
            inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.confirmPassword.errors}
            errorId={fields.confirmPassword.errorId}
          />
          <SubmitButton label={t("auth.change.submit")} pendingLabel={t("auth.change.submitting")} action={action} />
        </Form>
      </main>
    </AccountFrame>
  );
}
