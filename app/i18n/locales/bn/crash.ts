import type { Shape } from "../shape.ts";
import type en from "../en/crash.ts";

export default {} satisfies Shape<typeof en>;
