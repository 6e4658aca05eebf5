import { apiError, checkMethod, PUBLIC_CACHE, rejectMethod, english } from "#app/modules/api/index.server.ts";
import { listProvidersByPlatform, parseSystems } from "#app/modules/games/index.server.ts";
import type { Route } from "./+types/get-provider";

/**
 * GET /api/get-provider?system=["KA","JILI"] (a JSON list; a comma list or repeated parameters work too)
 * → { data: [{ platform, name }], message }; none known or none asked: data [] and 'No providers available'.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const refused = checkMethod(request, ["GET"]);
  if (refused) return refused;
  const { systems, invalid } = parseSystems(url.searchParams.getAll("system"));
  if (invalid) return apiError(400, "casino.api.providersError", { extra: { error: english("casino.api.invalidSystem") } });
  const providers = await listProvidersByPlatform(systems);
  const message = english(providers.length === 0 ? "casino.api.noProviders" : "casino.api.providers");
  return Response.json({ data: providers.map(({ platform, name }) => ({ platform, name })), message }, { headers: PUBLIC_CACHE });
}

export function action({ request }: Route.ActionArgs) {
  return rejectMethod(request, ["GET"]);
}
