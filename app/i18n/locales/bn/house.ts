import type { Shape } from "../shape.ts";
import type en from "../en/house.ts";

export default {} satisfies Shape<typeof en>;
