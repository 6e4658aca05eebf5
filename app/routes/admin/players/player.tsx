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
import { accountPage, listExchangeRecords } from "#app/modules/exchange/index.server.ts";
import { listPlayerRounds } from "#app/modules/games/index.server.ts";
import { listPlayerEntries } from "#app/modules/ledger/index.server.ts";
import { listTransactions, listTurnovers } from "#app/modules/payments/index.server.ts";
import { activeExclusion, limitOverview } from "#app/modules/protection/index.server.ts";
import { playerSignals, signalView } from "#app/modules/risk/index.server.ts";
import { listPlayerSessions } from "#app/modules/sessions/index.server.ts";
import { addPlayerNote, addPlayerTag, listPlayerNotes, listPlayerTags, removePlayerTag } from "#app/modules/staff/index.server.ts";
import { noteSchema, tagSchema } from "#app/modules/staff/index.ts";
import { db } from "#app/db/db.server.ts";
import { toId } from "#app/utils/ids.ts";
import { contactEditSchema } from "#app/modules/profile/index.ts";
import { clientIp, requireStaff } from "#app/modules/staff/index.server.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { mayOpen, pageRoles } from "#app/routes/admin/pages.ts";
import type { StaffRole } from "#app/modules/staff/index.ts";
import { PlayerLists, PlayerNotesAndTags, PlayerOverview, type Player360 } from "#app/components/admin/players/Player360.tsx";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/player";
import { playerId } from "./player-id.server.ts";

const notices = ["saved", "unchanged", "noteAdded", "tagAdded", "tagRemoved", "tagUnchanged"] as const;
const lists = ["statement", "bonus", "payments", "rounds", "bets"] as const;
type ListName = (typeof lists)[number];
const INLINE = 5;
const FULL = 50;

/**
 * Everything the 360 view shows besides the contact card, each read through its module's front door and keyed by this
 * page's player id only. The list named by ?list= shows a full page (keyset ?before= or ?page=), the others a few rows.
 */
