import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import type { HomeContent } from "#app/modules/content/content.server.ts";
import { CategoryBar } from "./CategoryBar.tsx";
import { LOGIN_TO_PLAY } from "./TileRows.tsx";

/**
 * The featured games grid (section id "games", the category links' target). Guests go to the login page;
 * for players launching arrives with the games catalogue, so their tiles are not links yet.
 */
export function FeaturedGames({ content, loggedIn }: { content: Pick<HomeContent, "games" | "categories" | "activeCategory">; loggedIn: boolean }) {
  const { t } = useTranslation();
  const { games, categories, activeCategory } = content;
  const navigation = useNavigation();
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
                <img src={game.thumbnail} alt="" width={200} height={200} loading="lazy" decoding="async" />
                <span className="game-name">{game.name}</span>
                <span className="game-provider">
                  <span className="sr-only">{t("home.provider")}: </span>
                  {game.provider}
                </span>
              </>
            );
            return (
              <li key={game.id} data-testid="game-tile" data-code={game.code}>
                {loggedIn ? (
                  <div className="game-tile" title={t("home.gameComingSoonHint")}>
                    {body}
                    <span className="game-tag">{t("home.gameComingSoon")}</span>
                  </div>
                ) : (
                  <a href={LOGIN_TO_PLAY} className="game-tile" aria-label={`${game.name} – ${t("home.loginToPlay")}`}>
                    {body}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
