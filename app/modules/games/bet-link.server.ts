// The id a round's shareable page goes by (/bet/<id>): the betting record's id and a tag only the server can make,
// "<round id>-<tag>", so nobody reaches another player's round by counting ids. The tag is the first 16 characters
// (96 bits, base64url) of an HMAC-SHA256 of the id under the app's session secret, which every instance shares: a
// link works on each of them (and stops working if the secret is ever replaced, like the sessions it signs).
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "#app/config/env.server.ts";

const TAG_LENGTH = 16;
// A betting-record id as the betting record writes it (no sign, no leading zero, at most 15 digits) and a tag.
const SHAPE = /^([1-9]\d{0,14})-([A-Za-z0-9_-]{16})$/;

const tagOf = (roundId: number) =>
  createHmac("sha256", getEnv().SESSION_SECRET).update(`bet-page:${roundId}`).digest("base64url").slice(0, TAG_LENGTH);

/** The page id of a round (its betting-record id): "<id>-<tag>". */
export function betPageId(roundId: number): string {
  return `${roundId}-${tagOf(roundId)}`;
}

/** The round id a page id names when its tag is the server's (compared in constant time); null for anything else. */
export function roundOfBetPageId(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const match = SHAPE.exec(text);
  if (!match) return null;
  const roundId = Number(match[1]);
  return timingSafeEqual(Buffer.from(match[2]!), Buffer.from(tagOf(roundId))) ? roundId : null;
}
