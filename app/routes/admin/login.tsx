import { translate } from "#app/i18n/translate.server.ts";
import { messageToken } from "#app/i18n/message.ts";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, Link, redirect } from "react-router";
import { AdminErrorList, AdminField } from "#app/components/admin/AdminField.tsx";
import { RecoveryCodes, TwoFactorSecret } from "#app/components/admin/TwoFactorSetup.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { refusalErrors } from "#app/kernel/domain-error.ts";
import {
  beginTwoFactorSetup,
  completeRequiredSetup,
  completeSecondFactor,
  getPendingStaff,
  getStaff,
  isTwoFactorError,
  loginStaff,
  safeAdminRedirect,
  twoFactorStatus,
} from "#app/modules/staff/index.server.ts";
import { staffCodeSchema, staffLoginSchema } from "#app/modules/staff/index.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

// Two steps when two-factor sign-in is on: the password opens a pending session (it reaches no other admin page), then
// a code completes it. A role that must have it (real-money mode) and has not set it up does so here first.
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const redirectTo = safeAdminRedirect(url.searchParams.get("redirectTo"));
  if (await getStaff(request)) throw redirect(redirectTo);
  const pending = await getPendingStaff(request);
  if (pending?.stage === "code") return { step: "code" as const, redirectTo, setup: null, title: translate(context, "admin.login.codeTitle") };
  if (pending?.stage === "setup") {
    const status = await twoFactorStatus(pending.staff.id);
    const setup = status.setup ?? (await beginTwoFactorSetup(pending.staff.id));
    return {
      step: "setup" as const,
      redirectTo,
      setup: { qrDataUrl: setup.qrDataUrl, secret: setup.secret },
      title: translate(context, "admin.login.setupTitle"),
    };
  }
  return { step: "password" as const, redirectTo, setup: null, title: translate(context, "admin.login.title") };
}

type ActionData = { step: "password" | "code" | "setup"; result?: SubmissionResult<string[]>; recoveryCodes?: string[]; redirectTo?: string };

/** The recovery codes shown after the required setup must stay on screen: the page's data is not reloaded then. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }) {
  return (actionResult as ActionData | undefined)?.recoveryCodes ? false : defaultShouldRevalidate;
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "code" || intent === "setup") {
    const pending = await getPendingStaff(request);
    const back = `/admin/login?${new URLSearchParams({ redirectTo: safeAdminRedirect(formData.get("redirectTo")) })}`;
    // The pending session expired, was cancelled or is of the other step: start again from the page.
    if (!pending || pending.stage !== intent) return redirect(back);
    const submission = parseWithZod(formData, { schema: staffCodeSchema });
    const redirectTo = safeAdminRedirect(formData.get("redirectTo"));
    if (submission.status !== "success")
      return data<ActionData>({ step: intent, redirectTo, result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
    try {
      if (intent === "code") {
        const setCookie = await completeSecondFactor(request, pending, submission.value.code);
        return setCookie ? redirect(redirectTo, { headers: { "Set-Cookie": setCookie } }) : redirect(back);
      }
      const done = await completeRequiredSetup(request, pending, submission.value.code);
      if (!done.setCookie) return redirect(back);
      return data<ActionData>({ step: "setup", recoveryCodes: done.recoveryCodes, redirectTo }, { headers: { "Set-Cookie": done.setCookie } });
    } catch (e) {
      if (!isTwoFactorError(e)) throw e;
      return data<ActionData>(
        { step: intent, redirectTo, result: submission.reply({ ...refusalErrors(e, ["code"]), hideFields: ["code"] }) },
        { status: e.status },
      );
    }
  }

  const submission = parseWithZod(formData, { schema: staffLoginSchema });
  const back = safeAdminRedirect(formData.get("redirectTo"));
  if (submission.status !== "success") {
    return data<ActionData>({ step: "password", redirectTo: back, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { username, password, redirectTo } = submission.value;
  const outcome = await loginStaff(request, username, password);
  if (!outcome.ok) {
    return data<ActionData>(
      {
        step: "password",
        redirectTo: back,
        result: submission.reply({ formErrors: [messageToken(outcome.message, outcome.params)], hideFields: ["password"] }),
      },
      { status: outcome.status },
    );
  }
  const next =
    outcome.next === "full" ? safeAdminRedirect(redirectTo) : `/admin/login?${new URLSearchParams({ redirectTo: safeAdminRedirect(redirectTo) })}`;
  return redirect(next, { headers: { "Set-Cookie": outcome.setCookie } });
}

function PasswordStep({ redirectTo, lastResult }: { redirectTo: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "staff-login",
    lastResult,
    constraint: getZodConstraint(staffLoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffLoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <h1 className="mb-1 text-center text-xl font-bold">{t("admin.login.title")}</h1>
      <p className="mb-4 text-center text-sm text-white/60">{t("admin.login.intro")}</p>
      <Form method="post" action="/admin/login" {...getFormProps(form)}>
        <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
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
    </>
  );
}

function CodeStep({ step, redirectTo, lastResult }: { step: "code" | "setup"; redirectTo: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `staff-${step}`,
    lastResult,
    constraint: getZodConstraint(staffCodeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffCodeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action="/admin/login" {...getFormProps(form)} data-testid={`login-${step}`}>
      <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
      <input type="hidden" name="intent" value={step} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <AdminField
        label={step === "setup" ? t("admin.account.confirmCode") : t("admin.login.code")}
        inputProps={{
          ...getInputProps(fields.code, { type: "text" }),
          autoComplete: "one-time-code",
          inputMode: step === "setup" ? "numeric" : "text",
          autoCapitalize: "none",
          autoFocus: true,
        }}
        errors={fields.code.errors}
        errorId={fields.code.errorId}
      />
      <SubmitButton label={t("admin.login.verify")} pendingLabel={t("admin.login.verifying")} action="/admin/login" />
    </Form>
  );
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const a = actionData as ActionData | undefined;
  if (a?.recoveryCodes) {
    return (
      <section className="form-card" data-testid="admin-login">
        <RecoveryCodes codes={a.recoveryCodes} />
        <Link to={a.redirectTo ?? "/admin"} className="btn-primary block w-full text-center" reloadDocument>
          {t("admin.account.continue")}
        </Link>
      </section>
    );
  }
  const step = loaderData.step;
  const lastResult = a?.step === step ? a.result : undefined;
  // A refused post answers without the page's query: the way back comes with the answer.
  const redirectTo = a?.redirectTo ?? loaderData.redirectTo;
  return (
    <section className="form-card" data-testid="admin-login">
      {step === "password" ? (
        <PasswordStep redirectTo={redirectTo} lastResult={lastResult} />
      ) : (
        <>
          <h1 className="mb-1 text-center text-xl font-bold">{step === "code" ? t("admin.login.codeTitle") : t("admin.login.setupTitle")}</h1>
          <p className="mb-4 text-center text-sm text-white/60">{step === "code" ? t("admin.login.codeIntro") : t("admin.login.setupIntro")}</p>
          {loaderData.setup ? <TwoFactorSecret setup={loaderData.setup} /> : null}
          <CodeStep step={step} redirectTo={redirectTo} lastResult={lastResult} />
          <Form method="post" action="/admin/logout" className="mt-3 text-center">
            <button type="submit" className="text-sm text-white/60 underline">
              {t("admin.login.startOver")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
