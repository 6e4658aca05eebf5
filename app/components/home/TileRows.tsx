import { useTranslation } from "#app/i18n/use-translation.ts";
import { gamerunHref } from "#app/components/games/catalogue/links.ts";
import type { HomeContent } from "#app/modules/content/index.server.ts";

type Slide = HomeContent["favourites"][number];

export const LOGIN_TO_PLAY = "/login?redirectTo=/";

function TileRow({
  id,
  title,
  slides,
  className,
  width,
  height,
  hrefFor,
}: {
  id: string;
  title: string;
  slides: Slide[];
  className: string;
  width: number;
  height: number;
  hrefFor: (slide: Slide) => string | null;
}) {
  if (slides.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 className="section-title" id={`${id}-title`}>
        {title}
      </h2>
      <ul className={`tile-row ${className}`}>
        {slides.map((slide) => {
          const href = hrefFor(slide);
          const body = (
            <>
              <img src={slide.image} alt="" width={width} height={height} loading="lazy" decoding="async" />
              <span className="tile-caption">{slide.title}</span>
            </>
          );
          return (
            <li key={slide.id}>
              {href ? (
                <a href={href} className="tile">
                  {body}
                </a>
              ) : (
                <div className="tile">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Spec: a guest tapping a favourite goes to the login page; a player follows the favourite's link. A player who
 * has marked favourite games sees those instead (each opens the game, Close returns home).
 */
export function FavouritesRow({ slides, loggedIn, games = [] }: { slides: Slide[]; loggedIn: boolean; games?: HomeContent["myGames"] }) {
  const { t } = useTranslation();
  if (loggedIn && games.length > 0) {
    return (
      <TileRow
        id="favourites"
        title={t("home.favourites")}
        slides={games.map((g) => ({ id: g.id, title: g.name, image: g.poster, link: gamerunHref(g.code, "/") }))}
        className="tile-row-favourites"
        width={200}
        height={200}
        hrefFor={(s) => s.link}
      />
    );
  }
  return (
    <TileRow
      id="favourites"
      title={t("home.favourites")}
      slides={slides}
      className="tile-row-favourites"
      width={320}
      height={200}
      hrefFor={(s) => (loggedIn ? s.link : LOGIN_TO_PLAY)}
    />
  );
}

export function FeaturesRow({ slides }: { slides: Slide[] }) {
  const { t } = useTranslation();
  return (
    <TileRow
      id="features"
      title={t("home.features")}
      slides={slides}
      className="tile-row-features"
      width={360}
      height={160}
      hrefFor={(s) => s.link}
    />
  );
}
