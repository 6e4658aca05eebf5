import { useTranslation } from "#app/i18n/use-translation.ts";
import { useNavigation } from "react-router";
import { gamerunHref } from "#app/components/games/catalogue/links.ts";
import type { HomeContent } from "#app/modules/content/index.server.ts";
import { categoryTypes } from "#app/modules/games/index.ts";
import { CategoryBar } from "./CategoryBar.tsx";

/**
 * The featured games grid (section id "games", the category links' target): the games staff feature in the
 * catalogue. Every tile opens /gamerun, which launches the game for a player and sends a guest to log in and back.
 */
export function FeaturedGames({ content }: { content: Pick<HomeContent, "games" | "categories" | "activeCategory"> }) {
  const { t } = useTranslation();
  const { games, categories, activeCategory } = content;
  const navigation = useNavigation();
  const moreHref = activeCategory && Object.hasOwn(categoryTypes, activeCategory) ? `/${activeCategory}` : "/games";
  const switching = navigation.state === "loading" && navigation.location.pathname === "/";
  return (
    <section className="home-section" id="games" aria-labelledby="games-title" aria-busy={switching || undefined} data-testid="featured-games">
      <h2 className="section-title" id="games-title">
        {t("home.featuredGames")}
      </h2>
      <CategoryBar categories={categories} active={activeCategory} />
      {games.length === 0 ? (
        <div className="empty-state" data-testid="no-games">
          <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
            <rect x="6" y="12" width="36" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
            <path d="M6 20h36" stroke="currentColor" strokeWidth="3" />
          </svg>
          <p className="empty-title">{t("home.noGames")}</p>
          <p>{t("home.noGamesHint")}</p>
          <a href="/#games" className="btn-secondary">
            {t("home.showAllGames")}
          </a>
        </div>
      ) : (
        <ul className="game-grid">
          {games.map((game) => {
            const body = (
              <>
                <img src={game.poster} alt="" width={200} height={200} loading="lazy" decoding="async" />
                <span className="game-name">{game.name}</span>
                <span className="game-provider">
                  <span className="sr-only">{t("home.provider")}: </span>
                  {game.provider}
                </span>
              </>
            );
            return (
              <li key={game.id} data-testid="game-tile" data-code={game.code}>
                {/* The link is named by what it shows (name, provider), so speech and voice control match the screen. */}
                <a href={gamerunHref(game.code, "/")} className="game-tile">
                  {body}
                </a>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-3 text-center">
        <a href={moreHref} className="btn-secondary inline-block text-sm" data-testid="more-games">
          {t("home.moreGames")}
        </a>
      </p>
    </section>
  );
}
