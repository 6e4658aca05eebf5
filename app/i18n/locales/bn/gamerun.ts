import type { Shape } from "../shape.ts";
import type en from "../en/gamerun.ts";

export default {} satisfies Shape<typeof en>;
