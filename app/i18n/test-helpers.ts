// Tests read form errors as a person would: the message tokens an action answers with, translated as ErrorList does.
import { english } from "#app/modules/api/english.server.ts";
import { parseMessageToken } from "./message.ts";

export function inEnglish(token: string) {
  const { key, params } = parseMessageToken(token);
  return english(key, params);
}

/** Every message token in a JSON answer (conform's error lists) replaced by its English text. */
export function answerInEnglish(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (Array.isArray(v) && v.every((x) => typeof x === "string") ? v.map(inEnglish) : v));
}
