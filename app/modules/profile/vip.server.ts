// VIP placeholders for the profile page and /api/user/show.
// TODO(VIP engineer): replace both with the VIP module's real level and points; every caller goes through these two.

/** The player's current VIP level name. Every player is at the starting level until the VIP module exists. */
export async function currentVipLevelName(_playerId: number): Promise<string> {
  return "Normal";
}

/** The player's VIP points (the API's vip_coin). Zero until the VIP module exists. */
export async function currentVipPoints(_playerId: number): Promise<number> {
  return 0;
}
