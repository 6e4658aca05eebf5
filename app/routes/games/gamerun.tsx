import { translate, translator } from "#app/i18n/translate.server.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, redirect, type RouterContextProvider, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { GameFrame } from "#app/components/games/launch/GameFrame.tsx";
import { LaunchCard } from "#app/components/games/launch/LaunchCard.tsx";
import { GameProtection } from "#app/components/protection/GameProtection.tsx";
import { RealityCheckModal } from "#app/components/protection/RealityCheckModal.tsx";
import { ResponsibleGamingLink } from "#app/components/protection/ResponsibleGamingLink.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { isLaunchError, type LaunchError, launchGameCode, openLaunch, startLaunch, getGameByCode } from "#app/modules/games/index.server.ts";
import { guardRealityCheck } from "#app/modules/protection/index.server.ts";
import { requirePlayer, safeRedirect } from "#app/modules/sessions/index.server.ts";
import { layoutFor } from "#app/utils/layout.server.ts";
import { headerBalance } from "../payments/balance.server.ts";
import type { Route } from "./+types/gamerun";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData ? [{ title: loaderData.title }] : []),
  { name: "robots", content: "noindex" },
];

const GAME_CODE = /^[A-Z0-9]{2,20}(-[A-Z0-9]+)+$/;
const launchSchema = z.object({
  code: z.string({ error: "gamerun.errors.gameCodeFormat" }).trim().max(100).regex(GAME_CODE, "gamerun.errors.gameCodeFormat"),
  from: z.string().max(2048).optional(),
});

/** What the player is shown for a failed launch: the provider's own message, else our translated text. */
function launchErrorText(context: Readonly<RouterContextProvider>, e: LaunchError) {
  const t = translator(context);
  if (e.code === "provider_error") return e.message;
  if (e.code === "game_unavailable") return t("gamerun.errors.gameUnavailable");
  if (e.code === "launch_invalid") return t("gamerun.launchInvalid");
  return t("gamerun.errors.unexpected");
}

const gamerunHref = (params: Record<string, string>) => `/gamerun?${new URLSearchParams(params)}`;

/**
 * GET ?code=&from= shows the game with a Play form (auto-submitted with JavaScript); GET ?launch=<token> opens
 * the one-time launch and shows the game in an iframe. Login-gated: a guest goes to /login and comes back here.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { player } = requirePlayer(context, url);
  // Before the one-time launch is spent: after the reality check the player comes back to this same URL.
  const reality = await guardRealityCheck(context, url);
  const t = translator(context);
  const from = safeRedirect(url.searchParams.get("from"), "/games");
  const area = areaBundle(context, "gamerun");
  const token = url.searchParams.get("launch");
  if (token) {
    try {
      const opened = await openLaunch(token, player.id);
      const view = {
        kind: "playing" as const,
        game: opened.game,
        url: opened.url,
        close: safeRedirect(url.searchParams.get("from") ?? opened.returnTo, "/games"),
      };
      return { title: opened.game.name, area, view, balance: await headerBalance(player.id), reality };
    } catch (e) {
      if (!isLaunchError(e)) throw e;
      const code = await launchGameCode(token, player.id);
      const found = code ? await getGameByCode(code) : undefined;
      const game = found ? { code: found.game.code, name: found.game.name, poster: found.game.poster } : null;
      return data(
        { title: t("gamerun.launchInvalid"), area, view: { kind: "invalid" as const, game, from }, balance: null, reality },
        { status: 410 },
      );
    }
  }
  const code = url.searchParams.get("code")?.trim() ?? "";
  const found = GAME_CODE.test(code) ? await getGameByCode(code) : undefined;
  if (!found)
    return data(
      { title: t("gamerun.errors.gameUnavailable"), area, view: { kind: "missing" as const, from }, balance: null, reality },
      { status: 404 },
    );
  const game = { code: found.game.code, name: found.game.name, poster: found.game.poster };
  return { title: t("gamerun.title", { name: game.name }), area, view: { kind: "ready" as const, game, from }, balance: null, reality };
}

/** Play: starts a launch and redirects to /gamerun?launch=<token>; a failure stays here with the spec's text. */
/** A spent launch cannot be opened again: a revalidation of the same URL (after a reality check's acknowledgement) would end the game. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.searchParams.has("launch") && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  await guardRealityCheck(context, url);
  const submission = parseWithZod(await request.formData(), { schema: launchSchema });
  if (submission.status !== "success") return data({ error: translate(context, "gamerun.errors.gameUnavailable") }, { status: 400 });
  const from = safeRedirect(submission.value.from, "/games");
  try {
    const { token } = await startLaunch({
      playerId: player.id,
      gameCode: submission.value.code,
      device: layoutFor(request.headers.get("user-agent")),
      returnTo: from,
      lang: getLocale(context) === "bn" ? "bn" : "en",
    });
    return redirect(gamerunHref({ launch: token, from }));
  } catch (e) {
    if (!isLaunchError(e)) throw e;
    return data({ error: launchErrorText(context, e) }, { status: e.status });
  }
}

export default function GameRun({ loaderData, actionData }: Route.ComponentProps) {
  useArea(loaderData.area);
  // The frame's responsible-gaming link renders before the modal that would add these strings (see GameProtection).
  useArea(loaderData.reality.area);
  const { t } = useTranslation();
  const { view } = loaderData;
  if (view.kind === "playing")
    return (
      <>
        <GameFrame
          name={view.game.name}
          url={view.url}
          closeHref={view.close}
          balance={loaderData.balance!}
          aside={<ResponsibleGamingLink compact />}
        />
        <RealityCheckModal reality={loaderData.reality} />
      </>
    );
  return (
    <main className="p-3 py-6" data-testid="gamerun-page">
      <div className="mx-auto max-w-sm">
        <GameProtection reality={loaderData.reality} />
      </div>
      {view.kind === "ready" ? <LaunchCard game={view.game} from={view.from} autoStart={!actionData?.error} error={actionData?.error} /> : null}
      {view.kind === "invalid" ? (
        <div className="mx-auto max-w-sm" data-testid="launch-invalid">
          <p className="mb-1 text-center font-semibold text-white" role="alert">
            {t("gamerun.launchInvalid")}
          </p>
          <p className="mb-3 text-center text-sm text-white/70">{t("gamerun.launchInvalidHint")}</p>
          {view.game ? <LaunchCard game={view.game} from={view.from} autoStart={false} again error={actionData?.error} /> : null}
        </div>
      ) : null}
      {view.kind === "missing" ? (
        <p className="mx-auto max-w-sm rounded-xl bg-panel p-4 text-center" role="alert">
          {t("gamerun.errors.gameUnavailable")}
        </p>
      ) : null}
      {view.kind !== "ready" || actionData?.error ? (
        <p className="mt-4 text-center">
          <a href={view.from} className="text-brand underline">
            {t("gamerun.backToGames")}
          </a>
        </p>
      ) : null}
    </main>
  );
}
