/** Opening a game: /gamerun launches it for a player and sends a guest to log in and back. `from` is where Close returns. */
export function gamerunHref(code: string, from: string) {
  return `/gamerun?${new URLSearchParams({ code, from })}`;
}

/** The /games view of one provider within one game type (the side menu's provider entries). */
export function providerGamesHref(type: string, platform: string, name: string) {
  return `/games?${new URLSearchParams({ type, system: platform, title: name })}`;
}
