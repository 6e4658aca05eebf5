// One path for messages a person reads: code says what happened as { key, params } with a typed catalogue key, and
// one translator turns it into text in the reader's language (translate in translate.server.ts on the server,
// useMessageText in the browser). Form errors travel through conform as strings, so a message with values is carried as one token: the
// key, then its values as JSON ("payments.errors.amountRange{"min":"৳500"}"); a token without values is the bare key,
// which is what the shared zod schemas produce.
import type { i18n as I18n, ParseKeys, TFunction } from "i18next";
import { useTranslation } from "#app/i18n/use-translation.ts";

export type MessageKey = ParseKeys;
export type MessageParams = Record<string, string | number>;
export type Message = { key: MessageKey; params?: MessageParams };
/** A catalogue message to text in one language (translator() on the server). */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

export function messageToken(key: MessageKey, params?: MessageParams | null): string {
  return params && Object.keys(params).length ? `${key}${JSON.stringify(params)}` : key;
}

export function parseMessageToken(token: string): Message {
  const start = token.indexOf("{");
  if (start > 0) {
    try {
      const params: unknown = JSON.parse(token.slice(start));
      if (params && typeof params === "object") return { key: token.slice(0, start) as MessageKey, params: params as MessageParams };
    } catch {
      // not a token with values: the whole string is the key
    }
  }
  return { key: token as MessageKey };
}

type Translator = (key: string, options?: MessageParams) => string;

/** The text of a message (or token) with one i18next instance: the only place that turns a key into text. */
export function translateWith(t: TFunction | I18n["t"], message: Message | string): string {
  const { key, params } = typeof message === "string" ? parseMessageToken(message) : message;
  return (t as unknown as Translator)(key, params);
}

/** Every message of a conform reply (its form and field errors). */
export function replyMessages(reply: { error?: Record<string, string[] | null> | null } | undefined): string[] {
  return Object.values(reply?.error ?? {}).flatMap((list) => list ?? []);
}

/** In components: a function from a message or token to text in the page's language. */
export function useMessageText() {
  const { t } = useTranslation();
  return (message: Message | string) => translateWith(t, message);
}
