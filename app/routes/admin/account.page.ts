import { declarePage } from "#app/routes/admin/page-declaration.ts";

/** The signed-in staff member's own account (password, two-factor sign-in, sessions): every role. */
export const page = declarePage({
  page: "account",
  roles: undefined,
  menu: [{ to: "/admin/account", labelKey: "admin.nav.account", order: 200 }],
});
