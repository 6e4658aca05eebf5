import { data } from "react-router";

/** The :id of /admin/players/:id and its tabs as a player id; anything that cannot be one is a 404. */
export function playerId(params: { id?: string }) {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw data(null, { status: 404 });
  return id;
}
