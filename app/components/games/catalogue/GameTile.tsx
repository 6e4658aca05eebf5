import { FavouriteButton } from "./FavouriteButton.tsx";
import { gamerunHref } from "./links.ts";

export type TileGame = { id: number; code: string; name: string; provider: string; poster: string; isFavourite: boolean };

/** A game's poster, name and provider, linking to its launch; players also get the favourite star. */
export function GameTile({ game, from, canFavourite }: { game: TileGame; from: string; canFavourite: boolean }) {
  return (
    <li className="relative" data-testid="game-tile" data-code={game.code}>
      <a
        href={gamerunHref(game.code, from)}
        className="group flex h-full flex-col overflow-hidden rounded-lg bg-panel focus-visible:ring-2 focus-visible:ring-brand"
      >
        <img src={game.poster} alt="" width={200} height={200} loading="lazy" decoding="async" className="block aspect-square h-auto w-full" />
        <span className="px-2 pt-1.5 text-[0.78rem] font-semibold leading-tight group-hover:text-brand md:text-sm">{game.name}</span>
        <span className="px-2 pb-2 pt-0.5 text-[0.68rem] text-white/55 md:text-xs">{game.provider}</span>
      </a>
      {canFavourite ? <FavouriteButton gameId={game.id} name={game.name} isFavourite={game.isFavourite} from={from} /> : null}
    </li>
  );
}

export function GameGrid({ games, from, canFavourite }: { games: TileGame[]; from: string; canFavourite: boolean }) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] md:gap-3" data-testid="game-grid">
      {games.map((game) => (
        <GameTile key={game.id} game={game} from={from} canFavourite={canFavourite} />
      ))}
    </ul>
  );
}
