// The inbox module's server entry: what other modules and routes may use. Everything else is private.
export {
  getInboxMessage,
  listInbox,
  listSentMessages,
  liveUnreadCount,
  notifyInbox,
  postSystemMessage,
  sendInboxMessage,
  unreadCount,
  updateInbox,
} from "./inbox.server.ts";
export type { InboxItem } from "./inbox.server.ts";
