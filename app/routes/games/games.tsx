import { translator } from "#app/i18n/translate.server.ts";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { z } from "zod";
import { GameFilters } from "#app/components/games/catalogue/GameFilters.tsx";
import { GameGrid } from "#app/components/games/catalogue/GameTile.tsx";
import { NoGames } from "#app/components/games/catalogue/NoGames.tsx";
import { areaBundle } from "#app/i18n/areas.server.ts";
import { useArea } from "#app/i18n/use-area.ts";
import { getSiteConfig } from "#app/modules/content/index.server.ts";
import { gameSorts, listGames, listProviders, listTypes, parseSystems } from "#app/modules/games/index.server.ts";
import { providerIconSrc, categoryTypes, isGameType, type GameType } from "#app/modules/games/index.ts";
import { getAuth } from "#app/modules/sessions/index.server.ts";
import type { Route } from "./+types/games";

// /games?type=&system=KA,JILI&q=&sort= and the category pages (/casino, /slot, ...: the same view of one type).
// `title` is the heading the side menu passes (a provider's name); `q` searches game names.
const querySchema = z.object({
  type: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.custom<GameType>(isGameType))
    .optional()
    .catch(undefined),
  q: z.string().trim().max(50).catch(""),
  title: z.string().trim().max(60).catch(""),
  sort: z.enum(gameSorts).catch("recommend"),
});

/** The game type of a category page (/slot → SLOT), or undefined on /games. */
function pageType(pathname: string): GameType | undefined {
  const slug = pathname.replace(/^\/+|\/+$/g, "").toLowerCase();
  return Object.hasOwn(categoryTypes, slug) ? categoryTypes[slug] : undefined;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const query = querySchema.parse({
    type: params.get("type") ?? undefined,
    q: params.get("q") ?? "",
    title: params.get("title") ?? "",
    sort: params.get("sort") ?? "recommend",
  });
  const categoryType = pageType(url.pathname);
  const type = categoryType ?? query.type;
  const { systems } = parseSystems(params.getAll("system"));
  const auth = getAuth(context);
  const [games, providers, types, site] = await Promise.all([
    listGames({ type, systems, title: query.q, sort: query.sort, playerId: auth?.player.id }),
    listProviders({ type }),
    categoryType ? Promise.resolve(null) : listTypes(),
    getSiteConfig(),
  ]);
  const t = translator(context);
  const typeName = type ? t(`casino.types.${type}`) : t("casino.allGames");
  const heading = query.title || typeName;
  return {
    area: areaBundle(context, "casino"),
    pageTitle: `${heading} | ${site.general.siteTitle}`,
    metaDescription: t("casino.metaDescription", { category: typeName, site: site.general.siteTitle }),
    heading,
    action: categoryType ? url.pathname : "/games",
    filter: { type: type ?? null, systems, q: query.q, sort: query.sort },
    providers: providers.map(({ platform, name, icon }) => ({ platform, name, icon: providerIconSrc(icon) })),
    types,
    games,
    loggedIn: !!auth,
    from: url.pathname + url.search,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: loaderData.pageTitle }];
}

export default function Games({ loaderData }: Route.ComponentProps) {
  useArea(loaderData.area);
  const { t } = useTranslation();
  const { heading, action, filter, providers, types, games, loggedIn, from } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-3 py-4" data-testid="games-page">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold">{heading}</h1>
        <p className="text-xs text-white/60" data-testid="games-count">
          {t("casino.found", { count: games.length })}
        </p>
      </div>
      <GameFilters key={from} action={action} filter={filter} providers={providers} types={types} />
      {games.length === 0 ? <NoGames resetHref={action} /> : <GameGrid games={games} from={from} canFavourite={loggedIn} />}
    </main>
  );
}
