import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/AdminErrorBoundary.tsx";
import { AdminCheckbox, AdminErrorList, AdminField, Notice } from "#app/components/admin/AdminField.tsx";
import { GamesNav } from "#app/components/admin/games/GamesNav.tsx";
import { gameFormSchema } from "#app/components/admin/games/schemas.ts";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { useArea } from "#app/i18n/use-area.ts";
import {
  GameAdminError,
  isGameAdminError,
  listAdminGames,
  listProviderChoices,
  saveGame,
  setGamePoster,
  DEFAULT_POSTER,
} from "#app/modules/games/index.server.ts";
import { gameTypes, HOUSE_PLATFORM, isGameType } from "#app/modules/games/index.ts";
import { parseTaka, takaInput } from "#app/kernel/money.ts";
import { errorMessage, gamesPage, readImageForm, requireGamesStaff, saveUploadedImage, translate } from "./admin-games.server.ts";
import type { Route } from "./+types/games";
import { formStatus } from "#app/kernel/domain-error.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const BASE = "/admin/games";

function readFilter(params: URLSearchParams) {
  const provider = Number(params.get("provider"));
  const type = params.get("type")?.toUpperCase();
  const page = Number(params.get("page"));
  return {
    provider: Number.isSafeInteger(provider) && provider > 0 ? provider : undefined,
    type: isGameType(type) ? type : undefined,
    q: (params.get("q") ?? "").trim().slice(0, 60),
    page: Number.isSafeInteger(page) && page > 0 && page <= 100_000 ? page : 1,
  };
}

function filterQuery(f: ReturnType<typeof readFilter>, page = f.page) {
  const q = new URLSearchParams();
  if (f.provider) q.set("provider", String(f.provider));
  if (f.type) q.set("type", f.type);
  if (f.q) q.set("q", f.q);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireGamesStaff(request);
  const filter = readFilter(url.searchParams);
  const [list, providers] = await Promise.all([
    listAdminGames({ providerId: filter.provider, type: filter.type, search: filter.q, page: filter.page }),
    listProviderChoices(),
  ]);
  const what = (url.searchParams.get("what") ?? "").slice(0, 80);
  const saved = url.searchParams.get("saved");
  const notice =
    saved === "game"
      ? translate(context, "adminGames.games.saved", { name: what })
      : saved === "poster"
        ? translate(context, "adminGames.games.posterSaved", { name: what })
        : null;
  return {
    ...gamesPage(context, "adminGames.games.title"),
    notice,
    filter,
    query: filterQuery(filter),
    providers,
    types: gameTypes.map((value) => ({ value, label: translate(context, `casino.types.${value}`) })),
    total: list.total,
    pages: list.pages,
    page: Math.min(filter.page, list.pages),
    games: list.items.map((g) => ({
      id: g.id,
      code: g.code,
      name: g.name,
      type: g.type,
      provider: g.providerName,
      poster: g.poster || DEFAULT_POSTER,
      active: g.active,
      featured: g.featured,
      displayOrder: g.displayOrder,
      minStake: takaInput(g.minStake),
      maxStake: takaInput(g.maxStake),
      // Issue 30: house games only (aggregator providers cap their own wins); the round cap only on Crash.
      maxWin: g.platform === HOUSE_PLATFORM ? takaInput(g.maxWin) : null,
      roundPayoutCap: g.roundPayoutCap === null ? null : takaInput(g.roundPayoutCap),
    })),
  };
}

type ActionData = { form: string; result: SubmissionResult<string[]> };

const rowOf = (formData: FormData) => (/^\d{1,10}$/.test(String(formData.get("id") ?? "")) ? Number(formData.get("id")) : null);

