// The signed-in staff member's own account: two-factor sign-in (on with a scanned secret and a current code, off with a
// code or the password), their password, and their sessions. Every form is a plain POST answered by a redirect.
import { translate } from "#app/i18n/translate.server.ts";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, AdminField, Notice } from "#app/components/admin/AdminField.tsx";
import { RecoveryCodes, TwoFactorSecret } from "#app/components/admin/TwoFactorSetup.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { refusalErrors } from "#app/kernel/domain-error.ts";
import {
  beginTwoFactorSetup,
  changeOwnPassword,
  clientIp,
  disableTwoFactor,
  enableTwoFactor,
  endOtherSessions,
  endOwnSession,
  isTwoFactorError,
  listOwnSessions,
  logoutStaff,
  requireStaff,
  twoFactorStatus,
} from "#app/modules/staff/index.server.ts";
import {
  changeOwnPasswordSchema,
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  endOtherSessionsSchema,
  endSessionSchema,
  startTwoFactorSchema,
} from "#app/modules/staff/index.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const notices = ["twoFactorOn", "twoFactorOff", "passwordChanged", "sessionEnded", "othersEnded"] as const;
type NoticeKey = (typeof notices)[number];
const DATE_TIME = "YYYY-MM-DD HH:mm";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { staff, sessionId } = await requireStaff(request, pageRoles.account);
  const [twoFactor, sessions] = await Promise.all([twoFactorStatus(staff.id), listOwnSessions(staff.id, sessionId)]);
  const notice = url.searchParams.get("notice") as NoticeKey | null;
  return {
    title: translate(context, "admin.account.title"),
    username: staff.username,
    notice: notice && notices.includes(notice) ? notice : null,
    twoFactor: {
      enabled: twoFactor.enabled,
      required: twoFactor.required,
      recoveryCodesLeft: twoFactor.recoveryCodesLeft,
      setup: twoFactor.setup ? { qrDataUrl: twoFactor.setup.qrDataUrl, secret: twoFactor.setup.secret } : null,
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      current: s.current,
      browser: s.browser,
      os: s.os,
      ip: s.ip,
      createdAt: formatDhaka(s.createdAt, DATE_TIME),
      lastSeenAt: formatDhaka(s.lastSeenAt, DATE_TIME),
    })),
  };
}

type Intent = "startTwoFactor" | "enableTwoFactor" | "disableTwoFactor" | "changePassword" | "endSession" | "endOtherSessions";
type ActionData = { intent: Intent; result?: SubmissionResult<string[]>; recoveryCodes?: string[] };

const done = (notice: NoticeKey) => redirect(`/admin/account?notice=${notice}`);
const intents: readonly Intent[] = ["startTwoFactor", "enableTwoFactor", "disableTwoFactor", "changePassword", "endSession", "endOtherSessions"];

