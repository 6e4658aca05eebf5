// Plain values shared by the schema, the server and the browser (no database imports here).
import type { DhakaRangeName } from "#app/kernel/dhaka-time.ts";

export const channelTypes = ["Agent", "Personal"] as const;
export type ChannelType = (typeof channelTypes)[number];

/** A deposit's channel: a manual transfer to one of our numbers, or a merchant checkout at the wallet's gateway. */
export type DepositChannelType = ChannelType | "Gateway";

/** How the original site labels each channel type. */
export const channelLabels: Record<ChannelType, "CashOut" | "Send Money"> = { Agent: "CashOut", Personal: "Send Money" };

/** cancelled: the player reverted it while it was pending (nothing was credited; a withdrawal's hold was voided). */
export const reviewStatuses = ["pending", "approved", "rejected", "cancelled"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** Transaction statuses as players see them (spec: 0 pending/processing, 1 success, 2 fail). */
export const transactionStatuses = ["pending", "success", "fail"] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/** vip: a VIP point conversion (VP credited to main as money); race: a wager race's prize (paid by the races job). */
export const transactionTypes = ["deposit", "withdraw", "adjustment", "vip", "race"] as const;
export type TransactionType = (typeof transactionTypes)[number];

export const dateRanges = ["today", "yesterday", "7d", "all"] as const;
export type DateRange = (typeof dateRanges)[number];
/** The Dhaka range (app/kernel/dhaka-time.ts) each filter value names: "7d" is the kernel's "last7"; "all" has no bounds. */
export const dateRangeOf: Record<DateRange, DhakaRangeName | null> = { today: "today", yesterday: "yesterday", "7d": "last7", all: null };

export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** Minutes after a rejection before the player may edit and resubmit the deposit, until a setting says otherwise. */
export const RESUBMIT_WAIT_MINUTES_DEFAULT = 5;
/** What "You can edit after N minutes" says: whole minutes, rounded up. */
export const minutesLeft = (until: Date, now: Date) => Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 60_000));

/** A payment method's tile badge ("+2%"): at most this many characters, no control characters or angle brackets. */
export const METHOD_TAG_MAX = 12;
export const METHOD_TAG = /^[^\u0000-\u001f\u007f<>]{1,12}$/u;
