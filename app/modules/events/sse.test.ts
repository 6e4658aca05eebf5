import { describe, expect, it, vi } from "vitest";
import { liveEvents, sseFrame } from "./sse.server.ts";

const decoder = new TextDecoder();

describe("liveEvents", () => {
  it("sends each message as one server-sent event and ends the subscription when the client aborts", async () => {
    const abort = new AbortController();
    let stopped = 0;
    let emit: ((event: string, data: string) => void) | undefined;
    const response = liveEvents(
      abort.signal,
      (e) => {
        emit = e;
        e("market", '{"id":1}');
        return () => stopped++;
      },
      { heartbeatMs: 60_000 },
    );
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = response.body!.getReader();
    expect(decoder.decode((await reader.read()).value)).toBe('event: market\ndata: {"id":1}\n\n');
    emit!("note", "two\nlines\r\nthree");
    expect(decoder.decode((await reader.read()).value)).toBe("event: note\ndata: two\ndata: lines\ndata: three\n\n");
    abort.abort();
    expect((await reader.read()).done).toBe(true);
    expect(stopped).toBe(1);
    emit!("market", "after the end"); // ignored, never thrown
    expect(stopped).toBe(1);
  });

  it("ends the subscription once when the reader cancels", async () => {
    let stopped = 0;
    const response = liveEvents(new AbortController().signal, () => () => stopped++, { heartbeatMs: 60_000 });
    await response.body!.cancel();
    expect(stopped).toBe(1);
  });

  it("sends a heartbeat with the time", async () => {
    const response = liveEvents(new AbortController().signal, () => () => {}, { heartbeatMs: 5 });
    const reader = response.body!.getReader();
    expect(decoder.decode((await reader.read()).value)).toMatch(/^event: heartbeat\ndata: \d{13}\n\n$/);
    await reader.cancel();
  });

  it("sends heartbeats only while the stream is quiet, never more than heartbeatMs apart", async () => {
    vi.useFakeTimers();
    try {
      let emit: ((event: string, data: string) => void) | undefined;
      const response = liveEvents(
        new AbortController().signal,
        (e) => {
          emit = e;
          return () => {};
        },
        { heartbeatMs: 1_000 },
      );
      const reader = response.body!.getReader();
      const next = async () => decoder.decode((await reader.read()).value);
      // Busy for 3 s (a push every 100 ms): every frame is a push, no heartbeat between them.
      for (let i = 0; i < 30; i++) {
        emit!("market", String(i));
        vi.advanceTimersByTime(100);
      }
      for (let i = 0; i < 30; i++) expect(await next()).toBe(`event: market\ndata: ${i}\n\n`);
      // Quiet: a heartbeat within the interval, and then again.
      vi.advanceTimersByTime(1_000);
      expect(await next()).toMatch(/^event: heartbeat\n/);
      vi.advanceTimersByTime(1_000);
      expect(await next()).toMatch(/^event: heartbeat\n/);
      await reader.cancel();
    } finally {
      vi.useRealTimers();
    }
  });

  it("encodes a message once for every connection that sends the same text", () => {
    const json = JSON.stringify({ id: 7, price: "1.5" });
    const first = sseFrame("market", json);
    expect(sseFrame("market", json)).toBe(first);
    expect(decoder.decode(sseFrame("other", json))).toBe(`event: other\ndata: ${json}\n\n`);
  });
});