export async function action({ request }: Route.ActionArgs) {
  const { staff, sessionId } = await requireStaff(request, pageRoles.account);
  const who = { staffId: staff.id, username: staff.username, ip: clientIp(request), sessionId };
  const formData = await request.formData();
  const raw = formData.get("intent");
  const intent = intents.find((i) => i === raw);
  if (!intent)
    return data<ActionData>({ intent: "endSession", result: { status: "error", error: { "": ["admin.errors.codeInvalid"] } } }, { status: 400 });
  const hide = { hideFields: ["code", "password", "currentPassword", "newPassword", "confirmPassword"] };

  const refused = (e: unknown, submission: { reply: (o: object) => SubmissionResult<string[]> }, fields: string[]) => {
    if (!isTwoFactorError(e)) throw e;
    return data<ActionData>({ intent, result: submission.reply({ ...refusalErrors(e, fields), ...hide }) }, { status: e.status });
  };

  switch (intent) {
    case "startTwoFactor": {
      const submission = parseWithZod(formData, { schema: startTwoFactorSchema });
      if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
      try {
        await beginTwoFactorSetup(staff.id);
      } catch (e) {
        return refused(e, submission, []);
      }
      return redirect("/admin/account#two-factor");
    }
    case "enableTwoFactor": {
      const submission = parseWithZod(formData, { schema: enableTwoFactorSchema });
      if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply(hide) }, { status: 400 });
      try {
        const { recoveryCodes } = await enableTwoFactor(who, submission.value.code);
        // Shown this once, in the answer to this post (only their hashes are kept).
        return data<ActionData>({ intent, recoveryCodes });
      } catch (e) {
        return refused(e, submission, ["code"]);
      }
    }
    case "disableTwoFactor": {
      const submission = parseWithZod(formData, { schema: disableTwoFactorSchema });
      if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply(hide) }, { status: 400 });
      try {
        await disableTwoFactor(who, { code: submission.value.code || undefined, password: submission.value.password || undefined });
      } catch (e) {
        return refused(e, submission, ["code", "password"]);
      }
      return done("twoFactorOff");
    }
    case "changePassword": {
      const submission = parseWithZod(formData, { schema: changeOwnPasswordSchema });
      if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply(hide) }, { status: 400 });
      try {
        await changeOwnPassword(who, submission.value.currentPassword, submission.value.newPassword);
      } catch (e) {
        if (isTwoFactorError(e) && e.code === "password_invalid")
          return data<ActionData>(
            { intent, result: submission.reply({ fieldErrors: { currentPassword: [e.token] }, ...hide }) },
            { status: e.status },
          );
        return refused(e, submission, []);
      }
      return done("passwordChanged");
    }
    case "endSession": {
      const submission = parseWithZod(formData, { schema: endSessionSchema });
      if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
      if (submission.value.sessionId === sessionId) {
        // Ending the session in use is logging out.
        return redirect("/admin/login", { headers: { "Set-Cookie": await logoutStaff(request) } });
      }
      if (!(await endOwnSession(who, submission.value.sessionId)))
        return data<ActionData>({ intent, result: submission.reply({ formErrors: ["admin.errors.sessionNotFound"] }) }, { status: 404 });
      return done("sessionEnded");
    }
    case "endOtherSessions": {
      const submission = parseWithZod(formData, { schema: endOtherSessionsSchema });
      if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
      await endOtherSessions(who);
      return done("othersEnded");
    }
  }
}

function EnableForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "enable-two-factor",
    lastResult,
    constraint: getZodConstraint(enableTwoFactorSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: enableTwoFactorSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action="/admin/account" {...getFormProps(form)} data-testid="enable-two-factor">
      <input type="hidden" name="intent" value="enableTwoFactor" />
      <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
      <AdminField
        label={t("admin.account.confirmCode")}
        inputProps={{ ...getInputProps(fields.code, { type: "text" }), autoComplete: "one-time-code", inputMode: "numeric" }}
        errors={fields.code.errors}
        errorId={fields.code.errorId}
      />
      <SubmitButton
        label={t("admin.account.enable")}
        pendingLabel={t("admin.account.enabling")}
        action="/admin/account"
        intent="enableTwoFactor"
        className="btn-primary"
      />
    </Form>
  );
}

function DisableForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "disable-two-factor",
    lastResult,
    constraint: getZodConstraint(disableTwoFactorSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: disableTwoFactorSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" action="/admin/account" {...getFormProps(form)} data-testid="disable-two-factor" className="mt-3">
      <h3 className="mb-1 font-bold">{t("admin.account.disableTitle")}</h3>
      <p className="mb-2 text-sm text-white/70">{t("admin.account.disableHint")}</p>
      <input type="hidden" name="intent" value="disableTwoFactor" />
      <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <AdminField
          label={t("admin.account.code")}
          inputProps={{ ...getInputProps(fields.code, { type: "text" }), autoComplete: "one-time-code" }}
          errors={fields.code.errors}
          errorId={fields.code.errorId}
        />
        <AdminField
          label={t("admin.account.password")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors}
          errorId={fields.password.errorId}
        />
      </div>
      <button type="submit" className="btn-secondary">
        {t("admin.account.disable")}
      </button>
    </Form>
  );
}

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    constraint: getZodConstraint(changeOwnPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeOwnPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action="/admin/account" {...getFormProps(form)} className="rounded-xl bg-panel p-4" data-testid="change-password">
      <h2 className="mb-3 font-bold">{t("admin.account.passwordTitle")}</h2>
      <input type="hidden" name="intent" value="changePassword" />
      <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
      <AdminField
        label={t("admin.account.currentPassword")}
        inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
        errors={fields.currentPassword.errors}
        errorId={fields.currentPassword.errorId}
      />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <AdminField
          label={t("admin.account.newPassword")}
          hint={t("admin.account.newPasswordHint")}
          inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.newPassword.errors}
          errorId={fields.newPassword.errorId}
        />
        <AdminField
          label={t("admin.account.confirmPassword")}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
          errorId={fields.confirmPassword.errorId}
        />
      </div>
      <SubmitButton
        label={t("admin.account.changePassword")}
        pendingLabel={t("admin.account.saving")}
        action="/admin/account"
        intent="changePassword"
        className="btn-primary"
      />
    </Form>
  );
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const a = actionData as ActionData | undefined;
  const { twoFactor } = loaderData;
  const resultOf = (intent: Intent) => (a?.intent === intent ? a.result : undefined);
  const sessionError = a?.intent === "endSession" || a?.intent === "endOtherSessions" ? a.result?.error?.[""] : undefined;
  return (
    <>
      <h1 className="mb-3 text-xl font-bold">
        {t("admin.account.title")} · {loaderData.username}
      </h1>
      {loaderData.notice && !a ? <Notice>{t(`admin.account.notice.${loaderData.notice}`)}</Notice> : null}
      {a?.recoveryCodes ? (
        <>
          <Notice>{t("admin.account.notice.twoFactorOn")}</Notice>
          <RecoveryCodes codes={a.recoveryCodes} />
        </>
      ) : null}

      <section id="two-factor" className="mb-6 rounded-xl bg-panel p-4" data-testid="two-factor">
        <h2 className="mb-1 font-bold">{t("admin.account.twoFactorTitle")}</h2>
        <p className="mb-2 text-sm" data-testid="two-factor-state">
          {twoFactor.enabled ? t("admin.account.twoFactorOn") : t("admin.account.twoFactorOff")}
          {twoFactor.required ? ` ${t("admin.account.requiredNote")}` : ""}
        </p>
        {twoFactor.enabled ? (
          <>
            <p className="text-sm text-white/70">{t("admin.account.recoveryLeft", { count: twoFactor.recoveryCodesLeft })}</p>
            {twoFactor.required ? null : <DisableForm lastResult={resultOf("disableTwoFactor")} />}
          </>
        ) : twoFactor.setup ? (
          <>
            <TwoFactorSecret setup={twoFactor.setup} />
            <EnableForm lastResult={resultOf("enableTwoFactor")} />
          </>
        ) : (
          <Form method="post" action="/admin/account">
            <input type="hidden" name="intent" value="startTwoFactor" />
            <AdminErrorList errors={resultOf("startTwoFactor")?.error?.[""]} className="form-error" />
            <button type="submit" className="btn-primary">
              {t("admin.account.start")}
            </button>
          </Form>
        )}
      </section>

      <div className="mb-6">
        <PasswordForm lastResult={resultOf("changePassword")} />
      </div>

      <section className="rounded-xl bg-panel p-4" data-testid="own-sessions">
        <h2 className="mb-1 font-bold">{t("admin.account.sessionsTitle")}</h2>
        <p className="mb-2 text-xs text-white/60">{t("admin.account.sessionsIntro")}</p>
        {sessionError ? <AdminErrorList errors={sessionError} className="form-error" /> : null}
        <ul className="mb-3 divide-y divide-white/10">
          {loaderData.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm" data-testid="own-session">
              <div className="min-w-40 flex-1">
                <div className="font-bold">
                  {s.browser && s.os
                    ? t("admin.account.deviceOn", { browser: s.browser, os: s.os })
                    : (s.browser ?? s.os ?? t("admin.account.unknownDevice"))}
                  {s.current ? <span className="ml-1 text-xs font-normal text-accent">({t("admin.account.thisDevice")})</span> : null}
                </div>
                <div className="text-xs text-white/60">
                  {t("admin.account.address")}: {s.ip ?? "—"}
                </div>
              </div>
              <div className="text-xs text-white/60">
                {t("admin.account.signedIn")}: {s.createdAt}
                <br />
                {t("admin.account.lastSeen")}: {s.lastSeenAt}
              </div>
              <Form method="post" action="/admin/account">
                <input type="hidden" name="intent" value="endSession" />
                <input type="hidden" name="sessionId" value={s.id} />
                <button type="submit" className="btn-secondary !px-2 !py-1 text-sm">
                  {t("admin.account.end")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
        {loaderData.sessions.length > 1 ? (
          <Form method="post" action="/admin/account">
            <input type="hidden" name="intent" value="endOtherSessions" />
            <button type="submit" className="btn-secondary">
              {t("admin.account.endOthers")}
            </button>
          </Form>
        ) : null}
      </section>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
