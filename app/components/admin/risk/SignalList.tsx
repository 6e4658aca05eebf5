import { useTranslation } from "#app/i18n/use-translation.ts";
import { Form } from "react-router";
import { AdminErrorList } from "#app/components/admin/AdminField.tsx";
import type { SignalView } from "#app/modules/risk/index.server.ts";

/** The refused form (by its name) and its messages by field, from a risk page's action. */
export type RiskActionData = { form: string; errors: Record<string, string[]>; values: Record<string, string> };

const statusTone = { open: "bg-amber-500/20 text-amber-200", dismissed: "bg-white/10 text-white/60", escalated: "bg-red-500/20 text-red-200" };

function HandleForm({ signal, action, answer }: { signal: SignalView; action: string; answer?: RiskActionData }) {
  const { t } = useTranslation();
  const form = `signal-${signal.id}`;
  const mine = answer?.form === form ? answer : undefined;
  const noteId = `${form}-note`;
  return (
    <Form method="post" action={action} className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end" data-testid="signal-handle-form">
      <input type="hidden" name="signalId" value={signal.id} />
      <div className="field !mb-0 flex-1">
        <label htmlFor={noteId}>{t("risk.signal.note")}</label>
        <input
          id={noteId}
          name="note"
          maxLength={500}
          defaultValue={mine?.values.note ?? ""}
          aria-invalid={mine?.errors.note?.length ? true : undefined}
          aria-describedby={mine?.errors.note?.length ? `${noteId}-error` : undefined}
        />
        <AdminErrorList errors={mine?.errors.note} id={`${noteId}-error`} />
      </div>
      <div className="flex gap-2">
        <button type="submit" name="intent" value="dismiss" className="btn-secondary !px-3 !py-1.5 text-sm">
          {t("risk.signal.dismiss")}
        </button>
        <button type="submit" name="intent" value="escalate" className="btn-primary !px-3 !py-1.5 text-sm">
          {t("risk.signal.escalate")}
        </button>
      </div>
      <AdminErrorList errors={mine?.errors[""]} className="form-error" />
    </Form>
  );
}

/** Signals with their evidence in words, links to the players, and (open ones) the dismiss / escalate form. */
export function SignalList({
  signals,
  action,
  answer,
  showPlayer = true,
}: {
  signals: SignalView[];
  action: string;
  answer?: RiskActionData;
  showPlayer?: boolean;
}) {
  const { t } = useTranslation();
  if (!signals.length) return <p className="rounded-xl bg-panel p-4 text-sm text-white/60">{t("risk.empty")}</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="signal-list">
      {signals.map((s) => (
        <li
          key={s.id}
          id={`signal-${s.id}`}
          className="rounded-xl bg-panel p-3 text-sm"
          data-testid="signal"
          data-kind={s.kind}
          data-status={s.status}
        >
          <div className="mb-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-semibold">{t(`risk.kinds.${s.kind}`)}</span>
            <span className={`rounded px-1.5 text-xs ${statusTone[s.status]}`}>{t(`risk.statuses.${s.status}`)}</span>
            {showPlayer ? (
              <a href={`/admin/players/${s.playerId}/risk`} className="text-brand" data-testid="signal-player">
                {s.username}
              </a>
            ) : null}
            <span className="ml-auto text-xs text-white/60">{t("risk.signal.raised", { at: s.raisedAt })}</span>
          </div>
          <p className="break-words text-white/90" data-testid="signal-evidence">
            {s.text}
          </p>
          {s.others.length ? (
            <p className="mt-1 text-xs text-white/70">
              {t("risk.signal.others")}:{" "}
              {s.others.map((o, i) => (
                <span key={o.id}>
                  {i ? ", " : ""}
                  <a href={`/admin/players/${o.id}/risk`} className="text-brand">
                    {o.username}
                  </a>
                </span>
              ))}
            </p>
          ) : null}
          {s.handled ? (
            <p className="mt-1 text-xs text-white/60">
              {t("risk.signal.handled", { status: t(`risk.statuses.${s.status}`), by: s.handled.by, at: s.handled.at, note: s.handled.note })}
            </p>
          ) : null}
          {s.status === "open" ? <HandleForm signal={s} action={action} answer={answer} /> : null}
        </li>
      ))}
    </ul>
  );
}
