import { translate } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { areasFor } from "#app/i18n/areas.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { ErrorList, Field } from "#app/components/forms/Field.tsx";
import { CheckboxField } from "#app/components/forms/CheckboxField.tsx";
import { inputProps, selectProps, useLightForm } from "#app/components/forms/light-form.ts";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { withLink } from "#app/components/forms/with-link.tsx";
import { createPlayer } from "#app/modules/players/index.server.ts";
import { checkJurisdiction } from "#app/modules/settings/index.server.ts";
import { currencies, signupSchema } from "#app/modules/players/index.ts";
import { clientIp, getAuth } from "#app/modules/sessions/index.server.ts";
import { honeypotInputProps, isSpam } from "#app/utils/honeypot.server.ts";
import { readCapturedCodes } from "#app/utils/referral-cookie.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import type { Route } from "./+types/signup";

const signupFields = ["username", "password", "confirmPassword", "currency", "name", "phone", "email", "referralCode", "ageCheck"] as const;
type SignupField = (typeof signupFields)[number];
const loadValidator = () => import("#app/modules/players/form-validation.ts").then((m) => m.validateSignup);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** The codes a referral or affiliate link (/referral_code, /affiliate_code) carries; see code-capture.tsx. */
const codeTypes = ["referral_code", "affiliate_code"] as const;
const isCodeType = (v: string | null): v is (typeof codeTypes)[number] => codeTypes.some((c) => c === v);

export async function loader({ request, context, url }: Route.LoaderArgs) {
  if (getAuth(context)) throw redirect("/");
  const codes = await readCapturedCodes(request);
  const missing = url.searchParams.get("missing");
  return {
    referralCode: codes.referral ?? codes.affiliate ?? "",
    missingCodeType: isCodeType(missing) ? missing : null,
    honeypot: await honeypotInputProps(),
    title: translate(context, "auth.signup.title"),
    // Sent with the page so the browser needs no zod to render the fields' HTML constraints.
    constraint: getZodConstraint(signupSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: signupSchema });
  const hide = ["password", "confirmPassword"];
  if (await isSpam(formData)) {
    return data({ result: submission.reply({ formErrors: ["errors.submissionFailed"], hideFields: hide }), areas: [] }, { status: 400 });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: hide }), areas: [] }, { status: 400 });
  }
  // The form's phone prefix is fixed at +88, so the calling code is Bangladesh's.
  const refusedCountry = await checkJurisdiction({ currency: submission.value.currency, callingCode: "880" });
  if (refusedCountry) {
    const errors = [refusedCountry.messageKey];
    return data({ result: submission.reply({ formErrors: errors, hideFields: hide }), areas: areasFor(context, errors) }, { status: 403 });
  }
  const created = await createPlayer(submission.value, { ip: clientIp(request) });
  if (!created.ok && "retryAfterMinutes" in created) {
    const message = messageToken("errors.tooManySignups", { minutes: created.retryAfterMinutes });
    return data({ result: submission.reply({ formErrors: [message], hideFields: hide }), areas: [] }, { status: 429 });
  }
  if (!created.ok) {
    return data({ result: submission.reply({ fieldErrors: created.fieldErrors, hideFields: hide }), areas: [] }, { status: 400 });
  }
  return redirectWithToast("/login", "signedUp");
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  useArea(actionData?.areas);
  const { t } = useTranslation();
  const { formProps, formErrors, formErrorId, field } = useLightForm<SignupField>({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: { currency: "BDT", referralCode: loaderData.referralCode },
    loadValidator,
    // Checked on SUBMIT, all fields at once (the 18+ box included), then again as each is corrected. Not on blur: a
    // message appearing when the pointer leaves a field moved SUBMIT away between press and release, the click was
    // lost, and only that field's message showed.
    shouldValidate: "onSubmit",
  });
  const fields = Object.fromEntries(signupFields.map((name) => [name, field(name)])) as Record<SignupField, ReturnType<typeof field>>;
  return (
    <main className="form-card">
      <h1 className="mb-4 text-center text-xl font-bold">{t("auth.signup.title")}</h1>
      {loaderData.missingCodeType ? (
        <div className="form-error" role="alert">
          {t("auth.signup.noCodeInUrl", { codeType: t(`auth.signup.codeType.${loaderData.missingCodeType}`) })}
        </div>
      ) : null}
      <HoneypotProvider {...loaderData.honeypot}>
        <Form method="post" action="/signup" {...formProps}>
          <HoneypotInputs className="honeypot" />
          <ErrorList errors={formErrors} id={formErrorId} className="form-error" />
          <Field
            label={t("auth.signup.username")}
            hint={t("auth.signup.usernameHint")}
            inputProps={{
              ...inputProps(fields.username, { type: "text" }),
              autoComplete: "username",
              autoCapitalize: "none",
              placeholder: "4-15",
            }}
            errors={fields.username.errors}
            errorId={fields.username.errorId}
          />
          <Field
            label={t("auth.signup.password")}
            hint={t("auth.signup.passwordHint")}
            inputProps={{ ...inputProps(fields.password, { type: "password" }), autoComplete: "new-password", placeholder: "8-20" }}
            errors={fields.password.errors}
            errorId={fields.password.errorId}
          />
          <Field
            label={t("auth.signup.confirmPassword")}
            inputProps={{ ...inputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.confirmPassword.errors}
            errorId={fields.confirmPassword.errorId}
          />
          <div className="field">
            <label htmlFor={fields.currency.id}>{t("auth.signup.currency")}</label>
            <select {...selectProps(fields.currency)}>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <ErrorList errors={fields.currency.errors} id={fields.currency.errorId} />
          </div>
          <Field
            label={t("auth.signup.name")}
            inputProps={{ ...inputProps(fields.name, { type: "text" }), autoComplete: "name" }}
            errors={fields.name.errors}
            errorId={fields.name.errorId}
          />
          <Field
            label={t("auth.signup.phone")}
            prefix="+88"
            inputProps={{
              ...inputProps(fields.phone, { type: "tel" }),
              autoComplete: "tel-national",
              inputMode: "numeric",
              placeholder: "01XXXXXXXXX",
            }}
            errors={fields.phone.errors}
            errorId={fields.phone.errorId}
          />
          <Field
            label={t("auth.signup.email")}
            inputProps={{ ...inputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            errors={fields.email.errors}
            errorId={fields.email.errorId}
          />
          <Field
            label={t("auth.signup.referralCode")}
            inputProps={{ ...inputProps(fields.referralCode, { type: "text" }), autoCapitalize: "characters" }}
            errors={fields.referralCode.errors}
            errorId={fields.referralCode.errorId}
          />
          <CheckboxField
            inputProps={inputProps(fields.ageCheck, { type: "checkbox", value: "on" })}
            errors={fields.ageCheck.errors}
            errorId={fields.ageCheck.errorId}
            textTestId="age-check-text"
          >
            {withLink(
              t("auth.signup.ageCheck", { terms: "\u0000" }),
              <a href="/terms" target="_blank" rel="noopener" className="text-brand underline">
                {t("auth.signup.termsLink")}
              </a>,
            )}
          </CheckboxField>
          <SubmitButton label={t("auth.signup.submit")} pendingLabel={t("auth.signup.submitting")} action="/signup" />
        </Form>
      </HoneypotProvider>
      <p className="mt-4 text-center text-sm">
        {t("auth.signup.haveAccount")}{" "}
        <a href="/login" className="text-brand underline">
          {t("auth.signup.loginLink")}
        </a>
      </p>
    </main>
  );
}
