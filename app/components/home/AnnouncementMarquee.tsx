import { useTranslation } from "#app/i18n/use-translation.ts";
import type { HomeContent } from "#app/modules/content/index.server.ts";

/**
 * Pure CSS marquee: the list is drawn twice and the track slides by half its width, so the loop is seamless.
 * With prefers-reduced-motion it stands still and scrolls by hand (see home.css).
 */
export function AnnouncementMarquee({ items }: { items: HomeContent["announcements"] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  // About 8 characters a second reads comfortably on a phone.
  const seconds = Math.max(12, Math.round(items.reduce((n, a) => n + a.title.length + 8, 0) / 8));
  const list = (copy: boolean) => (
    <ul className="marquee-list" aria-hidden={copy || undefined}>
      {items.map((a) => (
        <li key={a.id}>
          {a.link ? (
            <a href={a.link} tabIndex={copy ? -1 : undefined}>
              {a.title}
            </a>
          ) : (
            a.title
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <section className="marquee" aria-label={t("home.announcements")} data-testid="announcements">
      <svg className="marquee-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M3 10v4h3l5 4V6L6 10H3zm13.5 2A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z"
          fill="currentColor"
        />
      </svg>
      <div className="marquee-viewport">
        <div className="marquee-track" style={{ "--marquee-duration": `${seconds}s` } as React.CSSProperties}>
          {list(false)}
          {list(true)}
        </div>
      </div>
    </section>
  );
}
