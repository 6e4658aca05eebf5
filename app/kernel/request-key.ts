// A request key: the idempotency key a page puts in its form (or the browser's autobet loop sends with each bet), so
// a replayed request (a double tap, a retry after a lost answer) is done once. One alphabet and length everywhere.
import { z } from "zod";

/** Letters, digits, "_" and "-", 8 to 64 characters. */
export const REQUEST_KEY = /^[\w-]{8,64}$/;

/** An autobet run's key; each bet of the run sends `<run key>-<bet number>` (at most 100 bets: still a request key). */
export const RUN_KEY = /^[\w-]{8,60}$/;

export const isRequestKey = (key: unknown): key is string => typeof key === "string" && REQUEST_KEY.test(key);

/** The form field; `message` is the field's error key where the form shows one. */
export const requestKeyField = (message?: string) => z.string(message ? { error: message } : undefined).regex(REQUEST_KEY, message);
