// The profile module's browser-safe entry: what components and routes may use in the browser.
export { birthdayField, codeField, contactEditSchema } from "./validation.ts";
export { MAX_PAGE, PLAYER_PAGE_SIZE, activityWindows, playerListFields, playerListInput, playerListSchema, playerSorts } from "./player-list.ts";
export type { PlayerListField, PlayerListQuery, PlayerSort } from "./player-list.ts";
