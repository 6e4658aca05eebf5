// Crash's server half: the verifier's recomputation, the page's data, bets and cash-outs (the engine runs the rounds).
import { z } from "zod";
import { type HouseServerGame, hundredthsText } from "../game.ts";
import { cashOut, placeBet } from "./bets.server.ts";
import { crashPointFromHash } from "./fair.ts";
import { crashGame } from "./game.ts";
import { crashPageData } from "./page-data.server.ts";

const inputs = z.object({
  hash: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/),
  salt: z.string().min(1).max(256),
});

export const crashServer = {
  game: crashGame,
  verify(values) {
    const parsed = inputs.safeParse(values);
    if (!parsed.success) return null;
    return { game: "crash", crashPoint: hundredthsText(crashPointFromHash(parsed.data.hash, parsed.data.salt)) };
  },
  pageData: crashPageData,
  play: { bet: placeBet, cashOut },
} satisfies HouseServerGame;
