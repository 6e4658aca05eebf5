export type OutgoingMessage = { channel: "sms" | "email"; recipient: string; subject: string; body: string };

/** Whatever actually delivers a message. Throwing marks the attempt failed; it is retried later. */
export interface MessageGateway {
  send(message: OutgoingMessage): Promise<void>;
}

/** Built-in: works on a fresh machine by printing the message to the server log (like a dev mail catcher). */
export const logGateway: MessageGateway = {
  async send(m) {
    console.log(`[outbox] ${m.channel.toUpperCase()} to ${m.recipient}${m.subject ? ` — ${m.subject}` : ""}\n${m.body}`);
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
