// The simulated provider's spin form, as the browser and the server both check it. Messages are "gamerun.*" keys.
import { z } from "zod";

export const simSpinSchema = z.object({
  stake: z
    .string({ error: "gamerun.sim.stakeFormat" })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, "gamerun.sim.stakeFormat"),
});
