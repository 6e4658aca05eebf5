import type { Shape } from "../shape.ts";
import type en from "../en/adminGames.ts";

export default {} satisfies Shape<typeof en>;
