import type { Shape } from "../shape.ts";
import type en from "../en/casino.ts";

export default {} satisfies Shape<typeof en>;
