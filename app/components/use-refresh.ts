import { useCallback, useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

/**
 * For a push that says the page's data changed: reloads the data now when no reload and no navigation is under way,
 * else once it has ended. A reload under way may have read the data before the change the push is about, so a push
 * that arrives meanwhile is kept for afterwards instead of dropped (a chat message otherwise waited for the next push).
 * A form's submission is not interrupted either: a reload started while its page data loads after the action
 * replaces that navigation, and the action's answer (a cash-out's "you won") was lost.
 */
export function useRefresh(): () => void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = revalidator.state !== "idle" || navigation.state !== "idle";
  const latest = useRef({ revalidator, busy });
  latest.current = { revalidator, busy };
  const pending = useRef(false);
  useEffect(() => {
    if (busy || !pending.current) return;
    pending.current = false;
    void revalidator.revalidate();
  }, [busy, revalidator]);
  return useCallback(() => {
    if (latest.current.busy) pending.current = true;
    else void latest.current.revalidator.revalidate();
  }, []);
}
