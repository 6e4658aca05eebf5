// /account/responsible-gaming: the player's limits (deposit, loss, stake over 24 h / 7 d / 30 d, session time) with
// what is used and left, the changes waiting for confirmation, and links to the other protection tools.
// Every form is a plain POST with an `intent`; JavaScript only keeps the page in place.
import type { MessageKey } from "#app/i18n/message.ts";
import { translator } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AccountFrame } from "#app/components/account/AccountFrame.tsx";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { takaText } from "#app/kernel/money.ts";
import { HUB_PATH, limitFormSchema, slotId } from "#app/modules/protection/index.ts";
import { runHubForm, limitOverview, type LimitView } from "#app/modules/protection/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { formatDhakaDateTime } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/hub";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const notices = ["set", "decreased", "pending", "unchanged", "cancelled", "increased", "removed", "skipped"] as const;

type SlotText = Omit<LimitView, "amount" | "used" | "remaining" | "pendingAmount" | "pendingFrom"> & {
  id: string;
  amount: string | null;
  used: string | null;
  remaining: string | null;
  pendingAmount: string | null;
  pendingFrom: string | null;
};

function asText(v: LimitView): SlotText {
  const value = (n: bigint | null) => (n === null ? null : v.kind === "session" ? String(n) : takaText(n, { symbol: false }));
  return {
    ...v,
    id: slotId(v),
    amount: value(v.amount),
    used: value(v.used),
    remaining: value(v.remaining),
    pendingAmount: value(v.pendingAmount),
    pendingFrom: v.pendingFrom ? formatDhakaDateTime(v.pendingFrom) : null,
  };
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const t = translator(context);
  const slots = (await limitOverview(player.id)).map(asText);
  const notice = notices.find((n) => n === url.searchParams.get("notice")) ?? null;
  const noticeSlot = slots.find((s) => s.id === url.searchParams.get("slot"));
  return {
    title: t("protectionLimits.title"),
    i18n: areaBundle(context, "protectionLimits"),
    layout: layoutFor(request.headers.get("user-agent")),
    slots,
    notice: notice ? t(`protectionLimits.notices.${notice}`, { from: noticeSlot?.pendingFrom ?? "" }) : null,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const t = translator(context);
  const parsed = limitFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ slot: null, field: null, message: t("protectionLimits.errors.invalid") }, { status: 400 });
  const outcome = await runHubForm(player.id, parsed.data);
  if (outcome.ok) return redirect(outcome.redirect);
  return data({ slot: outcome.slot, field: outcome.field, message: t(outcome.key as MessageKey, outcome.params) }, { status: 400 });
}

const groups = ["deposit", "loss", "stake", "session"] as const;
const tools = [
  ["timeOut", `${HUB_PATH}/time-out`],
  ["selfExclusion", `${HUB_PATH}/self-exclusion`],
  ["realityCheck", `${HUB_PATH}/reality-check`],
  ["history", `${HUB_PATH}/history`],
  ["closeAccount", `${HUB_PATH}/close-account`],
  ["verification", "/account/verification"],
] as const;

type Answer = { slot: string | null; field: string | null; message: string } | undefined;

