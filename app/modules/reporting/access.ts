// Which parts of the dashboard each staff role sees (browser-safe). See README.md ("Who sees what").
import type { StaffRole } from "#app/modules/staff/index.ts";

export const dashboardSections = ["money", "casino", "exchange", "players", "retention"] as const;
export type DashboardSection = (typeof dashboardSections)[number];
export const queueNames = ["deposits", "withdrawals", "chats", "reviews"] as const;
export type QueueName = (typeof queueNames)[number];

const SECTIONS: Record<StaffRole, readonly DashboardSection[]> = {
  admin: dashboardSections,
  finance: ["money", "casino", "exchange", "players", "retention"],
  trader: ["exchange"],
  support: ["players"],
  content: ["players", "retention"],
};
const QUEUES: Record<StaffRole, readonly QueueName[]> = {
  admin: queueNames,
  finance: ["deposits", "withdrawals", "reviews"],
  trader: [],
  support: ["chats", "deposits", "withdrawals"],
  content: [],
};

/** The sections a set of roles may see (the union of each role's). */
export function sectionsFor(roles: readonly StaffRole[]): DashboardSection[] {
  return dashboardSections.filter((s) => roles.some((r) => SECTIONS[r].includes(s)));
}

/** The queues a set of roles may see. */
export function queuesFor(roles: readonly StaffRole[]): QueueName[] {
  return queueNames.filter((q) => roles.some((r) => QUEUES[r].includes(q)));
}
