import { log as rootLog } from "#app/kernel/log.server.ts";

const log = rootLog.child({ module: "outbox" });

export type OutgoingMessage = { channel: "sms" | "email"; recipient: string; subject: string; body: string };

/** Whatever actually delivers a message. Throwing marks the attempt failed; it is retried later. */
export interface MessageGateway {
  send(message: OutgoingMessage): Promise<void>;
}

/**
 * Built-in: works on a fresh machine by printing the message to the server log (like a dev mail catcher), at info
 * level under the module "outbox": a readable "[outbox] SMS to ..." line, or a JSON line whose msg is the message.
 */
export const logGateway: MessageGateway = {
  async send(m) {
    log.info(`${m.channel.toUpperCase()} to ${m.recipient}${m.subject ? ` — ${m.subject}` : ""}\n${m.body}`);
  },
};

/** A real SMS gateway over HTTP: POST {to, message} with a bearer token; any non-2xx is a failure. */
export function httpSmsGateway(url: string, token: string | undefined, fetchImpl: typeof fetch = fetch): MessageGateway {
  return {
    async send(m) {
      const res = await fetchImpl(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: m.recipient, message: m.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    },
  };
}
