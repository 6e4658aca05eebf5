import { useEffect, useState } from "react";

/** False in the server HTML and the first browser render, true once JavaScript runs: for JS-only controls. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
