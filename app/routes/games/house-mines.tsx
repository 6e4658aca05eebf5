import { translate } from "#app/i18n/translate.server.ts";
import { areasFor } from "#app/i18n/areas.server.ts";
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, type ShouldRevalidateFunction } from "react-router";
import { z } from "zod";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { GameHeader } from "#app/components/games/house/GameHeader.tsx";
import { MinesGrid } from "#app/components/games/house/MinesGrid.tsx";
import { autobetSettingsFrom, minesAutoSchema, minesStartSchema } from "#app/components/games/house/schemas.ts";
import {
  AutobetControls,
  AutobetResults,
  AutobetSettingsFields,
  type AutobetRunView,
  autobetMode,
  autobetShouldRevalidate,
  useAutobetLoop,
} from "#app/components/games/house/Autobet.tsx";
import { autobetRunView, stakeInput } from "#app/components/games/house/autobet-view.ts";
import { AutoTabs } from "#app/components/games/house/AutoTabs.tsx";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";
import { useRef } from "react";
import { SeedPanel } from "#app/components/games/house/SeedPanel.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { HouseLiveBets } from "#app/components/games/house/LiveBetsPanel.tsx";
import { houseMultiplierText } from "#app/modules/games/index.ts";
import { houseServerGames, isHouseError, liveBetsPage, runMinesAutobet, stakeFromText } from "#app/modules/games/index.server.ts";
import { takaText } from "#app/kernel/money.ts";
import { guardRealityCheck, realityCheckDue } from "#app/modules/protection/index.server.ts";
import { requirePlayer } from "#app/modules/sessions/index.server.ts";
import { GameProtection } from "#app/components/protection/GameProtection.tsx";
import type { Route } from "./+types/house-mines";
import { ErrorList } from "#app/components/forms/Field.tsx";
import { formStatus } from "#app/kernel/domain-error.ts";

type MinesView = NonNullable<Awaited<ReturnType<typeof houseServerGames.mines.play.state>>>;

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** The game as the page shows it: amounts formatted, mines only once ended (the module never gives them earlier). */
function shown(v: MinesView | null) {
  if (!v) return null;
  return {
    // The game's id: the reveal and cash-out forms send it, so a move acts on the game the page showed.
    id: v.id,
    status: v.status,
    mines: v.mines,
    stake: takaText(v.stake),
    revealed: v.revealed,
    minePositions: v.minePositions,
    // Before the first pick there is no multiplier yet (the module's 0 is not one): the page shows the next pick's.
    multiplier: v.revealed.length > 0 && v.multiplier > 0 ? houseMultiplierText(v.multiplier) : null,
    nextMultiplier: v.nextMultiplier === null ? null : houseMultiplierText(v.nextMultiplier),
    payout: takaText(v.payout),
    canCashOut: v.status === "playing" && v.revealed.length > 0,
    nonce: v.nonce,
  };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  const [reality, page, state, liveBets] = await Promise.all([
    guardRealityCheck(context, url),
    houseServerGames.mines.pageData(player.id),
    houseServerGames.mines.play.state(player.id),
    liveBetsPage(player.id, url),
  ]);
  const mode = autobetMode(url);
  return {
    title: translate(context, "house.mines.title"),
    area: areaBundle(context, "house"),
    ...page,
    state: shown(state),
    ...liveBets,
    reality,
    mode,
  };
}

/** After a move refused because its game has ended (409), the page reloads to show the game in play now. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => args.actionStatus === 409 || autobetShouldRevalidate(args);

/** The game a move is for (the page's hidden field): its id in digits as the page wrote it, nothing else. */
const gameField = z
  .string({ error: "house.errors.minesGameFormat" })
  .regex(/^[1-9]\d{0,14}$/, "house.errors.minesGameFormat")
  .transform(Number);

