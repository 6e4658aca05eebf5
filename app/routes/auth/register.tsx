import { translate } from "#app/i18n/translate.server.ts";
import { useState } from "react";
import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { HoneypotInputs, HoneypotProvider } from "remix-utils/honeypot/react";
import { CheckboxField } from "#app/components/forms/CheckboxField.tsx";
import { ErrorList, Field } from "#app/components/forms/Field.tsx";
import { inputProps, selectProps, useLightForm } from "#app/components/forms/light-form.ts";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { withLink } from "#app/components/forms/with-link.tsx";
import { areasFor } from "#app/i18n/areas.server.ts";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { blankStepMessage, currencyTypes, registerStep1Schema, registerStep2Schema } from "#app/modules/players/index.ts";
import { clientIp, getAuth } from "#app/modules/sessions/index.server.ts";
import {
  captchaVisitorOf,
  newImageRound,
  draftTokenOf,
  completeSignup,
  readDraft,
  registerBanner,
  saveStep1,
  step1Defaults,
  type Step1Value,
  type Step2Value,
} from "#app/modules/auth/index.server.ts";
import { honeypotInputProps, isSpam } from "#app/utils/honeypot.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { readCapturedCodes } from "#app/utils/referral-cookie.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import type { Route } from "./+types/register";

const loadStep1Validator = () => import("#app/modules/players/form-validation.ts").then((m) => m.validateRegisterStep1);
const loadStep2Validator = () => import("#app/modules/players/form-validation.ts").then((m) => m.validateRegisterStep2);
const PASSWORDS = ["password", "confirmPassword"];

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** The image's ?r= (a new number fetches a new code); a small whole number. */
const roundOf = (value: string | null) => (value && /^\d{1,6}$/.test(value) ? Number(value) : 0);

