import { listSliders } from "#app/modules/content/index.server.ts";
import { checkMethod, PUBLIC_CACHE, rejectMethod, sliderEntry } from "#app/modules/api/index.server.ts";
import type { Route } from "./+types/sliders";

/** GET /api/sliders → the active sliders of every type: [{ id, status, slider_type, link, thubmnail, title, title_bn }]. */
export async function loader({ request }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const rows = await listSliders();
  return Response.json(rows.map(sliderEntry), { headers: PUBLIC_CACHE });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
