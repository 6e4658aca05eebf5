// /reality-check: the reality check as a page, where a game page sends the player (without JavaScript) when a
// check is due; acknowledging restarts the interval and goes back to the game. With JavaScript the game page's
// modal loads its figures from this loader and posts its acknowledgement here (without redirectTo: it stays).
import { translate } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { data, Form, redirect } from "react-router";
import { SubmitButton } from "#app/components/forms/SubmitButton.tsx";
import { RealityFigures, RealityLinks } from "#app/components/protection/RealityCheckParts.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { realityFiguresText, acknowledgeReality } from "#app/modules/protection/index.server.ts";
import { requirePlayer, safeRedirect } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/reality-interstitial";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData ? [{ title: loaderData.title }] : []),
  { name: "robots", content: "noindex" },
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const { player, token } = requirePlayer(context, url);
  const figures = await realityFiguresText(context, player.id, token);
  return {
    title: translate(context, "protectionReality.title"),
    area: areaBundle(context, "protectionReality"),
    figures,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "/"),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { player, token } = requirePlayer(context, url);
  const form = await request.formData();
  const now = new Date();
  const acked = await acknowledgeReality(player.id, token, now);
  const back = form.get("redirectTo");
  if (back !== null) return redirect(safeRedirect(back, "/"));
  if (!acked) return data({ ok: false as const, dueAt: null, dueInMs: null }, { status: 409 });
  const dueAt = acked.dueAt;
  return { ok: true as const, dueAt: dueAt?.toISOString() ?? null, dueInMs: dueAt ? dueAt.getTime() - now.getTime() : null };
}

export default function RealityInterstitial({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-md p-3 py-6" data-testid="reality-interstitial">
      <section className="rounded-xl bg-panel p-4" aria-labelledby="reality-title">
        <h1 id="reality-title" className="text-xl font-bold text-white">
          {t("protectionReality.title")}
        </h1>
        <p className="mt-1 text-sm text-white/80">{t("protectionReality.check.intro")}</p>
        <RealityFigures figures={loaderData.figures} />
        <Form method="post" action="/reality-check">
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <SubmitButton
            label={t("protectionReality.check.acknowledge")}
            pendingLabel={t("protectionReality.check.acknowledging")}
            action="/reality-check"
          />
        </Form>
        <RealityLinks />
        <p className="mt-3 text-sm">
          <a className="text-brand underline" href="/account/responsible-gaming/reality-check">
            {t("protectionReality.check.settingLink")}
          </a>
        </p>
      </section>
    </main>
  );
}
