/** "rahim99" -> "ra***9": another player's name where players see each other (Crash bets, races). */
export function maskName(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}
