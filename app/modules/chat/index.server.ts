// The chat module's server entry: what other modules and routes may use. Everything else is private.
export {
  assignChat,
  closeChat,
  getChatForStaff,
  getPlayerChat,
  listMessages,
  listPlayerChats,
  listQueue,
  listSupportStaff,
  openChat,
  sendPlayerMessage,
  staffReply,
} from "./chat.server.ts";
export type { ChatMessage, QueueFilter } from "./chat.server.ts";
export { openChatQueueSql } from "./report-sources.server.ts";
