import { useCallback, useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * For a push that says the page's data changed: reloads the data now when no reload is under way, else once the one
 * under way has ended. A reload under way may have read the data before the change the push is about, so a push that
 * arrives meanwhile is kept for afterwards instead of dropped (a chat message otherwise waited for the next push).
 */
export function useRefresh(): () => void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const pending = useRef(false);
  useEffect(() => {
    if (revalidator.state !== "idle" || !pending.current) return;
    pending.current = false;
    void revalidator.revalidate();
  }, [revalidator]);
  return useCallback(() => {
    if (latest.current.state === "idle") void latest.current.revalidate();
    else pending.current = true;
  }, []);
}
