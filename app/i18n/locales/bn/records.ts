import type { Shape } from "../shape.ts";
import type en from "../en/records.ts";

export default {} satisfies Shape<typeof en>;
