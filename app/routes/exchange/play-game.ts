import { redirect } from "react-router";
import type { Route } from "./+types/play-game";

/** /player/playGame?t=sport&v=CRICKET (the original's exchange link): our exchange's in-play list; anything else goes to the sports games. */
export function loader({ url }: Route.LoaderArgs) {
  const sport = url.searchParams.get("t")?.toLowerCase() === "sport" ? url.searchParams.get("v")?.toLowerCase() : undefined;
  return redirect(sport === "cricket" || sport === "soccer" || sport === "tennis" ? "/exchange-inplay" : "/sports");
}
