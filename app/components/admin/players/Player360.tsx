// The player 360 view's sections under the contact card (/admin/players/:id): balances, notes and tags, then the
// player's lists (ledger statement, payments, rounds, bets, turnover, limits, sessions, risk signals). Every form is a
// plain POST to the page; every "all" and paging link is a plain GET.
import { Form } from "react-router";
import { AdminErrorList } from "#app/components/admin/AdminField.tsx";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { NOTE_MAX, TAG_MAX } from "#app/modules/staff/index.ts";

type Entry = { id: number; time: string; kind: string; amount: string; negative: boolean; balanceAfter: string; counterparty: string; memo: string };
export type Player360 = {
  list: "statement" | "bonus" | "payments" | "rounds" | "bets" | null;
  balances: { main: string; bonus: string; held: string; exposure: string };
  statement: { rows: Entry[]; next: number | null; more: boolean };
  bonus: { rows: Entry[]; next: number | null; more: boolean };
  payments: { rows: { id: string; type: string; status: string; amount: string; method: string; time: string }[]; page: number; more: boolean };
  rounds: {
    rows: { id: number; game: string; provider: string; status: string; stake: string; payout: string; time: string }[];
    next: number | null;
  };
  bets: {
    rows: { id: number; market: string; selection: string; side: string; odds: string; stake: string; status: string; time: string }[];
    next: number | null;
    more: boolean;
  };
  turnover: { id: number; required: string; remaining: string; source: string; time: string }[];
  limits: { kind: string; period: string; amount: string; used: string | null }[];
  exclusion: { kind: string; until: string } | null;
  sessions: { started: string; lastSeen: string; ip: string; device: string; deviceId: string | null }[];
  showSignals: boolean;
  signals: { id: number; kind: string; status: string; text: string; raisedAt: string }[];
  notes: { id: number; body: string; by: string; time: string }[];
  tags: string[];
};

function Section({ id, title, children, actions }: { id: string; title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <section id={id} className="mt-4 rounded-xl bg-panel p-4" data-testid={`p360-${id}`}>
      <div className="mb-2 flex flex-wrap items-center gap-3">
        <h2 className="font-semibold">{title}</h2>
        <div className="ml-auto flex flex-wrap gap-3 text-sm">{actions}</div>
      </div>
      {children}
    </section>
  );
}

