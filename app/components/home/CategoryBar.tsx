import { useTranslation } from "#app/i18n/use-translation.ts";
import { Link } from "react-router";
import type { HomeContent } from "#app/modules/content/index.server.ts";
// A hashed file under /assets (never inlined: <use> cannot point into a data: URL), built by scripts/icon-sprite.ts.
import spriteUrl from "./category-icons.svg?url&no-inline";

/** The seeded icons (/demo/categories/<slug>.svg) are symbols of one sprite; an icon staff uploaded is its own image. */
const SPRITE_ICON = /^\/demo\/categories\/([a-z0-9-]+)\.svg$/;

function CategoryIcon({ icon }: { icon: string }) {
  const symbol = SPRITE_ICON.exec(icon)?.[1];
  if (!symbol) return <img src={icon} alt="" width={28} height={28} loading="lazy" decoding="async" />;
  return (
    <svg width="28" height="28" aria-hidden="true" data-icon={symbol}>
      <use href={`${spriteUrl}#${symbol}`} />
    </svg>
  );
}

/** Plain links that reload the games grid from the server (client navigation with JavaScript, a page load without). */
export function CategoryBar({ categories, active }: { categories: HomeContent["categories"]; active: string | null }) {
  const { t } = useTranslation();
  const entries = [{ slug: null, name: t("home.allGames"), icon: null }, ...categories];
  return (
    <nav className="category-bar" aria-label={t("home.categories")} data-testid="category-bar">
      <ul>
        {entries.map((c) => {
          const current = c.slug === active;
          return (
            <li key={c.slug ?? "all"}>
              <Link
                to={c.slug ? `/?category=${encodeURIComponent(c.slug)}#games` : "/#games"}
                className={current ? "category-link is-active" : "category-link"}
                aria-current={current ? "page" : undefined}
                preventScrollReset
              >
                {c.icon ? (
                  <CategoryIcon icon={c.icon} />
                ) : (
                  <svg viewBox="0 0 48 48" width="28" height="28" aria-hidden="true">
                    <path d="M8 8h13v13H8zM27 8h13v13H27zM8 27h13v13H8zM27 27h13v13H27z" fill="currentColor" />
                  </svg>
                )}
                <span>{c.name}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
