import { useEffect } from "react";
import { useRefresh } from "#app/components/use-refresh.ts";

export const STAFF_CHAT_EVENTS_URL = "/admin/support/events";

/** The chat console reloads its data whenever a conversation changes (a message, take, assign, close). */
export function useStaffChatRefresh() {
  const refresh = useRefresh();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(STAFF_CHAT_EVENTS_URL);
    source.addEventListener("chat", refresh);
    return () => source.close();
  }, [refresh]);
}