const tileSchema = z.object({
  intent: z.literal("reveal"),
  game: gameField,
  tile: z.coerce
    .number({ error: "house.errors.tileFormat" })
    .int("house.errors.tileFormat")
    .min(0, "house.errors.tileFormat")
    .max(24, "house.errors.tileFormat"),
});
const cashOutSchema = z.object({ intent: z.literal("cashout"), game: gameField });
const actionSchema = z.discriminatedUnion("intent", [minesStartSchema, tileSchema, cashOutSchema], { error: "house.errors.tileFormat" });

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  await guardRealityCheck(context, url);
  const formData = await request.formData();
  if (formData.get("intent") === "auto") return autoAction(formData, { context, url, playerId: player.id });
  const submission = parseWithZod(formData, { schema: actionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), areas: [] }, { status: 400 });
  const input = submission.value;
  try {
    if (input.intent === "start") await houseServerGames.mines.play.start(player.id, { stake: stakeFromText(input.stake), mines: input.mines });
    else if (input.intent === "reveal") await houseServerGames.mines.play.reveal(player.id, input.game, input.tile);
    else await houseServerGames.mines.play.cashOut(player.id, input.game);
    // The loader runs again after this action and shows the new state.
    return { result: submission.reply(), areas: [] };
  } catch (e) {
    if (!isHouseError(e)) throw e;
    const errors = [e.token];
    // A move for a game that is no longer in play changed nothing: 409, and the page shows the game as it is now.
    const status = formStatus(e, { mines_game_ended: 409, no_mines_game: 409 });
    return data({ result: submission.reply({ formErrors: errors }), areas: areasFor(context, errors) }, { status });
  }
}

/**
 * Autobet: the server-side run (up to 100 games in this request, without JavaScript); the browser's loop posts one
 * game at a time here (bets=1), applying the plan between them.
 */
async function autoAction(formData: FormData, { context, url, playerId }: { context: Route.ActionArgs["context"]; url: URL; playerId: number }) {
  const submission = parseWithZod(formData, { schema: minesAutoSchema });
  if (submission.status !== "success") return data({ form: "auto", result: submission.reply(), auto: null, last: null, areas: [] }, { status: 400 });
  const v = submission.value;
  try {
    const run = await runMinesAutobet(playerId, autobetSettingsFrom(v), { mines: v.mines, tiles: v.tiles, runKey: v.requestKey }, (n) =>
      n > 1 ? realityCheckDue(context, url) : Promise.resolve(false),
    );
    const auto = autobetRunView(run, (l) => translate(context, l.win ? "house.auto.minesTiles" : "house.auto.minesBusted", { count: l.tiles ?? 0 }));
    const first = run.lines[0];
    const last = first
      ? {
          stakePoisha: String(first.stake),
          payoutPoisha: String(first.payout),
          balancePoisha: String(run.balance),
          win: first.win,
          result: auto.lines[0]!.result,
        }
      : null;
    return { form: "auto", result: submission.reply(), auto, last, areas: areasFor(context, auto.refusal ? [auto.refusal] : []) };
  } catch (e) {
    if (!isHouseError(e)) throw e;
    const errors = [e.token];
    return data(
      { form: "auto", result: submission.reply({ formErrors: errors }), auto: null, last: null, areas: areasFor(context, errors) },
      { status: 400 },
    );
  }
}

