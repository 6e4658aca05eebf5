// Crash, the part pages and browsers use: the multiplier curve, the page's view of a round, live events, errors.
export * from "./crash/curve.ts";
export * from "./crash/errors.ts";
export * from "./crash/events.ts";
export * from "./crash/public.ts";
export * from "./crash/view.ts";
