import { declarePage } from "#app/routes/admin/page-declaration.ts";

export const page = declarePage({
  page: "support",
  roles: ["admin", "support"],
  menu: [
    { to: "/admin/support/inbox", labelKey: "inbox.admin.menu", order: 110 },
    { to: "/admin/support/chats", labelKey: "chat.admin.menu", order: 120 },
  ],
});
