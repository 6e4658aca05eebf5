import { translate } from "#app/i18n/translate.server.ts";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, AdminField, Notice } from "#app/components/admin/AdminField.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import {
  clientIp,
  requireStaff,
  createStaff,
  listStaff,
  resetStaffPassword,
  resetStaffTwoFactor,
  setStaffActive,
} from "#app/modules/staff/index.server.ts";
import { staffRoles } from "#app/modules/staff/index.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { createStaffSchema, resetStaffPasswordSchema, resetStaffTwoFactorSchema, setStaffActiveSchema } from "#app/modules/staff/index.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const notices = ["created", "passwordReset", "deactivated", "activated", "twoFactorReset"] as const;
type NoticeKey = (typeof notices)[number];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { staff: me } = await requireStaff(request, pageRoles.staff);
  const list = await listStaff();
  const notice = url.searchParams.get("notice") as NoticeKey | null;
  const who = url.searchParams.get("who") ?? "";
  return {
    title: translate(context, "admin.staff.title"),
    meId: me.id,
    notice: notice && notices.includes(notice) && /^[A-Za-z0-9._-]{1,30}$/.test(who) ? { key: notice, username: who } : null,
    staff: list.map((s) => ({
      id: s.id,
      username: s.username,
      name: s.name,
      role: s.role,
      active: s.active,
      twoFactorEnabled: s.twoFactorEnabled,
      lastLoginAt: formatDhakaDateTime(s.lastLoginAt),
    })),
  };
}

type ActionData = { intent: "create" | "resetPassword" | "setActive" | "resetTwoFactor"; staffId?: number; result: SubmissionResult<string[]> };

const done = (notice: NoticeKey, username: string) => redirect(`/admin/staff?${new URLSearchParams({ notice, who: username })}`);

export async function action({ request }: Route.ActionArgs) {
  const { staff: me, sessionId } = await requireStaff(request, pageRoles.staff);
  const actor = { id: me.id, ip: clientIp(request), sessionId };
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: createStaffSchema });
    if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    const created = await createStaff(actor, submission.value);
    if (!created.ok)
      return data<ActionData>({ intent, result: submission.reply({ fieldErrors: created.fieldErrors, hideFields: ["password"] }) }, { status: 400 });
    return done("created", created.staff.username);
  }

  if (intent === "resetPassword") {
    const submission = parseWithZod(formData, { schema: resetStaffPasswordSchema });
    const staffId = Number(formData.get("staffId")) || undefined;
    if (submission.status !== "success")
      return data<ActionData>({ intent, staffId, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    const changed = await resetStaffPassword(actor, submission.value.staffId, submission.value.password);
    if (!changed.ok)
      return data<ActionData>(
        { intent, staffId, result: submission.reply({ formErrors: [changed.error], hideFields: ["password"] }) },
        { status: 404 },
      );
    return done("passwordReset", changed.username);
  }

  if (intent === "resetTwoFactor") {
    const submission = parseWithZod(formData, { schema: resetStaffTwoFactorSchema });
    if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
    const changed = await resetStaffTwoFactor(actor, submission.value.staffId);
    if (!changed.ok) {
      return data<ActionData>(
        { intent, staffId: submission.value.staffId, result: submission.reply({ formErrors: [changed.error] }) },
        { status: changed.error === "admin.errors.staffNotFound" ? 404 : 409 },
      );
    }
    return done("twoFactorReset", changed.username);
  }

  const submission = parseWithZod(formData, { schema: setStaffActiveSchema });
  if (submission.status !== "success") return data<ActionData>({ intent: "setActive", result: submission.reply() }, { status: 400 });
  const { staffId } = submission.value;
  const active = submission.value.intent === "activate";
  const changed = await setStaffActive(actor, staffId, active);
  if (!changed.ok) {
    return data<ActionData>(
      { intent: "setActive", staffId, result: submission.reply({ formErrors: [changed.error] }) },
      { status: changed.error === "admin.errors.staffNotFound" ? 404 : 400 },
    );
  }
  return done(active ? "activated" : "deactivated", changed.username);
}

function CreateStaffForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "create-staff",
    lastResult,
    defaultValue: { role: "support" },
    constraint: getZodConstraint(createStaffSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createStaffSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action="/admin/staff" {...getFormProps(form)} className="rounded-xl bg-panel p-4" data-testid="create-staff">
      <h2 className="mb-3 font-bold">{t("admin.staff.createTitle")}</h2>
      <input type="hidden" name="intent" value="create" />
      <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <AdminField
          label={t("admin.staff.username")}
          inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "off", autoCapitalize: "none" }}
          errors={fields.username.errors}
          errorId={fields.username.errorId}
        />
        <AdminField
          label={t("admin.staff.name")}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
        />
        <div className="field">
          <label htmlFor={fields.role.id}>{t("admin.staff.role")}</label>
          <select {...getSelectProps(fields.role)} key={fields.role.key}>
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {t(`admin.roles.${r}`)}
              </option>
            ))}
          </select>
          <AdminErrorList errors={fields.role.errors} id={fields.role.errorId} />
        </div>
        <AdminField
          label={t("admin.staff.password")}
          hint={t("admin.staff.passwordHint")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
          errorId={fields.password.errorId}
        />
      </div>
      <SubmitButton
        label={t("admin.staff.create")}
        pendingLabel={t("admin.staff.creating")}
        action="/admin/staff"
        className="btn-primary w-full sm:w-auto"
      />
    </Form>
  );
}