function SlotCard({ s, answer }: { s: SlotText; answer: Answer }) {
  const { t } = useTranslation();
  const action = `${HUB_PATH}?form=${s.id}`;
  const error = answer && answer.slot === s.id ? answer.message : null;
  const session = s.kind === "session";
  const show = (v: string | null) => (v === null ? "" : session ? t("protectionLimits.minutesValue", { minutes: v }) : `৳${v}`);
  const inputId = `limit-${s.id}`;
  return (
    <li className="min-w-0 rounded-lg border border-white/10 bg-ink/40 p-3" data-testid={`limit-${s.id}`}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">{t(`protectionLimits.periods.${s.period}`)}</h3>
        <span className="font-bold tabular-nums" data-testid="limit-amount">
          {s.amount === null ? <span className="font-normal text-white/50">{t("protectionLimits.noLimit")}</span> : show(s.amount)}
        </span>
      </div>
      {s.amount !== null && !session ? (
        <dl className="mt-1 grid grid-cols-2 gap-x-2 text-xs text-white/70">
          <dt>{t("protectionLimits.used")}</dt>
          <dd className="text-right tabular-nums">{show(s.used)}</dd>
          <dt>{t("protectionLimits.remaining")}</dt>
          <dd className="text-right font-semibold text-white tabular-nums" data-testid="limit-remaining">
            {show(s.remaining)}
          </dd>
        </dl>
      ) : null}
      {s.pendingFrom ? (
        <div className="mt-2 rounded-md bg-accent/10 p-2 text-xs" data-testid="limit-pending">
          <p className="font-semibold text-accent">
            {s.pendingRemoval ? t("protectionLimits.pendingRemoval") : t("protectionLimits.pendingIncrease", { amount: show(s.pendingAmount) })}
          </p>
          <p className="text-white/70">{t("protectionLimits.pendingFrom", { from: s.pendingFrom })}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Form method="post" action={`${action}-confirm`}>
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="kind" value={s.kind} />
              <input type="hidden" name="period" value={s.period} />
              <button type="submit" className="btn-primary !px-3 !py-1.5 text-xs" disabled={!s.mayConfirm}>
                {t("protectionLimits.confirm")}
              </button>
            </Form>
            <Form method="post" action={`${action}-cancel`}>
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="kind" value={s.kind} />
              <input type="hidden" name="period" value={s.period} />
              <button type="submit" className="btn-secondary !px-3 !py-1.5 text-xs">
                {t("protectionLimits.cancel")}
              </button>
            </Form>
          </div>
        </div>
      ) : null}
      <Form method="post" action={action} className="mt-2">
        <input type="hidden" name="intent" value="set" />
        <input type="hidden" name="kind" value={s.kind} />
        <input type="hidden" name="period" value={s.period} />
        <label htmlFor={inputId} className="sr-only">
          {`${t(`protectionLimits.names.${s.id}` as "protectionLimits.names.deposit_day")}: ${session ? t("protectionLimits.minutesLabel") : t("protectionLimits.amountLabel")}`}
        </label>
        <div className="flex gap-2">
          {session ? null : <span className="flex items-center text-sm text-white/60">৳</span>}
          <input
            id={inputId}
            name="value"
            type="text"
            inputMode={session ? "numeric" : "decimal"}
            autoComplete="off"
            maxLength={20}
            required
            placeholder={session ? t("protectionLimits.minutesLabel") : t("protectionLimits.limit")}
            size={8}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            className="min-w-0 flex-1 rounded-md border border-white/20 bg-ink px-3 py-2"
          />
          <SubmitButton
            label={t("protectionLimits.set")}
            pendingLabel={t("protectionLimits.saving")}
            action={action}
            className="btn-primary shrink-0 !px-3"
          />
        </div>
        <ErrorList errors={error ? [error] : null} id={`${inputId}-error`} />
      </Form>
      {s.amount !== null && !s.pendingRemoval ? (
        <Form method="post" action={`${action}-remove`} className="mt-1 text-right">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="kind" value={s.kind} />
          <input type="hidden" name="period" value={s.period} />
          <button type="submit" className="text-xs text-white/60 underline">
            {t("protectionLimits.remove")}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

export default function ResponsibleGamingHub({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const answer = actionData as Answer;
  return (
    <AccountFrame layout={loaderData.layout}>
      <main className="flex min-w-0 flex-col gap-3" data-testid="rg-hub">
        <h1 className="text-xl font-bold">{t("protectionLimits.title")}</h1>
        <p className="text-sm text-white/70">{t("protectionLimits.intro")}</p>
        {loaderData.notice ? (
          <p className="rounded-lg bg-accent/15 px-3 py-2 text-sm text-accent" role="status" data-testid="rg-notice">
            {loaderData.notice}
          </p>
        ) : null}
        {answer && !answer.slot ? <ErrorList errors={[answer.message]} className="form-error" /> : null}
        {groups.map((group) => (
          <section key={group} className="rounded-xl bg-panel p-4" data-testid={`limits-${group}`}>
            <h2 className="text-base font-semibold">{t(`protectionLimits.groups.${group}`)}</h2>
            <p className="mb-2 text-xs text-white/60">{t(`protectionLimits.groupHelp.${group}`)}</p>
            <ul className={`grid grid-cols-[minmax(0,1fr)] gap-2 ${group === "session" ? "" : "md:grid-cols-3"}`}>
              {loaderData.slots
                .filter((s) => s.kind === group)
                .map((s) => (
                  <SlotCard key={s.id} s={s} answer={answer} />
                ))}
            </ul>
          </section>
        ))}
        <nav className="rounded-xl bg-panel p-4" aria-labelledby="rg-tools-title">
          <h2 id="rg-tools-title" className="mb-2 text-base font-semibold">
            {t("protectionLimits.tools.title")}
          </h2>
          <ul className="grid gap-1 sm:grid-cols-2">
            {tools.map(([key, href]) => (
              <li key={key}>
                <a href={href} className="block rounded-md px-2 py-2 text-sm text-brand hover:bg-white/5">
                  {t(`protectionLimits.tools.${key}`)} ›
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </main>
    </AccountFrame>
  );
}
