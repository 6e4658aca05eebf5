// The player beside a support chat (/admin/support/chats/:chatId): balance, VIP level, last payments, open requests
// and limits, with a link to the player 360. Beside the chat on a wide screen, under it on a phone.
import { useTranslation } from "#app/i18n/use-translation.ts";

export type SupportPlayer = {
  id: number;
  username: string;
  main: string;
  bonus: string;
  vip: string;
  payments: { id: string; type: string; status: string; amount: string; time: string }[];
  open: { id: string; type: string; amount: string; time: string }[];
  limits: { kind: string; period: string; amount: string }[];
};

export function SupportPlayerPanel({ player }: { player: SupportPlayer }) {
  const { t } = useTranslation();
  const list = (title: string, testId: string, items: React.ReactNode[]) => (
    <div className="mt-3">
      <h3 className="text-xs font-semibold text-white/60 uppercase">{title}</h3>
      {items.length ? (
        <ul className="text-sm" data-testid={testId}>
          {items}
        </ul>
      ) : (
        <p className="text-sm text-white/50">{t("adminPlayers.support.none")}</p>
      )}
    </div>
  );
  return (
    <aside className="rounded-xl bg-panel p-4 text-sm" data-testid="support-player" aria-label={t("adminPlayers.support.panel")}>
      <h2 className="font-semibold">
        {t("adminPlayers.support.panel")}: {player.username}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-white/60">{t("adminPlayers.support.balance")}</dt>
        <dd className="tabular-nums" data-testid="support-player-balance">
          {player.main}
        </dd>
        <dt className="text-white/60">{t("adminPlayers.support.bonus")}</dt>
        <dd className="tabular-nums">{player.bonus}</dd>
        <dt className="text-white/60">{t("adminPlayers.support.vip")}</dt>
        <dd data-testid="support-player-vip">{player.vip}</dd>
      </dl>
      {list(
        t("adminPlayers.support.openRequests"),
        "support-player-open",
        player.open.map((x) => (
          <li key={x.id} className="tabular-nums">
            {x.type} {x.amount} · {x.time}
          </li>
        )),
      )}
      {list(
        t("adminPlayers.support.lastPayments"),
        "support-player-payments",
        player.payments.map((x) => (
          <li key={x.id} className="tabular-nums">
            {x.type} {x.amount} · {x.status} · {x.time}
          </li>
        )),
      )}
      {list(
        t("adminPlayers.support.limits"),
        "support-player-limits",
        player.limits.map((l) => (
          <li key={`${l.kind}-${l.period}`}>
            {l.kind} / {l.period}: {l.amount}
          </li>
        )),
      )}
      <a href={`/admin/players/${player.id}`} className="mt-3 inline-block font-semibold text-brand" data-testid="support-player-360">
        {t("adminPlayers.support.open360")} ›
      </a>
    </aside>
  );
}