export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireGamesStaff(request);
  const back = filterQuery(readFilter(url.searchParams));
  const done = (saved: "game" | "poster", name: string, id: number) => {
    const q = new URLSearchParams(back.slice(1));
    q.set("saved", saved);
    q.set("what", name);
    return redirect(`${BASE}?${q}#game-${id}`);
  };
  const { formData, refusal } = await readImageForm(request);
  if (refusal) return data<ActionData>({ form: "page", result: { status: "error", error: { "": [refusal.message] } } }, { status: refusal.status });
  const id = rowOf(formData);

  if (formData.get("intent") === "poster") {
    const form = `poster-${id}`;
    try {
      if (!id) throw new GameAdminError("not_found", "adminGames.errors.gameNotFound");
      const game = await saveUploadedImage(formData.get("poster"), (poster) => setGamePoster(id, poster, actor));
      return done("poster", game.name, game.id);
    } catch (e) {
      if (!isGameAdminError(e)) throw e;
      return data<ActionData>({ form, result: { status: "error", error: { poster: [errorMessage(e)] } } }, { status: formStatus(e) });
    }
  }

  const form = `game-${id}`;
  const submission = parseWithZod(formData, { schema: gameFormSchema });
  if (submission.status !== "success") return data<ActionData>({ form, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  try {
    const game = await saveGame(
      {
        id: v.id,
        active: v.active,
        featured: v.featured,
        displayOrder: v.displayOrder,
        minStake: parseTaka(v.minStake)!,
        maxStake: parseTaka(v.maxStake)!,
        maxWin: v.maxWin === undefined ? undefined : parseTaka(v.maxWin)!,
        roundPayoutCap: v.roundPayoutCap === undefined ? undefined : parseTaka(v.roundPayoutCap)!,
      },
      actor,
    );
    return done("game", game.name, game.id);
  } catch (e) {
    if (!isGameAdminError(e)) throw e;
    const message = errorMessage(e);
    const reply = e.field ? submission.reply({ fieldErrors: { [e.field]: [message] } }) : submission.reply({ formErrors: [message] });
    return data<ActionData>({ form, result: reply }, { status: formStatus(e) });
  }
}

type GameRow = Route.ComponentProps["loaderData"]["games"][number];

function GameCard({
  game,
  action,
  typeLabel,
  lastResult,
  posterResult,
}: {
  game: GameRow;
  action: string;
  typeLabel: string;
  lastResult?: SubmissionResult<string[]>;
  posterResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: `game-${game.id}`,
    lastResult,
    defaultValue: {
      active: game.active ? "on" : undefined,
      featured: game.featured ? "on" : undefined,
      displayOrder: String(game.displayOrder),
      minStake: game.minStake,
      maxStake: game.maxStake,
      maxWin: game.maxWin ?? undefined,
      roundPayoutCap: game.roundPayoutCap ?? undefined,
    },
    constraint: getZodConstraint(gameFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: gameFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const posterErrors = posterResult?.error?.poster ?? null;
  return (
    <li id={`game-${game.id}`} className="rounded-xl bg-panel p-3" data-testid={`game-${game.code}`}>
      <div className="mb-2 flex gap-3">
        <img src={game.poster} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded bg-white/10 object-cover" />
        <div className="min-w-0">
          <h2 className="truncate font-bold">{game.name}</h2>
          <p className="truncate font-mono text-xs text-white/60">{game.code}</p>
          <p className="text-xs text-white/60">
            {game.provider} · {typeLabel}
          </p>
        </div>
      </div>
      <Form method="post" action={action} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="id" value={game.id} />
        <AdminErrorList errors={form.errors} id={form.errorId} className="form-error" />
        <div className="mb-2 flex flex-wrap gap-4">
          <AdminCheckbox label={t("adminGames.games.active")} inputProps={getInputProps(fields.active, { type: "checkbox" })} />
          <AdminCheckbox label={t("adminGames.games.featured")} inputProps={getInputProps(fields.featured, { type: "checkbox" })} />
        </div>
        <div className="grid grid-cols-3 gap-x-2">
          <AdminField
            label={t("adminGames.games.displayOrder")}
            inputProps={{ ...getInputProps(fields.displayOrder, { type: "text" }), inputMode: "numeric" }}
            errors={fields.displayOrder.errors}
            errorId={fields.displayOrder.errorId}
          />
          <AdminField
            label={t("adminGames.games.minStake")}
            inputProps={{ ...getInputProps(fields.minStake, { type: "text" }), inputMode: "decimal" }}
            errors={fields.minStake.errors}
            errorId={fields.minStake.errorId}
          />
          <AdminField
            label={t("adminGames.games.maxStake")}
            inputProps={{ ...getInputProps(fields.maxStake, { type: "text" }), inputMode: "decimal" }}
            errors={fields.maxStake.errors}
            errorId={fields.maxStake.errorId}
          />
          {game.maxWin !== null ? (
            <AdminField
              label={t("adminGames.games.maxWin")}
              inputProps={{ ...getInputProps(fields.maxWin, { type: "text" }), inputMode: "decimal" }}
              errors={fields.maxWin.errors}
              errorId={fields.maxWin.errorId}
            />
          ) : null}
          {game.roundPayoutCap !== null ? (
            <AdminField
              label={t("adminGames.games.roundPayoutCap")}
              inputProps={{ ...getInputProps(fields.roundPayoutCap, { type: "text" }), inputMode: "decimal" }}
              errors={fields.roundPayoutCap.errors}
              errorId={fields.roundPayoutCap.errorId}
            />
          ) : null}
        </div>
        <SubmitButton
          label={t("adminGames.games.save")}
          pendingLabel={t("adminGames.games.saving")}
          action={action}
          className="btn-primary w-full !py-2"
        />
      </Form>
      <Form method="post" action={action} encType="multipart/form-data" className="mt-3 border-t border-white/10 pt-2" data-testid="poster-form">
        <input type="hidden" name="intent" value="poster" />
        <input type="hidden" name="id" value={game.id} />
        <div className="field !mb-1">
          <label htmlFor={`poster-${game.id}`}>{t("adminGames.games.poster")}</label>
          <input
            id={`poster-${game.id}`}
            name="poster"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            required
            aria-invalid={posterErrors ? true : undefined}
            aria-describedby={`poster-${game.id}-hint`}
            className="text-sm"
          />
          <div id={`poster-${game.id}-hint`} className="mt-1 text-xs text-white/60">
            {t("adminGames.games.posterHint")}
          </div>
          <AdminErrorList errors={posterErrors} />
        </div>
        <SubmitButton
          label={t("adminGames.games.upload")}
          pendingLabel={t("adminGames.games.uploading")}
          action={action}
          className="btn-secondary w-full !py-1.5 text-sm"
        />
      </Form>
    </li>
  );
}

export default function AdminGames({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.i18n);
  const { t } = useTranslation();
  const { filter, providers, types, games, pages, page, query } = loaderData;
  const a = actionData as ActionData | undefined;
  const action = `${BASE}${query}`;
  const typeLabel = (v: string) => types.find((x) => x.value === v)?.label ?? v;
  const link = (p: number) => {
    const q = new URLSearchParams(query.slice(1));
    if (p > 1) q.set("page", String(p));
    else q.delete("page");
    const s = q.toString();
    return `${BASE}${s ? `?${s}` : ""}`;
  };
  return (
    <>
      <h1 className="mb-2 text-xl font-bold">{t("adminGames.title")}</h1>
      <GamesNav />
      {loaderData.notice && !a ? <Notice>{loaderData.notice}</Notice> : null}
      {a?.form === "page" ? <AdminErrorList errors={a.result.error?.[""] ?? null} className="form-error" /> : null}
      <p className="mb-3 text-sm text-white/60">{t("adminGames.games.intro")}</p>
      <Form
        method="get"
        action={BASE}
        className="mb-3 grid gap-x-3 rounded-xl bg-panel p-3 sm:grid-cols-[1fr_1fr_1.5fr_auto]"
        aria-label={t("adminGames.games.filters")}
      >
        <div className="field">
          <label htmlFor="filter-provider">{t("adminGames.games.provider")}</label>
          <select id="filter-provider" name="provider" defaultValue={filter.provider ? String(filter.provider) : ""}>
            <option value="">{t("adminGames.games.all")}</option>
            {providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-type">{t("adminGames.games.type")}</label>
          <select id="filter-type" name="type" defaultValue={filter.type ?? ""}>
            <option value="">{t("adminGames.games.all")}</option>
            {types.map((x) => (
              <option key={x.value} value={x.value}>
                {x.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-q">{t("adminGames.games.search")}</label>
          <input id="filter-q" name="q" type="search" defaultValue={filter.q} maxLength={60} />
        </div>
        <div className="sm:mt-6">
          <button type="submit" className="btn-primary w-full !py-2">
            {t("adminGames.games.apply")}
          </button>
        </div>
      </Form>
      <p className="mb-2 text-sm text-white/60" data-testid="games-found">
        {t("adminGames.games.found", { count: loaderData.total })}
      </p>
      {games.length ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {games.map((g) => (
            <GameCard
              key={g.id}
              game={g}
              action={action}
              typeLabel={typeLabel(g.type)}
              lastResult={a?.form === `game-${g.id}` ? a.result : undefined}
              posterResult={a?.form === `poster-${g.id}` ? a.result : undefined}
            />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl bg-panel p-6 text-center text-white/60">{t("adminGames.games.none")}</p>
      )}
      {pages > 1 ? (
        <nav className="mt-3 flex items-center justify-center gap-3 text-sm" aria-label={t("adminGames.games.page", { page, pages })}>
          {page > 1 ? (
            <a href={link(page - 1)} rel="prev" className="btn-secondary !px-3 !py-1">
              ‹ <span className="sr-only">{t("adminGames.games.prev")}</span>
            </a>
          ) : null}
          <span>{t("adminGames.games.page", { page, pages })}</span>
          {page < pages ? (
            <a href={link(page + 1)} rel="next" className="btn-secondary !px-3 !py-1">
              › <span className="sr-only">{t("adminGames.games.next")}</span>
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
