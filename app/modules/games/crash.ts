// Crash, the part pages and browsers use: the multiplier curve, the page's view of a round, live events, errors.
export * from "./house/crash/curve.ts";
export * from "./house/crash/errors.ts";
export * from "./house/crash/events.ts";
export * from "./house/crash/public.ts";
export * from "./house/crash/view.ts";
