import { translate, translator } from "#app/i18n/translate.server.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, Notice } from "#app/components/admin/AdminField.tsx";
import { PlayerTabs } from "#app/components/admin/players/PlayerTabs.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { findPlayerById } from "#app/modules/players/index.server.ts";
import { IdentityError, listPlayerDocuments, reviewDocument } from "#app/modules/protection/index.server.ts";
import { documentReviewSchema } from "#app/modules/protection/index.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/documents";
import { playerId } from "./player-id.server.ts";
import { formStatus } from "#app/kernel/domain-error.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** /admin/players/:id/documents: the player's identity documents, each viewable, approved or rejected with a reason. */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.protection);
  const id = playerId(params);
  const player = await findPlayerById(id);
  if (!player) throw data(null, { status: 404 });
  const documents = await listPlayerDocuments(id);
  const notice = url.searchParams.get("notice");
  return {
    title: `${translate(context, "identity.admin.title")} · ${player.username}`,
    identity: areaBundle(context, "identity"),
    role: staff.role,
    player: { id: player.id, username: player.username },
    verified: documents.some((d) => d.status === "approved"),
    notice: notice === "approved" || notice === "rejected" ? (notice as "approved" | "rejected") : null,
    documents: documents.map((d) => ({
      id: d.id,
      docType: d.docType,
      status: d.status,
      rejectReason: d.rejectReason,
      createdAt: formatDhakaDateTime(d.createdAt),
      reviewedAt: d.reviewedAt ? formatDhakaDateTime(d.reviewedAt) : null,
      reviewer: d.reviewer,
    })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff } = await requireStaff(request, pageRoles.protection);
  const id = playerId(params);
  const t = translator(context);
  const submission = parseWithZod(await request.formData(), { schema: documentReviewSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "identity.errors.notFound";
    return data({ documentId: Number(submission.payload.documentId) || null, error: t(first as MessageKey) }, { status: 400 });
  }
  const v = submission.value;
  try {
    await reviewDocument({
      staffId: staff.id,
      playerId: id,
      documentId: v.documentId,
      decision: v.intent,
      reason: v.intent === "reject" ? v.reason : undefined,
      ip: clientIp(request),
    });
  } catch (e) {
    if (!(e instanceof IdentityError)) throw e;
    return data({ documentId: v.documentId, error: t(e.messageKey as MessageKey, e.params) }, { status: formStatus(e, { already_reviewed: 409 }) });
  }
  return redirect(`/admin/players/${id}/documents?notice=${v.intent === "approve" ? "approved" : "rejected"}`);
}

export default function AdminDocuments({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.identity);
  const { t } = useTranslation();
  const { player } = loaderData;
  const action = `/admin/players/${player.id}/documents`;
  return (
    <>
      <a href="/admin/players" className="mb-2 inline-block text-sm text-brand">
        ‹ {t("identity.admin.back")}
      </a>
      <PlayerTabs playerId={player.id} username={player.username} role={loaderData.role} />
      {loaderData.notice && !actionData ? <Notice>{t(`identity.admin.${loaderData.notice}`)}</Notice> : null}
      <h2 className="mb-2 font-semibold">{t("identity.admin.title")}</h2>
      <p
        className={`mb-3 text-sm ${loaderData.verified ? "text-accent" : "text-white/60"}`}
        data-testid="documents-verified"
        data-verified={loaderData.verified}
      >
        {loaderData.verified ? t("identity.admin.verified") : t("identity.admin.notVerified")}
      </p>
      {loaderData.documents.length === 0 ? (
        <p className="text-sm text-white/60">{t("identity.admin.none")}</p>
      ) : (
        <ul className="grid gap-3" data-testid="documents">
          {loaderData.documents.map((d) => {
            const error = actionData && actionData.documentId === d.id ? [actionData.error] : undefined;
            return (
              <li key={d.id} className="rounded-xl bg-panel p-4 text-sm" data-testid={`document-${d.id}`} data-status={d.status}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{t(`identity.docType.${d.docType}`)}</span>
                  <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs">{t(`identity.docStatus.${d.status}`)}</span>
                  <span className="text-xs text-white/50 tabular-nums">{t("identity.admin.uploadedAt", { time: d.createdAt })}</span>
                  <a href={`${action}/${d.id}/image`} target="_blank" rel="noreferrer" className="ml-auto text-brand underline">
                    {t("identity.admin.view")}
                  </a>
                </div>
                {d.reviewedAt ? (
                  <p className="mt-1 text-xs text-white/60">{t("identity.admin.reviewedBy", { name: d.reviewer ?? "—", time: d.reviewedAt })}</p>
                ) : null}
                {d.rejectReason ? <p className="mt-1 text-xs text-red-300">{d.rejectReason}</p> : null}
                {d.status === "pending" ? (
                  <div className="mt-3 flex flex-wrap items-end gap-3">
                    <Form method="post" action={`${action}?approve=${d.id}`}>
                      <input type="hidden" name="intent" value="approve" />
                      <input type="hidden" name="documentId" value={d.id} />
                      <SubmitButton
                        label={t("identity.admin.approve")}
                        pendingLabel="…"
                        action={`${action}?approve=${d.id}`}
                        className="btn-primary"
                      />
                    </Form>
                    <Form method="post" action={`${action}?reject=${d.id}`} className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="intent" value="reject" />
                      <input type="hidden" name="documentId" value={d.id} />
                      <label className="grid gap-1 text-xs">
                        {t("identity.admin.reason")}
                        <input
                          name="reason"
                          required
                          maxLength={500}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `document-${d.id}-error` : undefined}
                          className="rounded-md border border-white/20 bg-ink px-2 py-1.5 text-sm"
                        />
                      </label>
                      <SubmitButton
                        label={t("identity.admin.reject")}
                        pendingLabel="…"
                        action={`${action}?reject=${d.id}`}
                        className="btn-secondary"
                      />
                    </Form>
                  </div>
                ) : null}
                <AdminErrorList errors={error} id={`document-${d.id}-error`} />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
