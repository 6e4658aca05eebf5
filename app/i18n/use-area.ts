import { useTranslation } from "react-i18next";
import type { AreaBundle } from "./areas.server.ts";

/** Adds a route-scoped area (sent by the route's loader) to the browser's catalogue before the route renders. */
export function useArea(bundle: AreaBundle | undefined) {
  const { i18n } = useTranslation();
  if (bundle && !i18n.getResource(bundle.lng, "translation", bundle.area)) {
    i18n.addResourceBundle(bundle.lng, "translation", { [bundle.area]: bundle.strings }, true, false);
  }
}
