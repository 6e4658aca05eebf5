import { translate } from "#app/i18n/translate.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorList, AdminField } from "#app/components/admin/AdminField.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { getStaff, loginStaff, safeAdminRedirect } from "#app/modules/staff/index.server.ts";
import { staffLoginSchema } from "#app/modules/staff/index.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  if (await getStaff(request)) throw redirect(safeAdminRedirect(url.searchParams.get("redirectTo")));
  return { redirectTo: safeAdminRedirect(url.searchParams.get("redirectTo")), title: translate(context, "admin.login.title") };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: staffLoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { username, password, redirectTo } = submission.value;
  const outcome = await loginStaff(request, username, password);
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [messageToken(outcome.message, outcome.params)], hideFields: ["password"] }) },
      { status: outcome.status },
    );
  }
  return redirect(safeAdminRedirect(redirectTo), { headers: { "Set-Cookie": outcome.setCookie } });
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(staffLoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffLoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="form-card" data-testid="admin-login">
      <h1 className="mb-1 text-center text-xl font-bold">{t("admin.login.title")}</h1>
      <p className="mb-4 text-center text-sm text-white/60">{t("admin.login.intro")}</p>
      <Form method="post" action="/admin/login" {...getFormProps(form)}>
        <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <AdminField
          label={t("admin.login.username")}
          inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username", autoCapitalize: "none" }}
          errors={fields.username.errors}
          errorId={fields.username.errorId}
        />
        <AdminField
          label={t("admin.login.password")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors}
          errorId={fields.password.errorId}
        />
        <SubmitButton label={t("admin.login.submit")} pendingLabel={t("admin.login.submitting")} action="/admin/login" />
      </Form>
    </section>
  );
}
