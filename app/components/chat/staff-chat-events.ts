import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

export const STAFF_CHAT_EVENTS_URL = "/admin/support/events";

/** The chat console reloads its data whenever a conversation changes (a message, take, assign, close). */
export function useStaffChatRefresh() {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(STAFF_CHAT_EVENTS_URL);
    source.addEventListener("chat", () => {
      if (latest.current.state === "idle") void latest.current.revalidate();
    });
    return () => source.close();
  }, []);
}
