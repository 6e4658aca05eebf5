import { translator } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { areasFor } from "#app/i18n/areas.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { ErrorList, Field } from "#app/components/forms/Field.tsx";
import { ShowPassword } from "#app/components/forms/ShowPassword.tsx";
import { inputProps, useLightForm } from "#app/components/forms/light-form.ts";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { loginWithPassword } from "#app/modules/auth/index.server.ts";
import { getAuth, safeRedirect } from "#app/modules/sessions/index.server.ts";
import { loginSchema } from "#app/modules/players/index.ts";
import { exclusionNotices } from "#app/modules/protection/index.ts";
import type { Route } from "./+types/login";

const loadValidator = () => import("#app/modules/players/form-validation.ts").then((m) => m.validateLogin);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export async function loader({ context, url }: Route.LoaderArgs) {
  if (getAuth(context)) throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  const t = translator(context);
  // Responsible gaming: the session-time limit ended the last session (?sessionLimit=<minutes>), or a time-out,
  // self-exclusion or closure just started and logged the player out (?notice=<kind>).
  const limit = /^\d{1,4}$/.exec(url.searchParams.get("sessionLimit") ?? "")?.[0];
  const notice = exclusionNotices.find((n) => n === url.searchParams.get("notice"));
  return {
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    title: t("auth.login.title"),
    sessionEnded: limit ? t("protectionLimits.sessionEnded", { minutes: limit }) : null,
    notice: notice ? t(`protectionExclusion.notice.${notice}`) : null,
    // Sent with the page so the browser needs no zod to render the fields' HTML constraints.
    constraint: getZodConstraint(loginSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), areas: [] }, { status: 400 });
  }
  const { username, password, redirectTo } = submission.value;
  const outcome = await loginWithPassword(request, username, password);
  if (!outcome.ok) {
    const errors = [messageToken(outcome.message, outcome.params)];
    return data(
      { result: submission.reply({ formErrors: errors, hideFields: ["password"] }), areas: areasFor(context, errors) },
      { status: outcome.status },
    );
  }
  return redirect(safeRedirect(redirectTo), { headers: { "Set-Cookie": outcome.setCookie } });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  useArea(actionData?.areas);
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  const { formProps, formErrors, formErrorId, field } = useLightForm<"username" | "password">({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    loadValidator,
    shouldValidate: "onBlur",
  });
  const username = field("username");
  const password = field("password");
  return (
    <main className="form-card">
      <h1 className="mb-4 text-center text-xl font-bold">{t("auth.login.title")}</h1>
      {loaderData.sessionEnded && !actionData ? (
        <p className="form-note mb-4" role="status" data-testid="session-limit-ended">
          {loaderData.sessionEnded}
        </p>
      ) : null}
      {loaderData.notice && !actionData ? (
        <p role="status" className="form-note mb-4" data-testid="login-notice">
          {loaderData.notice}
        </p>
      ) : null}
      <Form method="post" {...formProps} action="/login">
        <ErrorList errors={formErrors} id={formErrorId} className="form-error" />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field
          label={t("auth.login.username")}
          inputProps={{
            ...inputProps(username, { type: "text" }),
            autoComplete: "username",
            placeholder: t("auth.login.usernamePlaceholder"),
            autoCapitalize: "none",
          }}
          errors={username.errors}
          errorId={username.errorId}
        />
        <Field
          label={t("auth.login.password")}
          inputProps={{
            ...inputProps(password, { type: show ? "text" : "password" }),
            autoComplete: "current-password",
            placeholder: t("auth.login.passwordPlaceholder"),
          }}
          errors={password.errors}
          errorId={password.errorId}
        />
        <ShowPassword checked={show} onChange={setShow} label={t("auth.login.showPassword")} />
        <SubmitButton label={t("auth.login.submit")} pendingLabel={t("auth.login.submitting")} action="/login" />
      </Form>
      <div className="mt-4 flex justify-between text-sm">
        <a href="/forgot-password" className="text-brand">
          {t("auth.login.forgot")}
        </a>
        <span>
          {t("auth.login.noAccount")}{" "}
          <a href="/signup" className="text-brand underline">
            {t("auth.login.signupLink")}
          </a>
        </span>
      </div>
    </main>
  );
}