type Row = Route.ComponentProps["loaderData"]["staff"][number];

function ResetPasswordForm({ row, lastResult }: { row: Row; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `reset-${row.id}`,
    lastResult,
    constraint: getZodConstraint(resetStaffPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetStaffPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <details open={!!lastResult} className="w-full sm:w-auto">
      <summary className="btn-secondary cursor-pointer !px-2 !py-1 text-sm">{t("admin.staff.resetPassword")}</summary>
      <Form method="post" action="/admin/staff" {...getFormProps(form)} className="mt-2">
        <input type="hidden" name="intent" value="resetPassword" />
        <input type="hidden" name="staffId" value={row.id} />
        <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
        <AdminField
          label={t("admin.staff.newPassword")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
          errorId={fields.password.errorId}
        />
        <button type="submit" className="btn-primary !py-1 text-sm">
          {t("admin.staff.setPassword")}
        </button>
      </Form>
    </details>
  );
}

/** Behind a disclosure with an explanation: without JavaScript there is no confirm dialog, so the first click only opens it. */
function ResetTwoFactorForm({ staffId }: { staffId: number }) {
  const { t } = useTranslation();
  return (
    <details className="w-full sm:w-auto">
      <summary className="btn-secondary cursor-pointer !px-2 !py-1 text-sm">{t("admin.staff.resetTwoFactor")}</summary>
      <Form method="post" action="/admin/staff" className="mt-2 max-w-xs">
        <p className="mb-2 text-xs text-white/70">{t("admin.staff.resetTwoFactorExplain")}</p>
        <input type="hidden" name="intent" value="resetTwoFactor" />
        <input type="hidden" name="staffId" value={staffId} />
        <button type="submit" className="btn-primary !py-1 text-sm">
          {t("admin.staff.resetTwoFactorConfirm")}
        </button>
      </Form>
    </details>
  );
}

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const a = actionData as ActionData | undefined;
  const rowError = a?.intent === "setActive" || a?.intent === "resetTwoFactor" ? a.result.error?.[""] : undefined;
  return (
    <>
      <h1 className="mb-3 text-xl font-bold">{t("admin.staff.title")}</h1>
      {loaderData.notice && !a ? <Notice>{t(`admin.staff.notice.${loaderData.notice.key}`, { username: loaderData.notice.username })}</Notice> : null}
      {rowError ? <AdminErrorList errors={rowError} className="form-error" /> : null}
      <ul className="mb-6 divide-y divide-white/10 rounded-xl bg-panel" data-testid="staff-list">
        {loaderData.staff.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3" data-testid={`staff-${row.username}`}>
            <div className="min-w-40 flex-1">
              <div className="font-bold">
                {row.username}
                {row.id === loaderData.meId ? <span className="ml-1 text-xs font-normal text-white/60">({t("admin.staff.you")})</span> : null}
              </div>
              <div className="text-sm text-white/70">{row.name}</div>
            </div>
            <div className="w-24 text-sm">{t(`admin.roles.${row.role}`)}</div>
            <div className={`w-28 text-sm ${row.active ? "text-accent" : "text-red-300"}`}>
              {row.active ? t("admin.staff.active") : t("admin.staff.inactive")}
            </div>
            <div className="w-40 text-xs text-white/60">
              {t("admin.staff.lastLogin")}: {row.lastLoginAt || t("admin.staff.never")}
            </div>
            <div className={`w-20 text-xs ${row.twoFactorEnabled ? "text-accent" : "text-white/60"}`} data-testid="two-factor-state">
              {row.twoFactorEnabled ? t("admin.staff.twoFactorOn") : t("admin.staff.twoFactorOff")}
            </div>
            <div className="flex flex-wrap items-start gap-2">
              <ResetPasswordForm row={row} lastResult={a?.intent === "resetPassword" && a.staffId === row.id ? a.result : undefined} />
              {row.id !== loaderData.meId && row.twoFactorEnabled ? <ResetTwoFactorForm staffId={row.id} /> : null}
              {row.id !== loaderData.meId ? (
                <Form method="post" action="/admin/staff">
                  <input type="hidden" name="intent" value={row.active ? "deactivate" : "activate"} />
                  <input type="hidden" name="staffId" value={row.id} />
                  <button type="submit" className="btn-secondary !px-2 !py-1 text-sm">
                    {row.active ? t("admin.staff.deactivate") : t("admin.staff.activate")}
                  </button>
                </Form>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <CreateStaffForm lastResult={a?.intent === "create" ? a.result : undefined} />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
