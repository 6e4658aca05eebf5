import { useTranslation } from "#app/i18n/use-translation.ts";
import { useFetcher } from "react-router";

/**
 * A star that marks or unmarks a favourite: a POST form (works without JavaScript: the action redirects back to
 * `from`); with JavaScript a fetcher shows the new state at once. It posts the wanted state, so a double tap is harmless.
 */
export function FavouriteButton({ gameId, name, isFavourite, from }: { gameId: number; name: string; isFavourite: boolean; from: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("favourite");
  const on = pending === undefined || pending === null ? isFavourite : pending === "1";
  return (
    <fetcher.Form method="post" action="/games/favourite" preventScrollReset className="absolute right-1 top-1">
      <input type="hidden" name="gameId" value={gameId} />
      <input type="hidden" name="favourite" value={on ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={from} />
      <button
        type="submit"
        className={`flex h-8 w-8 items-center justify-center rounded-full bg-black/55 text-lg leading-none ${on ? "text-brand" : "text-white/80"} hover:text-brand focus-visible:ring-2 focus-visible:ring-brand`}
        aria-pressed={on}
        aria-label={t(on ? "casino.removeFavourite" : "casino.addFavourite", { name })}
        title={t(on ? "casino.removeFavourite" : "casino.addFavourite", { name })}
        data-testid="favourite-button"
      >
        <span aria-hidden="true">{on ? "★" : "☆"}</span>
      </button>
    </fetcher.Form>
  );
}
