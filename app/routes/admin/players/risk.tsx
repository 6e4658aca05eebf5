import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminErrorList, Notice } from "#app/components/admin/AdminField.tsx";
import { PlayerTabs } from "#app/components/admin/players/PlayerTabs.tsx";
import { type RiskActionData, SignalList } from "#app/components/admin/risk/SignalList.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { signalView, playerReviewHistory, playerSignals, riskPlayer } from "#app/modules/risk/index.server.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import { reviewAction, signalAction } from "../risk/actions.server.ts";
import type { Route } from "./+types/risk";
import { playerId } from "./player-id.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const notices = ["dismissed", "escalated", "opened", "alreadyOpen", "cleared"] as const;
const WHEN = "YYYY-MM-DD HH:mm";

/** /admin/players/:id/risk: the player's AML signals and reviews, and the forms to open or clear a review. */
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const { staff } = await requireStaff(request, pageRoles.risk);
  const id = playerId(params);
  const player = await riskPlayer(id);
  if (!player) throw data(null, { status: 404 });
  const t = translator(context);
  const [signals, reviews] = await Promise.all([playerSignals(id), playerReviewHistory(id)]);
  const notice = url.searchParams.get("notice");
  const open = reviews.find((r) => r.status === "open");
  return {
    title: `${t("risk.title")} · ${player.username}`,
    i18n: areaBundle(context, "risk"),
    role: staff.role,
    player,
    notice: (notices as readonly string[]).includes(notice ?? "") ? (notice as (typeof notices)[number]) : null,
    openSince: open ? formatDhaka(open.createdAt, WHEN) : null,
    reviews: reviews.map((r) => ({
      id: r.id,
      status: r.status,
      opened: { at: formatDhaka(r.createdAt, WHEN), by: r.openedBy, reason: r.openReason },
      cleared: r.clearedAt ? { at: formatDhaka(r.clearedAt, WHEN), by: r.clearedBy, reason: r.clearReason ?? "" } : null,
    })),
    signals: signals.map((s) => signalView(t, s)),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staff } = await requireStaff(request, pageRoles.risk);
  const id = playerId(params);
  const actor = { staffId: staff.id, ip: clientIp(request) };
  const back = `/admin/players/${id}/risk`;
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "dismiss" || intent === "escalate") return signalAction(formData, actor, back);
  return reviewAction(formData, actor, id, back);
}

function ReviewForm({ intent, action, answer }: { intent: "open" | "clear"; action: string; answer?: RiskActionData }) {
  const { t } = useTranslation();
  const mine = answer?.form === `review-${intent}` ? answer : undefined;
  const id = `review-${intent}-reason`;
  const errors = mine?.errors.reason;
  return (
    <Form method="post" action={action} className="mt-3" data-testid={`review-${intent}-form`}>
      <input type="hidden" name="intent" value={intent} />
      <div className="field">
        <label htmlFor={id}>{t("risk.review.reason")}</label>
        <textarea
          id={id}
          name="reason"
          rows={2}
          maxLength={500}
          className="w-full"
          defaultValue={mine?.values.reason ?? ""}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${id}-error` : undefined}
        />
        <AdminErrorList errors={errors} id={`${id}-error`} />
      </div>
      <AdminErrorList errors={mine?.errors[""]} className="form-error" />
      <SubmitButton
        label={t(intent === "open" ? "risk.review.open" : "risk.review.clear")}
        pendingLabel={t(intent === "open" ? "risk.review.opening" : "risk.review.clearing")}
        action={action}
        className={`${intent === "open" ? "btn-primary" : "btn-secondary"} w-full sm:w-auto`}
      />
    </Form>
  );
}

export default function PlayerRisk({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const p = loaderData.player;
  const answer = actionData as RiskActionData | undefined;
  const action = `/admin/players/${p.id}/risk`;
  return (
    <>
      <a href="/admin/risk" className="mb-2 inline-block text-sm text-brand">
        ‹ {t("risk.title")}
      </a>
      <PlayerTabs playerId={p.id} username={p.username} role={loaderData.role} />
      {loaderData.notice && !actionData ? <Notice>{t(`risk.notices.${loaderData.notice}`)}</Notice> : null}
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <section>
          <h2 className="mb-2 font-bold">{t("risk.signals")}</h2>
          <SignalList signals={loaderData.signals} action={action} answer={answer} showPlayer={false} />
        </section>
        <section className="rounded-xl bg-panel p-4 text-sm" data-testid="review-panel">
          <h2 className="mb-2 font-bold">{t("risk.review.title")}</h2>
          {loaderData.openSince ? (
            <p className="font-semibold text-amber-300" data-testid="review-state" data-open="true">
              {t("risk.review.openNow", { at: loaderData.openSince })}
            </p>
          ) : (
            <p className="text-white/70" data-testid="review-state" data-open="false">
              {t("risk.review.none")}
            </p>
          )}
          <ReviewForm
            key={loaderData.openSince ? "clear" : "open"}
            intent={loaderData.openSince ? "clear" : "open"}
            action={action}
            answer={answer}
          />
          <h3 className="mb-1 mt-4 font-semibold">{t("risk.review.history")}</h3>
          {loaderData.reviews.length ? (
            <ul className="flex flex-col gap-2" data-testid="review-history">
              {loaderData.reviews.map((r) => (
                <li key={r.id} className="rounded-md bg-black/20 p-2 text-xs" data-status={r.status}>
                  <p>{t("risk.review.opened", { at: r.opened.at, by: r.opened.by ?? t("risk.review.system"), reason: r.opened.reason })}</p>
                  {r.cleared ? (
                    <p className="text-white/70">
                      {t("risk.review.cleared", { at: r.cleared.at, by: r.cleared.by ?? "—", reason: r.cleared.reason })}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-xs text-white/60">{t("risk.review.noHistory")}</p>
          )}
        </section>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
