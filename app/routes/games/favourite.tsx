import { translate } from "#app/i18n/translate.server.ts";
import { redirect } from "react-router";
import { z } from "zod";
import { toggleFavourite } from "#app/modules/games/index.server.ts";
import { getAuth, safeRedirect } from "#app/modules/sessions/index.server.ts";
import { idField } from "#app/utils/ids.ts";
import type { Route } from "./+types/favourite";

const schema = z.object({
  gameId: idField,
  /** The wanted state ("1" mark, "0" unmark); absent: flip. */
  favourite: z.enum(["0", "1"]).optional(),
  redirectTo: z.string().optional(),
});

/** POST /games/favourite: marks or unmarks a game for the logged-in player, then back to the page it came from. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const back = safeRedirect(typeof form.redirectTo === "string" ? form.redirectTo : null, "/games");
  const auth = getAuth(context);
  if (!auth) throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
  const parsed = schema.safeParse(form);
  const message = translate(context, "casino.gameUnavailable");
  if (!parsed.success) return Response.json({ error: message }, { status: 400 });
  const want = parsed.data.favourite === undefined ? undefined : parsed.data.favourite === "1";
  const state = await toggleFavourite(auth.player.id, parsed.data.gameId, want);
  if (state === null) return Response.json({ error: message }, { status: 404 });
  return redirect(back);
}

/** Nothing to show here: a GET goes to the catalogue. */
export function loader() {
  return redirect("/games");
}
