import { translate } from "#app/i18n/translate.server.ts";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, AdminField, Notice } from "#app/components/admin/AdminField.tsx";
import { PlayerTabs } from "#app/components/admin/players/PlayerTabs.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { takaText } from "#app/kernel/money.ts";
import { playerCard, updatePlayerContact } from "#app/modules/profile/index.server.ts";
import { contactEditSchema } from "#app/modules/profile/index.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/player";
import { playerId } from "./player-id.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** /admin/players/:id: the player's contact data, verification, balances from the ledger, and the contact edit form. */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.players);
  const card = await playerCard(playerId(params));
  if (!card) throw data(null, { status: 404 });
  const { player: p, balances, extras } = card;
  const notice = url.searchParams.get("notice");
  return {
    title: `${translate(context, "profile.admin.title")} · ${p.username}`,
    i18n: areaBundle(context, "profile"),
    role: staff.role,
    notice: notice === "saved" || notice === "unchanged" ? (notice as "saved" | "unchanged") : null,
    player: {
      id: p.id,
      username: p.username,
      status: p.status,
      name: p.name,
      phone: p.phone,
      phoneVerified: !!p.phoneVerifiedAt,
      email: p.email,
      emailVerified: !!p.emailVerifiedAt,
      birthday: p.birthday ?? "",
      registeredAt: formatDhaka(p.createdAt),
      lastLoginAt: formatDhaka(p.lastLoginAt),
      main: takaText(balances.main.available, { symbol: false }),
      bonus: takaText(balances.bonus.available, { symbol: false }),
      securityLevel: card.securityLevel,
      extras: extras.map((e) => ({ id: e.id, phone: e.phone, verified: !!e.verifiedAt })),
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staff } = await requireStaff(request, pageRoles.players);
  const id = playerId(params);
  const submission = parseWithZod(await request.formData(), { schema: contactEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await updatePlayerContact({ staffId: staff.id, ip: clientIp(request) }, id, submission.value);
  if (!saved.ok) throw data(null, { status: 404 });
  return redirect(`/admin/players/${id}?notice=${saved.changed ? "saved" : "unchanged"}`);
}

function Verified({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={verified ? "text-accent" : "text-white/50"} data-verified={verified}>
      ({verified ? t("profile.admin.verified") : t("profile.admin.unverified")})
    </span>
  );
}

export default function AdminPlayer({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const p = loaderData.player;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { name: p.name, phone: p.phone, email: p.email, birthday: p.birthday },
    constraint: getZodConstraint(contactEditSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactEditSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const rows: [string, React.ReactNode, string][] = [
    [t("profile.admin.username"), p.username, "username"],
    [t("profile.admin.status"), p.status, "status"],
    [t("profile.admin.name"), p.name, "name"],
    [
      t("profile.admin.phone"),
      <>
        {p.phone} <Verified verified={p.phoneVerified} />
      </>,
      "phone",
    ],
    [
      t("profile.admin.extraPhones"),
      p.extras.length
        ? p.extras.map((e) => (
            <span key={e.id} className="mr-3 inline-block">
              {e.phone} <Verified verified={e.verified} />
            </span>
          ))
        : "—",
      "extras",
    ],
    [
      t("profile.admin.email"),
      <>
        {p.email} <Verified verified={p.emailVerified} />
      </>,
      "email",
    ],
    [t("profile.admin.birthday"), p.birthday || "—", "birthday"],
    [t("profile.admin.securityLevel"), t(`account.security.${p.securityLevel}`), "security"],
    [t("profile.admin.mainWallet"), `৳${p.main}`, "main"],
    [t("profile.admin.bonusWallet"), `৳${p.bonus}`, "bonus"],
    [t("profile.admin.registered"), p.registeredAt, "registered"],
    [t("profile.admin.lastLogin"), p.lastLoginAt || "—", "last-login"],
  ];
  const action = `/admin/players/${p.id}`;
  return (
    <>
      <a href="/admin/players" className="mb-2 inline-block text-sm text-brand">
        ‹ {t("profile.admin.back")}
      </a>
      <PlayerTabs playerId={p.id} username={p.username} role={loaderData.role} />
      {loaderData.notice && !actionData ? <Notice>{t(`profile.admin.${loaderData.notice}`)}</Notice> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <dl className="divide-y divide-white/10 rounded-xl bg-panel p-4 text-sm" data-testid="player-card">
          {rows.map(([label, value, id]) => (
            <div key={id} className="grid grid-cols-[9rem_1fr] gap-2 py-2" data-testid={`player-${id}`}>
              <dt className="text-white/60">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <Form method="post" action={action} {...getFormProps(form)} className="rounded-xl bg-panel p-4" data-testid="contact-form">
          <h2 className="mb-1 font-semibold">{t("profile.admin.editTitle")}</h2>
          <p className="mb-3 text-xs text-white/60">{t("profile.admin.editHint")}</p>
          <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
          <AdminField
            label={t("profile.admin.name")}
            inputProps={getInputProps(fields.name, { type: "text" })}
            errors={fields.name.errors}
            errorId={fields.name.errorId}
          />
          <AdminField
            label={t("profile.admin.phone")}
            inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), inputMode: "numeric" }}
            errors={fields.phone.errors}
            errorId={fields.phone.errorId}
          />
          <AdminField
            label={t("profile.admin.email")}
            inputProps={getInputProps(fields.email, { type: "email" })}
            errors={fields.email.errors}
            errorId={fields.email.errorId}
          />
          <AdminField
            label={t("profile.admin.birthday")}
            inputProps={getInputProps(fields.birthday, { type: "date" })}
            errors={fields.birthday.errors}
            errorId={fields.birthday.errorId}
          />
          <SubmitButton
            label={t("profile.admin.save")}
            pendingLabel={t("profile.admin.saving")}
            action={action}
            className="btn-primary w-full sm:w-auto"
          />
        </Form>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
