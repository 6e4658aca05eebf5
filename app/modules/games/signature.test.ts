import { describe, expect, it } from "vitest";
import { signProviderRequest, verifyProviderSignature } from "./signature.server.ts";

const NOW = 1_800_000_000_000;
const ts = String(NOW / 1000);
const body = '{"txnId":"t1","amount":"100"}';

describe("provider signatures", () => {
  it("accepts the HMAC-SHA256 of timestamp.body with the current or the previous secret", () => {
    expect(signProviderRequest("s3cret", body, ts)).toMatch(/^[0-9a-f]{64}$/);
    expect(
      verifyProviderSignature({ secrets: ["s3cret", null], body, timestamp: ts, signature: signProviderRequest("s3cret", body, ts), now: NOW }),
    ).toEqual({ ok: true });
    expect(
      verifyProviderSignature({
        secrets: ["new", "s3cret"],
        body,
        timestamp: ts,
        signature: signProviderRequest("s3cret", body, ts).toUpperCase(),
        now: NOW,
      }),
    ).toEqual({ ok: true });
  });

  it("refuses another secret, another body, another timestamp and malformed signatures", () => {
    const good = signProviderRequest("s3cret", body, ts);
    const bad = (over: Partial<Parameters<typeof verifyProviderSignature>[0]>) =>
      verifyProviderSignature({ secrets: ["s3cret"], body, timestamp: ts, signature: good, now: NOW, ...over });
    expect(bad({ secrets: ["other"] })).toEqual({ ok: false, reason: "invalid" });
    expect(bad({ secrets: ["", null] })).toEqual({ ok: false, reason: "invalid" });
    expect(bad({ body: body.replace("100", "1000") })).toEqual({ ok: false, reason: "invalid" });
    expect(bad({ timestamp: String(Number(ts) + 1) })).toEqual({ ok: false, reason: "invalid" });
    expect(bad({ signature: good.slice(0, 62) })).toEqual({ ok: false, reason: "invalid" });
    expect(bad({ signature: `${good.slice(0, 63)}g` })).toEqual({ ok: false, reason: "invalid" });
    expect(bad({ timestamp: "12.5" })).toEqual({ ok: false, reason: "invalid" });
    expect(bad({ signature: null })).toEqual({ ok: false, reason: "missing" });
    expect(bad({ timestamp: null })).toEqual({ ok: false, reason: "missing" });
  });

  it("allows ±300 s of clock skew and no more", () => {
    const at = (skew: number) => {
      const t = String(NOW / 1000 + skew);
      return verifyProviderSignature({ secrets: ["s3cret"], body, timestamp: t, signature: signProviderRequest("s3cret", body, t), now: NOW });
    };
    expect(at(300)).toEqual({ ok: true });
    expect(at(-300)).toEqual({ ok: true });
    expect(at(301)).toEqual({ ok: false, reason: "stale" });
    expect(at(-301)).toEqual({ ok: false, reason: "stale" });
  });
});
