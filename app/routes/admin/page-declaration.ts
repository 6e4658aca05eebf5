// The shape of the small file beside each admin route (e.g. games/page.ts): which staff roles may open the area and
// its entries in the admin header's menu. Browser-safe: these files are imported by the header, so they import types only.
import type { ParseKeys } from "i18next";
import type { StaffRole } from "#app/modules/staff/index.ts";

export type AdminMenuEntry = {
  to: string;
  labelKey: ParseKeys<"translation">;
  /** Position in the header's menu, lowest first. */
  order: number;
};

export type AdminPageDeclaration = {
  page: string;
  /** Staff roles that may open the area; undefined: every signed-in staff member. */
  roles: readonly StaffRole[] | undefined;
  menu: readonly AdminMenuEntry[];
};

export function declarePage<const P extends AdminPageDeclaration>(page: P): P {
  return page;
}