async function player360(
  context: Route.LoaderArgs["context"],
  id: number,
  balances: Awaited<ReturnType<typeof playerCard>> extends infer C ? (C extends { balances: infer B } ? B : never) : never,
  url: URL,
  role: StaffRole,
): Promise<Player360> {
  const t = translator(context);
  const list = (lists as readonly string[]).includes(url.searchParams.get("list") ?? "") ? (url.searchParams.get("list") as ListName) : null;
  const before = toId(url.searchParams.get("before")) ?? undefined;
  const page = Math.min(toId(url.searchParams.get("page")) ?? 1, 100_000);
  const size = (name: ListName) => (list === name ? FULL : INLINE);
  const at = (name: ListName) => (list === name ? before : undefined);
  const [main, bonus, payments, rounds, bets, exchange, turnover, limits, exclusion, sessions, signals, notes, tags] = await Promise.all([
    listPlayerEntries(id, { wallet: "main", limit: size("statement"), before: at("statement") }),
    listPlayerEntries(id, { wallet: "bonus", limit: size("bonus"), before: at("bonus") }),
    listTransactions(id, { range: "all", page: list === "payments" ? page : 1, pageSize: list === "payments" ? 50 : 10 }),
    listPlayerRounds(id, { before: at("rounds"), limit: size("rounds") + 1 }),
    listExchangeRecords(id, at("bets")),
    accountPage(id, false),
    listTurnovers(id, "active"),
    limitOverview(id),
    activeExclusion(db, id),
    listPlayerSessions(id, 10),
    // Risk signals only for the roles of the risk pages (the support role sees the player, not the AML findings).
    mayOpen(role, "risk") ? playerSignals(id, 20) : Promise.resolve([]),
    listPlayerNotes(id, { limit: 100 }),
    listPlayerTags(id),
  ]);
  const entries = (page: typeof main) =>
    page.items.map((e) => ({
      id: e.id,
      time: formatDhaka(e.createdAt),
      kind: e.kind,
      amount: takaText(e.amount, { plus: true }),
      negative: e.amount < 0n,
      balanceAfter: takaText(e.balanceAfter),
      counterparty: e.counterparty,
      memo: e.memo,
    }));
  const roundRows = rounds.slice(0, size("rounds"));
  const betRows = list === "bets" ? bets.records : bets.records.slice(0, INLINE);
  return {
    list,
    balances: {
      main: takaText(balances.main.available),
      bonus: takaText(balances.bonus.available),
      held: takaText(balances.main.pending + balances.bonus.pending),
      exposure: exchange.balance.exposure,
    },
    statement: {
      rows: entries(main),
      next: list === "statement" || main.nextBefore === null ? main.nextBefore : null,
      more: main.nextBefore !== null,
    },
    bonus: { rows: entries(bonus), next: list === "bonus" ? bonus.nextBefore : null, more: bonus.nextBefore !== null },
    payments: {
      rows: (list === "payments" ? payments.items : payments.items.slice(0, INLINE)).map((x) => ({
        id: x.id,
        type: x.type,
        status: x.cancelled ? "cancelled" : x.status,
        amount: takaText(x.amount),
        method: x.methodName ?? "—",
        time: formatDhaka(x.createdAt),
      })),
      page: list === "payments" ? page : 1,
      more: list === "payments" ? page * 50 < payments.total : payments.total > INLINE,
    },
    rounds: {
      rows: roundRows.map((r) => ({
        id: r.id,
        game: r.gameName ?? r.gameCode,
        provider: r.providerName,
        status: r.status,
        stake: takaText(r.stake),
        payout: takaText(r.payout),
        time: formatDhaka(r.createdAt),
      })),
      next: rounds.length > size("rounds") ? roundRows.at(-1)!.id : null,
    },
    bets: {
      rows: betRows.map((b) => ({
        id: b.id,
        market: `${b.event} · ${b.market}`,
        selection: b.selection,
        side: b.betType,
        odds: b.odds === null ? (b.run === null ? "—" : String(b.run)) : String(b.odds),
        stake: b.stake,
        status: b.status,
        time: b.createdAt,
      })),
      next: list === "bets" ? bets.next : null,
      more: bets.records.length > INLINE || bets.next !== null,
    },
    turnover: turnover.map((r) => ({
      id: r.id,
      required: takaText(r.required),
      remaining: takaText(r.remaining),
      source: r.methodName ?? r.promotionNameEn ?? "—",
      time: formatDhaka(r.createdAt),
    })),
    limits: limits
      .filter((l) => l.amount !== null)
      .map((l) => ({
        kind: l.kind,
        period: l.period,
        amount: l.kind === "session" ? `${l.amount} min` : takaText(l.amount!),
        used: l.used === null ? null : takaText(l.used),
      })),
    exclusion: exclusion ? { kind: exclusion.kind, until: exclusion.endsAt ? formatDhaka(exclusion.endsAt) : "∞" } : null,
    sessions: sessions.map((x) => ({
      started: formatDhaka(x.createdAt),
      lastSeen: formatDhaka(x.lastSeenAt),
      ip: x.ip ?? "—",
      device: (x.userAgent ?? "—").slice(0, 120),
      deviceId: x.deviceId ? x.deviceId.slice(0, 12) : null,
    })),
    showSignals: mayOpen(role, "risk"),
    signals: signals.map((x) => {
      const v = signalView(t, x);
      return { id: v.id, kind: v.kind, status: v.status, text: v.text, raisedAt: v.raisedAt };
    }),
    notes: notes.map((n) => ({ id: n.id, body: n.body, by: n.staffName, time: formatDhaka(n.createdAt) })),
    tags,
  };
}

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
    i18n: [areaBundle(context, "profile"), areaBundle(context, "adminPlayers"), areaBundle(context, "risk")],
    role: staff.role,
    notice: (notices as readonly string[]).includes(notice ?? "") ? (notice as (typeof notices)[number]) : null,
    p360: await player360(context, p.id, balances, url, staff.role),
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
  const form = await request.formData();
  const intent = form.get("intent");
  const actor = { staffId: staff.id, ip: clientIp(request) };
  if (intent === "note") {
    const parsed = noteSchema.safeParse({ body: form.get("body") ?? undefined });
    if (!parsed.success) return data({ result: undefined, noteError: parsed.error.issues[0]!.message, tagError: null }, { status: 400 });
    const added = await addPlayerNote(actor, id, parsed.data.body);
    if (!added.ok) throw data(null, { status: 404 });
    return redirect(`/admin/players/${id}?notice=noteAdded#notes`, 303);
  }
  if (intent === "tag-add" || intent === "tag-remove") {
    const parsed = tagSchema.safeParse({ tag: form.get("tag") ?? undefined });
    if (!parsed.success) return data({ result: undefined, noteError: null, tagError: parsed.error.issues[0]!.message }, { status: 400 });
    const changed = intent === "tag-add" ? await addPlayerTag(actor, id, parsed.data.tag) : await removePlayerTag(actor, id, parsed.data.tag);
    if (!changed.ok) throw data(null, { status: changed.error === "notFound" ? 404 : 400 });
    const notice = !changed.changed ? "tagUnchanged" : intent === "tag-add" ? "tagAdded" : "tagRemoved";
    return redirect(`/admin/players/${id}?notice=${notice}#tags`, 303);
  }
  const submission = parseWithZod(form, { schema: contactEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), noteError: null, tagError: null }, { status: 400 });
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
    lastResult: actionData?.result ?? undefined,
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
      {loaderData.notice && !actionData ? (
        <Notice>
          {loaderData.notice === "saved" || loaderData.notice === "unchanged"
            ? t(`profile.admin.${loaderData.notice}`)
            : t(`adminPlayers.p360.${loaderData.notice}`)}
        </Notice>
      ) : null}
      <PlayerOverview playerId={p.id} data={loaderData.p360} />
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
      <PlayerNotesAndTags playerId={p.id} data={loaderData.p360} noteError={actionData?.noteError ?? null} tagError={actionData?.tagError ?? null} />
      <PlayerLists playerId={p.id} data={loaderData.p360} />
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
