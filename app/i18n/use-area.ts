import { useTranslation } from "#app/i18n/use-translation.ts";
import type { AreaBundle } from "./areas.server.ts";

/** Adds route-scoped areas (sent by the route's loader, or by its action for its messages) to the browser's catalogue before the route renders. */
export function useArea(bundles: AreaBundle | readonly (AreaBundle | undefined)[] | undefined) {
  const { i18n } = useTranslation();
  for (const bundle of Array.isArray(bundles) ? bundles : bundles ? [bundles as AreaBundle] : []) {
    if (bundle && !i18n.getResource(bundle.lng, "translation", bundle.area)) {
      i18n.addResourceBundle(bundle.lng, "translation", { [bundle.area]: bundle.strings }, true, false);
    }
  }
}
