import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/**
 * The action's answer, kept until this page submits to `action` again. React Router drops actionData on any later
 * revalidation, and a live page (Crash) revalidates on its own events: the answer would vanish while the player
 * still reads it. Server-rendered (no JavaScript) the answer page simply shows actionData.
 */
export function useLastingActionData<T>(actionData: T | undefined, action: string): T | undefined {
  const [kept, setKept] = useState(actionData);
  const [seen, setSeen] = useState(actionData);
  if (actionData !== seen) {
    // A new answer replaces the kept one; a revalidation (actionData gone) leaves it.
    setSeen(actionData);
    if (actionData !== undefined) setKept(actionData);
  }
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  useEffect(() => {
    if (submitting) setKept(undefined);
  }, [submitting]);
  return submitting ? undefined : kept;
}