function Table({ head, rows, testId }: { head: string[]; rows: React.ReactNode[][]; testId: string }) {
  const { t } = useTranslation();
  if (!rows.length) return <p className="text-sm text-white/60">{t("adminPlayers.p360.none")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="text-xs text-white/60">
          <tr>
            {head.map((h) => (
              <th key={h} className="p-1.5 whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) => (
                <td key={j} className="p-1.5 align-top tabular-nums">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PlayerOverview({ data }: { playerId: number; data: Player360 }) {
  const { t } = useTranslation();
  const b = data.balances;
  const cells: [string, string, string][] = [
    [t("adminPlayers.p360.main"), b.main, "main"],
    [t("adminPlayers.p360.bonus"), b.bonus, "bonus"],
    [t("adminPlayers.p360.held"), b.held, "held"],
    [t("adminPlayers.p360.exposure"), b.exposure, "exposure"],
  ];
  return (
    <dl className="mb-4 grid grid-cols-2 gap-2 md:grid-cols-4" data-testid="p360-balances" aria-label={t("adminPlayers.p360.balances")}>
      {cells.map(([label, value, key]) => (
        <div key={key} className="rounded-xl bg-panel p-3" data-testid={`p360-balance-${key}`}>
          <dt className="text-xs text-white/60">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PlayerNotesAndTags({
  playerId,
  data,
  noteError,
  tagError,
}: {
  playerId: number;
  data: Player360;
  noteError: string | null;
  tagError: string | null;
}) {
  const { t } = useTranslation();
  const action = `/admin/players/${playerId}`;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Section id="notes" title={t("adminPlayers.p360.notes")}>
        {/* Keyed by the notes shown: after a note lands the form starts empty again (a client navigation keeps inputs). */}
        <Form key={data.notes[0]?.id ?? 0} method="post" action={action} className="mb-3" data-testid="note-form">
          <input type="hidden" name="intent" value="note" />
          <div className="field !mb-2">
            <label htmlFor="note-body">{t("adminPlayers.p360.noteLabel")}</label>
            <textarea
              id="note-body"
              name="body"
              rows={3}
              maxLength={NOTE_MAX}
              required
              className="w-full rounded border border-white/15 bg-ink p-2"
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? "note-error" : undefined}
            />
            <AdminErrorList errors={noteError ? [noteError] : null} id="note-error" />
          </div>
          <button type="submit" className="btn-primary !py-1.5 text-sm" data-testid="note-add">
            {t("adminPlayers.p360.addNote")}
          </button>
        </Form>
        {data.notes.length ? (
          <ul className="divide-y divide-white/10 text-sm" data-testid="note-list">
            {data.notes.map((n) => (
              <li key={n.id} className="py-2">
                <p className="break-words whitespace-pre-wrap">{n.body}</p>
                <p className="text-xs text-white/50">
                  {n.time} · {t("adminPlayers.p360.by", { name: n.by })}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-white/60">{t("adminPlayers.p360.none")}</p>
        )}
      </Section>
      <Section id="tags" title={t("adminPlayers.p360.tags")}>
        <ul className="mb-3 flex flex-wrap gap-2" data-testid="tag-list">
          {data.tags.map((tag) => (
            <li key={tag} className="flex items-center gap-1 rounded-full bg-white/10 py-0.5 pr-1 pl-3 text-sm">
              <a href={`/admin/players?tag=${encodeURIComponent(tag)}`}>{tag}</a>
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="tag-remove" />
                <input type="hidden" name="tag" value={tag} />
                <button
                  type="submit"
                  className="rounded-full px-1.5 text-white/60 hover:text-white"
                  aria-label={t("adminPlayers.p360.removeTag", { tag })}
                >
                  ×
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Form key={data.tags.join(" ")} method="post" action={action} className="flex flex-wrap items-end gap-2" data-testid="tag-form">
          <input type="hidden" name="intent" value="tag-add" />
          <div className="field !mb-0 min-w-0 flex-1">
            <label htmlFor="tag-name">{t("adminPlayers.p360.tagLabel")}</label>
            <input
              id="tag-name"
              name="tag"
              required
              maxLength={TAG_MAX}
              aria-invalid={tagError ? true : undefined}
              aria-describedby={tagError ? "tag-error" : undefined}
            />
          </div>
          <button type="submit" className="btn-secondary !py-1.5 text-sm" data-testid="tag-add">
            {t("adminPlayers.p360.addTag")}
          </button>
          <div className="basis-full">
            <AdminErrorList errors={tagError ? [tagError] : null} id="tag-error" />
          </div>
        </Form>
      </Section>
    </div>
  );
}

export function PlayerLists({ playerId, data }: { playerId: number; data: Player360 }) {
  const { t } = useTranslation();
  const base = `/admin/players/${playerId}`;
  const links = (list: NonNullable<Player360["list"]>, more: boolean, next: string | null) => (
    <>
      {data.list === list ? (
        <a href={`${base}#${list}`}>{t("adminPlayers.p360.newest")}</a>
      ) : more ? (
        <a href={`${base}?list=${list}#${list}`} data-testid={`p360-all-${list}`}>
          {t("adminPlayers.p360.all")}
        </a>
      ) : null}
      {data.list === list && next ? <a href={`${base}?list=${list}&${next}#${list}`}>{t("adminPlayers.p360.older")} ›</a> : null}
      <a href={`${base}/export/${list}`} download data-testid={`p360-csv-${list}`}>
        {t("adminPlayers.p360.csv")}
      </a>
    </>
  );
  const entryHead = [
    t("adminPlayers.p360.entry"),
    t("adminPlayers.p360.time"),
    t("adminPlayers.p360.kind"),
    t("adminPlayers.p360.amount"),
    t("adminPlayers.p360.balanceAfter"),
    t("adminPlayers.p360.counterparty"),
  ];
  const entryRows = (rows: Entry[]) =>
    rows.map((e) => [
      e.id,
      e.time,
      e.kind,
      <span key="a" className={e.negative ? "text-red-300" : "text-accent"}>
        {e.amount}
      </span>,
      <span key="b" data-testid="balance-after">
        {e.balanceAfter}
      </span>,
      <span key="c" className="break-all text-white/60">
        {e.counterparty}
      </span>,
    ]);
  return (
    <>
      <Section
        id="statement"
        title={t("adminPlayers.p360.statement")}
        actions={links("statement", data.statement.more, data.statement.next ? `before=${data.statement.next}` : null)}
      >
        <Table head={entryHead} rows={entryRows(data.statement.rows)} testId="statement-table" />
      </Section>
      <Section
        id="bonus"
        title={t("adminPlayers.p360.statementBonus")}
        actions={links("bonus", data.bonus.more, data.bonus.next ? `before=${data.bonus.next}` : null)}
      >
        <Table head={entryHead} rows={entryRows(data.bonus.rows)} testId="bonus-table" />
      </Section>
      <Section
        id="payments"
        title={t("adminPlayers.p360.payments")}
        actions={links("payments", data.payments.more, data.list === "payments" && data.payments.more ? `page=${data.payments.page + 1}` : null)}
      >
        <Table
          head={[
            t("adminPlayers.p360.time"),
            t("adminPlayers.p360.type"),
            t("adminPlayers.p360.amount"),
            t("adminPlayers.p360.status"),
            t("adminPlayers.p360.method"),
          ]}
          rows={data.payments.rows.map((x) => [x.time, x.type, x.amount, x.status, x.method])}
          testId="payments-table"
        />
      </Section>
      <Section
        id="rounds"
        title={t("adminPlayers.p360.rounds")}
        actions={links("rounds", data.rounds.next !== null, data.rounds.next ? `before=${data.rounds.next}` : null)}
      >
        <Table
          head={[
            t("adminPlayers.p360.time"),
            t("adminPlayers.p360.game"),
            t("adminPlayers.p360.provider"),
            t("adminPlayers.p360.status"),
            t("adminPlayers.p360.stake"),
            t("adminPlayers.p360.payout"),
          ]}
          rows={data.rounds.rows.map((r) => [r.time, r.game, r.provider, r.status, r.stake, r.payout])}
          testId="rounds-table"
        />
      </Section>
      <Section
        id="bets"
        title={t("adminPlayers.p360.bets")}
        actions={links("bets", data.bets.more, data.bets.next ? `before=${data.bets.next}` : null)}
      >
        <Table
          head={[
            t("adminPlayers.p360.time"),
            t("adminPlayers.p360.market"),
            t("adminPlayers.p360.selection"),
            t("adminPlayers.p360.side"),
            t("adminPlayers.p360.odds"),
            t("adminPlayers.p360.stake"),
            t("adminPlayers.p360.status"),
          ]}
          rows={data.bets.rows.map((b) => [b.time, b.market, b.selection, b.side, b.odds, b.stake, b.status])}
          testId="bets-table"
        />
      </Section>
      <div className="grid gap-4 md:grid-cols-2">
        <Section id="turnover" title={t("adminPlayers.p360.turnover")}>
          <Table
            head={[t("adminPlayers.p360.time"), t("adminPlayers.p360.required"), t("adminPlayers.p360.remaining"), t("adminPlayers.p360.method")]}
            rows={data.turnover.map((r) => [r.time, r.required, r.remaining, r.source])}
            testId="turnover-table"
          />
        </Section>
        <Section
          id="limits"
          title={t("adminPlayers.p360.limits")}
          actions={
            <>
              <a href={`${base}/limits`}>{t("adminPlayers.p360.limitsLink")}</a>
              <a href={`${base}/exclusions`}>{t("adminPlayers.p360.exclusionsLink")}</a>
            </>
          }
        >
          <p className="mb-2 text-sm" data-testid="p360-exclusion">
            {data.exclusion ? t("adminPlayers.p360.excludedUntil", data.exclusion) : t("adminPlayers.p360.notExcluded")}
          </p>
          {data.limits.length ? (
            <ul className="text-sm">
              {data.limits.map((l) => (
                <li key={`${l.kind}-${l.period}`}>
                  {l.kind} / {l.period}: {l.amount}
                  {l.used ? <span className="text-white/60"> ({l.used})</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-white/60">{t("adminPlayers.p360.noLimits")}</p>
          )}
        </Section>
      </div>
      <Section id="sessions" title={t("adminPlayers.p360.sessions")}>
        <Table
          head={[t("adminPlayers.p360.time"), t("adminPlayers.p360.lastSeen"), t("adminPlayers.p360.address"), t("adminPlayers.p360.device")]}
          rows={data.sessions.map((x) => [
            x.started,
            x.lastSeen,
            x.ip,
            <span key="d" className="break-all text-white/70">
              {x.device}
              {x.deviceId ? ` · ${x.deviceId}` : ""}
            </span>,
          ])}
          testId="sessions-table"
        />
      </Section>
      {data.showSignals ? (
        <Section id="signals" title={t("adminPlayers.p360.signals")} actions={<a href={`${base}/risk`}>{t("adminPlayers.p360.signalsLink")}</a>}>
          <Table
            head={[t("adminPlayers.p360.time"), t("adminPlayers.p360.kind"), t("adminPlayers.p360.status"), ""]}
            rows={data.signals.map((s) => [s.raisedAt, s.kind, s.status, s.text])}
            testId="signals-table"
          />
        </Section>
      ) : null}
    </>
  );
}
