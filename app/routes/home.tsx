import { translate } from "#app/i18n/translate.server.ts";
import "../components/home/home.css";
import { AnnouncementMarquee } from "#app/components/home/AnnouncementMarquee.tsx";
import { BannerSlider } from "#app/components/home/BannerSlider.tsx";
import { ContactDock, ContactSection } from "#app/components/home/ContactPanel.tsx";
import { FeaturedGames } from "#app/components/home/FeaturedGames.tsx";
import { SiteFooter } from "#app/components/home/SiteFooter.tsx";
import { FavouritesRow, FeaturesRow } from "#app/components/home/TileRows.tsx";
import { getLocale } from "#app/i18n/i18n.server.ts";
import { getHomeContent } from "#app/modules/content/index.server.ts";
import { getAuth } from "#app/modules/sessions/index.server.ts";
import { useRootData } from "#app/root.tsx";
import { guestPageHandle } from "#app/utils/guest-page.ts";
import { formatDhaka } from "#app/kernel/dhaka-time.ts";
import type { Route } from "./+types/home";

// A guest's home page depends only on the address, the language and what the loaders read (see guest-page.ts).
export const handle = guestPageHandle;

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.siteTitle }] : [];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const content = await getHomeContent({
    locale: getLocale(context),
    category: url.searchParams.get("category"),
    playerId: getAuth(context)?.player.id,
  });
  return { ...content, metaDescription: translate(context, "home.metaDescription"), year: formatDhaka(Date.now(), "YYYY") };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const loggedIn = !!root?.player;
  const { banners, announcements, favourites, myGames, features, contacts, footer, siteTitle, year } = loaderData;
  return (
    <>
      <main className="home">
        <h1 className="sr-only">{siteTitle}</h1>
        <BannerSlider slides={banners} />
        <AnnouncementMarquee items={announcements} />
        <FavouritesRow slides={favourites} loggedIn={loggedIn} games={myGames} />
        <FeaturedGames content={loaderData} />
        <FeaturesRow slides={features} />
        <div className="mobile-only">
          <ContactSection contacts={contacts} />
        </div>
      </main>
      {/* A phone never shows the desktop dock: leave it out of the page (a desktop keeps both for narrow windows). */}
      {root?.layout === "mobile" ? null : (
        <div className="desktop-only">
          <ContactDock contacts={contacts} />
        </div>
      )}
      <SiteFooter footer={footer} siteTitle={siteTitle} year={year} />
    </>
  );
}
