// The content module's browser-safe entry: what components and routes may use in the browser.
export { contentFormSchema, contentKindNames, contentKinds, isContentKind } from "./admin-kinds.ts";
export type { ContentKind, FieldDef } from "./admin-kinds.ts";
export { socialPlatforms } from "./social-platforms.ts";
export type { SocialPlatform } from "./social-platforms.ts";
