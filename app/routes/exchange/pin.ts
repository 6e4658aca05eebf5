import { redirect } from "react-router";
import { pinFormSchema } from "#app/components/exchange/schemas.ts";
import { setPinned } from "#app/modules/exchange/index.server.ts";
import { requirePlayer, safeRedirect } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/pin";

export function loader() {
  return redirect("/exchange-multi");
}

/** POST /exchange/pin: 'Add to Multi Markets' (pin=1) or remove (pin=0), then back to the page it came from. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const { player } = requirePlayer(context, url);
  const parsed = pinFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return new Response("Choose a market to pin.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  await setPinned(player.id, parsed.data.market, parsed.data.pin === "1");
  return redirect(safeRedirect(parsed.data.redirectTo, "/exchange-multi"));
}