/**
 * /register: the two-step sign-up on the desktop layout (phones go on to the one-page /signup). Step 1 posts here and
 * is kept server-side as a draft, then /register?step=2 asks the rest and the captcha.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  if (getAuth(context)) throw redirect("/");
  if (layoutFor(request.headers.get("user-agent")) === "mobile") {
    const search = new URLSearchParams(url.search);
    for (const name of ["step", "r", "expired"]) search.delete(name);
    const query = search.toString();
    throw redirect(`/signup${query ? `?${query}` : ""}`, { headers: { Vary: "User-Agent" } });
  }
  const draft = await readDraft(await draftTokenOf(request));
  const step = url.searchParams.get("step") === "2" ? 2 : 1;
  if (step === 2 && !draft) throw redirect("/register");
  const codes = await readCapturedCodes(request);
  return {
    step,
    defaults: step1Defaults(draft, codes.referral ?? codes.affiliate ?? ""),
    expired: url.searchParams.get("expired") === "1",
    round: roundOf(url.searchParams.get("r")),
    banner: await registerBanner(getLocale(context)),
    honeypot: await honeypotInputProps(),
    title: translate(context, "auth.signup.title"),
    constraint: step === 1 ? getZodConstraint(registerStep1Schema) : getZodConstraint(registerStep2Schema),
  };
}

type Reply = SubmissionResult<string[]>;
const refuse = (step: 1 | 2, result: Reply, status = 400, areas: ReturnType<typeof areasFor> = []) =>
  data({ step, result, areas, round: newImageRound() }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const step = formData.get("step") === "2" ? 2 : 1;
  const schema = step === 1 ? registerStep1Schema : registerStep2Schema;
  const submission = parseWithZod(formData, { schema });
  const hideFields = step === 1 ? PASSWORDS : ["captcha"];
  if (await isSpam(formData)) return refuse(step, submission.reply({ formErrors: ["errors.submissionFailed"], hideFields }));
  const blank = blankStepMessage(step, formData);
  if (submission.status !== "success") return refuse(step, submission.reply({ formErrors: blank ? [blank] : [], hideFields }));

  const draftToken = await draftTokenOf(request);
  if (step === 1) {
    const saved = await saveStep1(submission.value as Step1Value, draftToken);
    if (!saved.ok) return refuse(1, submission.reply({ fieldErrors: saved.fieldErrors, hideFields }));
    throw redirect("/register?step=2", { headers: { "Set-Cookie": saved.setCookie } });
  }
  const outcome = await completeSignup({
    draftToken,
    visitorId: await captchaVisitorOf(request),
    value: submission.value as Step2Value,
    ip: clientIp(request),
  });
  switch (outcome.kind) {
    case "noDraft":
      throw redirect("/register?expired=1");
    case "captchaWrong":
      return refuse(2, submission.reply({ fieldErrors: { captcha: ["errors.captchaWrong"] }, hideFields }));
    case "refused":
      return refuse(2, submission.reply({ formErrors: [outcome.messageKey], hideFields }), 403, areasFor(context, [outcome.messageKey]));
    case "tooMany": {
      const message = messageToken("errors.tooManySignups", { minutes: outcome.retryAfterMinutes });
      return refuse(2, submission.reply({ formErrors: [message], hideFields }), 429);
    }
    case "invalid":
      return refuse(2, submission.reply({ fieldErrors: outcome.fieldErrors, formErrors: outcome.formErrors, hideFields }));
    case "created":
      return redirectWithToast("/login", "signedUp", { "Set-Cookie": outcome.clearCookie });
  }
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  useArea(actionData?.areas);
  const { t } = useTranslation();
  const { banner } = loaderData;
  const lastResult = actionData?.step === loaderData.step ? actionData.result : undefined;
  return (
    <main className="mx-auto my-4 flex max-w-5xl items-start gap-6 px-4">
      <div className="form-card m-0 flex-1">
        <h1 className="mb-1 text-center text-xl font-bold">{t("auth.signup.title")}</h1>
        <p className="mb-4 text-center text-sm text-white/70" data-testid="register-step">
          {loaderData.step === 1 ? t("auth.register.step1") : t("auth.register.step2")}
        </p>
        {loaderData.expired ? (
          <div className="form-error" role="alert">
            {t("auth.register.expired")}
          </div>
        ) : null}
        <HoneypotProvider {...loaderData.honeypot}>
          {loaderData.step === 1 ? (
            <StepOne lastResult={lastResult} constraint={loaderData.constraint} defaults={loaderData.defaults} />
          ) : (
            <StepTwo lastResult={lastResult} constraint={loaderData.constraint} round={actionData?.round ?? loaderData.round} />
          )}
        </HoneypotProvider>
        <p className="mt-4 text-center text-sm">
          {t("auth.signup.haveAccount")}{" "}
          <a href="/login" className="text-brand underline">
            {t("auth.signup.loginLink")}
          </a>
          {" · "}
          {t("auth.register.onePage")}{" "}
          <a href="/signup" className="text-brand underline">
            {t("auth.register.onePageLink")}
          </a>
        </p>
      </div>
      <aside className="hidden w-80 shrink-0 md:block" data-testid="register-banner">
        {banner.link ? (
          <a href={banner.link}>
            <img src={banner.image} alt={banner.alt} className="w-full rounded-xl" />
          </a>
        ) : (
          <img src={banner.image} alt={banner.alt} className="w-full rounded-xl" />
        )}
      </aside>
    </main>
  );
}

type StepProps = { lastResult: Reply | undefined; constraint: Route.ComponentProps["loaderData"]["constraint"] };

function StepOne({ lastResult, constraint, defaults }: StepProps & { defaults: Route.ComponentProps["loaderData"]["defaults"] }) {
  const { t } = useTranslation();
  const { formProps, formErrors, formErrorId, field } = useLightForm<
    "username" | "password" | "confirmPassword" | "currencyType" | "friendReferCode"
  >({
    lastResult,
    constraint,
    defaultValue: defaults,
    loadValidator: loadStep1Validator,
    shouldValidate: "onSubmit",
  });
  const [username, password, confirmPassword, currencyType, friendReferCode] = (
    ["username", "password", "confirmPassword", "currencyType", "friendReferCode"] as const
  ).map(field);
  return (
    <Form method="post" action="/register" {...formProps}>
      <HoneypotInputs className="honeypot" />
      <input type="hidden" name="step" value="1" />
      <ErrorList errors={formErrors} id={formErrorId} className="form-error" />
      <Field
        label={t("auth.signup.username")}
        hint={t("auth.signup.usernameHint")}
        inputProps={{ ...inputProps(username!, { type: "text" }), autoComplete: "username", autoCapitalize: "none", placeholder: "4-15" }}
        errors={username!.errors}
        errorId={username!.errorId}
      />
      <Field
        label={t("auth.signup.password")}
        hint={t("auth.signup.passwordHint")}
        inputProps={{ ...inputProps(password!, { type: "password" }), autoComplete: "new-password", placeholder: "8-20" }}
        errors={password!.errors}
        errorId={password!.errorId}
      />
      <Field
        label={t("auth.signup.confirmPassword")}
        inputProps={{ ...inputProps(confirmPassword!, { type: "password" }), autoComplete: "new-password" }}
        errors={confirmPassword!.errors}
        errorId={confirmPassword!.errorId}
      />
      <div className="field">
        <label htmlFor={currencyType!.id}>{t("auth.signup.currency")}</label>
        <select {...selectProps(currencyType!)}>
          {Object.entries(currencyTypes).map(([id, code]) => (
            <option key={id} value={id}>
              {code}
            </option>
          ))}
        </select>
        <ErrorList errors={currencyType!.errors} id={currencyType!.errorId} />
      </div>
      <Field
        label={t("auth.register.friendReferCode")}
        hint={t("auth.register.referHint")}
        inputProps={{ ...inputProps(friendReferCode!, { type: "text" }), autoCapitalize: "characters" }}
        errors={friendReferCode!.errors}
        errorId={friendReferCode!.errorId}
      />
      <SubmitButton label={t("auth.register.next")} pendingLabel={t("auth.register.checking")} action="/register" />
    </Form>
  );
}

function StepTwo({ lastResult, constraint, round }: StepProps & { round: number }) {
  const { t } = useTranslation();
  const { formProps, formErrors, formErrorId, field } = useLightForm<"realName" | "callingCode" | "phoneNumber" | "email" | "captcha" | "ageCheck">({
    lastResult,
    constraint,
    defaultValue: { callingCode: "880" },
    loadValidator: loadStep2Validator,
    shouldValidate: "onSubmit",
  });
  const [realName, callingCode, phoneNumber, email, captcha, ageCheck] = (
    ["realName", "callingCode", "phoneNumber", "email", "captcha", "ageCheck"] as const
  ).map(field);
  // With JavaScript "New code" only asks for a new image; without, its link reloads the step with the next ?r=.
  const [shown, setShown] = useState({ from: round, round });
  if (shown.from !== round) setShown({ from: round, round });
  return (
    <Form method="post" action="/register?step=2" {...formProps}>
      <HoneypotInputs className="honeypot" />
      <input type="hidden" name="step" value="2" />
      <ErrorList errors={formErrors} id={formErrorId} className="form-error" />
      <Field
        label={t("auth.signup.name")}
        inputProps={{ ...inputProps(realName!, { type: "text" }), autoComplete: "name" }}
        errors={realName!.errors}
        errorId={realName!.errorId}
      />
      <div className="field">
        <label htmlFor={callingCode!.id}>{t("auth.register.callingCode")}</label>
        <select {...selectProps(callingCode!)}>
          <option value="880">+880</option>
        </select>
        <ErrorList errors={callingCode!.errors} id={callingCode!.errorId} />
      </div>
      <Field
        label={t("auth.signup.phone")}
        inputProps={{ ...inputProps(phoneNumber!, { type: "tel" }), autoComplete: "tel-national", inputMode: "numeric", placeholder: "01XXXXXXXXX" }}
        errors={phoneNumber!.errors}
        errorId={phoneNumber!.errorId}
      />
      <Field
        label={t("auth.signup.email")}
        inputProps={{ ...inputProps(email!, { type: "email" }), autoComplete: "email" }}
        errors={email!.errors}
        errorId={email!.errorId}
      />
      <div className="field">
        <label htmlFor={captcha!.id}>{t("auth.register.captcha")}</label>
        <div className="flex items-center gap-2">
          <input
            // A new image is a new code: the field starts empty again (with JavaScript the input would keep its text).
            key={shown.round}
            {...inputProps(captcha!, { type: "text" })}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            className="w-24 grow"
            aria-describedby={captcha!.errors ? captcha!.errorId : undefined}
          />
          <img
            src={`/captcha?r=${shown.round}`}
            alt={t("auth.register.captchaImage")}
            width={160}
            height={60}
            className="rounded-md"
            data-testid="captcha-image"
          />
          <a
            href={`/register?step=2&r=${shown.round + 1}`}
            className="text-brand text-sm whitespace-nowrap underline"
            onClick={(event) => {
              event.preventDefault();
              setShown({ from: round, round: shown.round + 1 });
            }}
          >
            {t("auth.register.newCode")}
          </a>
        </div>
        <ErrorList errors={captcha!.errors} id={captcha!.errorId} />
      </div>
      <CheckboxField
        inputProps={inputProps(ageCheck!, { type: "checkbox", value: "on" })}
        errors={ageCheck!.errors}
        errorId={ageCheck!.errorId}
        textTestId="age-check-text"
      >
        {withLink(
          t("auth.signup.ageCheck", { terms: "\u0000" }),
          <a href="/terms" target="_blank" rel="noopener" className="text-brand underline">
            {t("auth.signup.termsLink")}
          </a>,
        )}
      </CheckboxField>
      <div className="flex gap-3">
        <a href="/register" className="btn-secondary flex-1 text-center">
          {t("auth.register.previous")}
        </a>
        <div className="flex-1">
          <SubmitButton label={t("auth.signup.submit")} pendingLabel={t("auth.signup.submitting")} action="/register?step=2" />
        </div>
      </div>
    </Form>
  );
}
