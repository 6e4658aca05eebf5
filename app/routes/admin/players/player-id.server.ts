import { data } from "react-router";
import { toId } from "#app/utils/ids.ts";

/** The :id of /admin/players/:id and its tabs as a player id; anything that cannot be one is a 404. */
export function playerId(params: { id?: string }) {
  const id = toId(params.id);
  if (id === null) throw data(null, { status: 404 });
  return id;
}
