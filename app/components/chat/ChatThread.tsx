import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";

export type ThreadMessage = { id: number; mine: boolean; author: string; content: string; time: string };

/** A conversation's messages, oldest first, kept scrolled to the newest. */
export function ChatMessages({ messages, empty }: { messages: ThreadMessage[]; empty: string }) {
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1)?.id;
  // Braces on purpose: Chromium's scrollIntoView now returns a promise, which React would take for a clean-up.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [last]);
  if (messages.length === 0) return <p className="p-4 text-center text-sm text-white/60">{empty}</p>;
  return (
    <ol className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto p-3" data-testid="chat-messages" aria-live="polite">
      {messages.map((m) => (
        <li
          key={m.id}
          className={`max-w-[85%] rounded-xl px-3 py-2 ${m.mine ? "self-end bg-brand/90 text-black" : "self-start bg-white/10"}`}
          data-testid="chat-message"
        >
          <span className={`block text-[0.65rem] ${m.mine ? "text-black/60" : "text-white/50"}`}>
            {m.author} · <span className="tabular-nums">{m.time}</span>
          </span>
          <span className="whitespace-pre-wrap break-words text-sm">{m.content}</span>
        </li>
      ))}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}

/**
 * The message form: a plain POST to `action` (post, redirect, works without JavaScript). With JavaScript an empty or
 * whitespace-only message is not sent at all, and the box empties once the message went out.
 */
export function ChatForm({
  action,
  error,
  label,
  sendLabel,
  sendingLabel,
  emptyMessage,
  placeholder,
}: {
  action: string;
  error: string | null;
  label: string;
  sendLabel: string;
  sendingLabel: string;
  emptyMessage: string;
  placeholder: string;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const [localError, setLocalError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending && !error) form.current?.reset();
    wasSending.current = sending;
  }, [sending, error]);
  const shown = localError ?? error;
  return (
    <Form
      ref={form}
      method="post"
      action={action}
      className="flex flex-col gap-1 border-t border-white/10 p-3"
      onSubmit={(e) => {
        const content = new FormData(e.currentTarget).get("content");
        if (typeof content !== "string" || !content.trim()) {
          e.preventDefault();
          setLocalError(emptyMessage);
        } else setLocalError(null);
      }}
      data-testid="chat-form"
    >
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor="chat-content">
          {label}
        </label>
        <textarea
          id="chat-content"
          name="content"
          rows={2}
          maxLength={2000}
          placeholder={placeholder}
          className="min-h-11 flex-1 resize-none rounded-lg border border-white/15 bg-ink px-3 py-2 text-sm"
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? "chat-error" : undefined}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          data-testid="chat-input"
        />
        <button type="submit" className="btn-primary shrink-0" disabled={sending} data-testid="chat-send">
          {sending ? sendingLabel : sendLabel}
        </button>
      </div>
      {shown ? (
        <p id="chat-error" role="alert" className="text-sm text-red-300" data-testid="chat-error">
          {shown}
        </p>
      ) : null}
    </Form>
  );
}
