/**
 * A route whose page is the same for every guest (nothing in it depends on who asks, only on the address, the
 * language and its loaders' data) exports `handle = guestPageHandle`: the server may send guests a copy rendered a
 * moment ago (guest-page-cache.server.ts). Every route of the page must say so.
 */
export const guestPageHandle = { sameForEveryGuest: true } as const;

export function isGuestPage(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { sameForEveryGuest?: unknown }).sameForEveryGuest === true;
}