export default function HouseMines({ loaderData, actionData }: Route.ComponentProps) {
  useArea([loaderData.area, ...(actionData?.areas ?? [])]);
  const { t } = useTranslation();
  const state = loaderData.state;
  const playing = state?.status === "playing";
  const autoData = actionData && "form" in actionData ? actionData : undefined;
  const mode = autoData ? "auto" : loaderData.mode;
  const [form, fields] = useForm({
    id: "mines",
    lastResult: autoData ? undefined : actionData?.result,
    constraint: getZodConstraint(minesStartSchema),
    defaultValue: { stake: "10", mines: "3" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: actionSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <main className="mx-auto max-w-md p-3" data-testid="mines-page">
      <GameHeader
        title={t("house.mines.title")}
        limits={loaderData.game ? t("house.limits", { min: loaderData.game.min, max: loaderData.game.max }) : null}
        maxWin={loaderData.game ? t("house.maxWin", { amount: loaderData.game.maxWin }) : null}
        balanceLabel={t("house.balance")}
        balance={loaderData.balance}
        testId="house-balance"
      />
      <GameProtection reality={loaderData.reality} />
      {/* The moves' hidden fields (the tile, the game) have no place of their own: their errors show with the form's. */}
      <ErrorList
        errors={[...(form.errors ?? []), ...(form.allErrors.tile ?? []), ...(form.allErrors.game ?? [])]}
        id={form.errorId}
        className="field-error mb-3"
      />
      {!loaderData.game ? (
        <p className="rounded-xl bg-panel p-4 text-center" role="status">
          {t("house.unavailable")}
        </p>
      ) : playing && state ? (
        <section className="rounded-xl bg-panel p-4" data-testid="mines-playing">
          <p className="mb-2 text-sm text-white/70">{t("house.mines.inPlay", { stake: state.stake, mines: state.mines })}</p>
          <dl className="mb-3 grid grid-cols-2 gap-2 text-center text-xs">
            <div className="rounded-lg bg-ink p-2">
              <dt className="text-white/60">{t("house.mines.multiplier")}</dt>
              <dd className="font-bold tabular-nums" data-testid="mines-multiplier">
                {state.multiplier ? `${state.multiplier}×` : "–"}
              </dd>
            </div>
            <div className="rounded-lg bg-ink p-2">
              <dt className="text-white/60">{t("house.mines.next")}</dt>
              <dd className="font-bold tabular-nums">{state.nextMultiplier ? `${state.nextMultiplier}×` : "–"}</dd>
            </div>
          </dl>
          <p className="mb-2 text-xs text-white/60">{t("house.mines.pick")}</p>
          <Form method="post" action="/house/mines" aria-label={t("house.mines.pick")}>
            <input type="hidden" name="intent" value="reveal" />
            <input type="hidden" name="game" value={state.id} />
            <MinesGrid board={{ revealed: state.revealed, minePositions: null, playing: true }} />
          </Form>
          {state.canCashOut ? (
            <Form method="post" action="/house/mines" className="mt-3">
              <input type="hidden" name="intent" value="cashout" />
              <input type="hidden" name="game" value={state.id} />
              <button type="submit" className="btn-primary w-full" data-testid="mines-cashout">
                {t("house.mines.cashOut", { amount: state.payout })}
              </button>
            </Form>
          ) : null}
        </section>
      ) : (
        <>
          <AutoTabs path="/house/mines" mode={mode} />
          {mode === "auto" ? <MinesAuto loaderData={loaderData} actionData={autoData} /> : null}
          {mode === "auto" ? null : state ? (
            <section className="mb-3 rounded-xl bg-panel p-4" aria-live="polite" data-testid="mines-ended" data-status={state.status}>
              <h2 className="mb-2 text-sm font-semibold">{t("house.mines.lastGame")}</h2>
              <p className="mb-3 font-semibold">
                {state.status === "busted"
                  ? t("house.mines.busted")
                  : t("house.mines.cashed", { amount: state.payout, multiplier: state.multiplier })}
              </p>
              <MinesGrid board={{ revealed: state.revealed, minePositions: state.minePositions, playing: false }} />
              <p className="mt-2 text-xs text-white/50">{t("house.mines.nonce", { nonce: state.nonce })}</p>
            </section>
          ) : null}
          {mode === "auto" ? null : (
            <Form method="post" action="/house/mines" {...getFormProps(form)} className="rounded-xl bg-panel p-4">
              <input type="hidden" name="intent" value="start" />
              <div className="field">
                <label htmlFor={fields.stake.id}>{t("house.stake")}</label>
                <input {...getInputProps(fields.stake, { type: "text" })} key={fields.stake.key} inputMode="decimal" autoComplete="off" />
                <ErrorList errors={fields.stake.errors} id={fields.stake.errorId} />
              </div>
              <div className="field">
                <label htmlFor={fields.mines.id}>{t("house.mines.count")}</label>
                <select {...getSelectProps(fields.mines)} key={fields.mines.key}>
                  <MineCounts />
                </select>
                <ErrorList errors={fields.mines.errors} id={fields.mines.errorId} />
              </div>
              <SubmitButton label={t("house.mines.start")} pendingLabel={t("house.mines.starting")} action="/house/mines" />
            </Form>
          )}
        </>
      )}
      <SeedPanel seed={loaderData.seed} />
      <HouseLiveBets lists={loaderData.liveBets} initialTab={loaderData.liveTab} path="/house/mines" />
    </main>
  );
}

/** The choices of the mines select: 1 to 24. */
function MineCounts() {
  return Array.from({ length: 24 }, (_, i) => (
    <option key={i + 1} value={i + 1}>
      {i + 1}
    </option>
  ));
}

type MinesAnswer = {
  areas?: Parameters<typeof useArea>[0];
  last: { stakePoisha: string; payoutPoisha: string; balancePoisha: string; win: boolean; result: string } | null;
  auto: AutobetRunView | null;
  result: { error?: Record<string, string[] | null> | null };
};

type AutoProps = {
  loaderData: Route.ComponentProps["loaderData"];
  actionData: { result: SubmissionResult<string[]>; auto: AutobetRunView | null } | undefined;
};

/** Mines' autobet: the mines, the tiles each game opens (then cash out) and the plan's settings. */
function MinesAuto({ loaderData, actionData }: AutoProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const game = loaderData.game!;
  const picked = useRef<{ mines: string; tiles: string[] }>({ mines: "3", tiles: [] });
  const [form, fields] = useForm<z.input<typeof minesAutoSchema>>({
    id: "mines-auto",
    lastResult: actionData?.result,
    constraint: getZodConstraint(minesAutoSchema),
    defaultValue: { stake: "10", mines: "3", bets: "10", onWin: "reset", onLoss: "reset" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: minesAutoSchema }),
    onSubmit(event, { submission, formData }) {
      // With JavaScript each game is its own request (bets=1) and the plan runs here; without it one post runs them all.
      if (!hydrated || submission?.status !== "success") return;
      event.preventDefault();
      // conform hands over the schema's output (typed here as its input).
      const v = submission.value as unknown as z.output<typeof minesAutoSchema>;
      picked.current = { mines: String(v.mines), tiles: formData.getAll("tiles").map(String) };
      loop.start(autobetSettingsFrom(v), BigInt(loaderData.balancePoisha));
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const loop = useAutobetLoop<MinesAnswer>({
    action: "/house/mines",
    bounds: { minStake: BigInt(game.minPoisha), maxStake: BigInt(game.maxPoisha) },
    formFor(stake, requestKey) {
      const f = new FormData();
      f.set("intent", "auto");
      f.set("stake", stakeInput(stake));
      f.set("bets", "1");
      f.set("mines", picked.current.mines);
      for (const tile of picked.current.tiles) f.append("tiles", tile);
      f.set("requestKey", requestKey);
      return f;
    },
    read(answer) {
      const l = answer.last;
      if (!l) return { ok: false, refusal: answer.auto?.refusal ?? Object.values(answer.result.error ?? {}).flat()[0] ?? null };
      return {
        ok: true,
        stake: BigInt(l.stakePoisha),
        payout: BigInt(l.payoutPoisha),
        balance: BigInt(l.balancePoisha),
        win: l.win,
        result: l.result,
      };
    },
  });
  useArea(loop.data?.areas ?? []);
  const run = loop.run ?? actionData?.auto ?? null;
  const chosen = new Set((fields.tiles.initialValue as string[] | string | undefined) ?? []);
  return (
    <>
      {run ? <AutobetResults run={run} running={loop.running} /> : null}
      <Form method="post" action="/house/mines?mode=auto" {...getFormProps(form)} className="rounded-xl bg-panel p-4">
        <input type="hidden" name="intent" value="auto" />
        <ErrorList errors={form.errors} id={form.errorId} className="field-error mb-3" />
        <AutobetSettingsFields fields={fields} untilStopped={false} />
        <div className="field">
          <label htmlFor={fields.mines.id}>{t("house.mines.count")}</label>
          <select {...getSelectProps(fields.mines)} key={fields.mines.key}>
            <MineCounts />
          </select>
          <ErrorList errors={fields.mines.errors} id={fields.mines.errorId} />
        </div>
        <fieldset className="mb-4">
          <legend className="mb-1 text-sm font-semibold">{t("house.auto.tiles")}</legend>
          <p className="mb-2 text-xs text-white/60">{t("house.auto.tilesHelp")}</p>
          <div className="grid grid-cols-5 gap-1.5" data-testid="autobet-tiles">
            {Array.from({ length: 25 }, (_, i) => (
              <label key={i} className="flex aspect-square items-center justify-center rounded-lg bg-ink has-[:checked]:bg-emerald-700">
                <input
                  type="checkbox"
                  name="tiles"
                  value={i}
                  defaultChecked={chosen.has(String(i))}
                  aria-label={t("house.mines.tile", { n: i + 1 })}
                />
              </label>
            ))}
          </div>
          <ErrorList errors={fields.tiles.errors} id={fields.tiles.errorId} />
        </fieldset>
        <AutobetControls running={loop.running} onStop={loop.stop} action="/house/mines?mode=auto" />
      </Form>
    </>
  );
}
