import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { captchaSvg } from "./captcha-image.server.ts";
import { CAPTCHA_MINUTES, CAPTCHAS_PER_VISITOR, issueCaptcha, pruneCaptchas, spendCaptcha } from "./captcha.server.ts";

const visitor = () => randomBytes(24).toString("base64url");
const issue = async (id: string, code: string, now = new Date()) => {
  const issued = await issueCaptcha(id, { code, now, ip: "203.0.113.9" });
  expect(issued.ok).toBe(true);
};

describe("sign-up captcha", () => {
  it("takes the right code once: a second use, even right, is refused", async () => {
    const id = visitor();
    await issue(id, "4821");
    expect(await spendCaptcha(id, "4821")).toBe(true);
    expect(await spendCaptcha(id, "4821")).toBe(false);
  });

  it("a wrong guess uses the code up", async () => {
    const id = visitor();
    await issue(id, "1111");
    expect(await spendCaptcha(id, "1112")).toBe(false);
    expect(await spendCaptcha(id, "1111")).toBe(false);
  });

  it("belongs to the visitor it was drawn for", async () => {
    const [mine, theirs] = [visitor(), visitor()];
    await issue(mine, "2468");
    expect(await spendCaptcha(theirs, "2468")).toBe(false);
    expect(await spendCaptcha(null, "2468")).toBe(false);
    expect(await spendCaptcha(mine, "2468")).toBe(true);
  });

  it(`expires after ${CAPTCHA_MINUTES} minutes and is pruned`, async () => {
    const id = visitor();
    const then = new Date(Date.now() - (CAPTCHA_MINUTES * 60_000 + 1_000));
    await issue(id, "1357", then);
    expect(await spendCaptcha(id, "1357")).toBe(false);
    const live = visitor();
    await issue(live, "9753", new Date(Date.now() - (CAPTCHA_MINUTES - 1) * 60_000));
    await pruneCaptchas();
    expect(await spendCaptcha(live, "9753")).toBe(true);
  });

  it("only the newest image counts: a refresh retires the earlier code", async () => {
    const id = visitor();
    await issue(id, "1000");
    await issue(id, "2000");
    expect(await spendCaptcha(id, "1000")).toBe(false);
    await issue(id, "3000");
    expect(await spendCaptcha(id, "3000")).toBe(true);
  });

  it("of 50 parallel uses of one code exactly one succeeds", async () => {
    const id = visitor();
    await issue(id, "8080");
    const results = await Promise.all(Array.from({ length: 50 }, () => spendCaptcha(id, "8080")));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it(`draws at most ${CAPTCHAS_PER_VISITOR} images per visitor in the window`, async () => {
    const id = visitor();
    for (let i = 0; i < CAPTCHAS_PER_VISITOR; i++) expect((await issueCaptcha(id, { ip: `198.51.100.${i}` })).ok).toBe(true);
    expect(await issueCaptcha(id, { ip: "198.51.100.200" })).toMatchObject({ ok: false });
  });

  it("draws the code as paths, never as text", () => {
    const svg = captchaSvg("0123");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<text|<script|href=|0123/);
    expect(captchaSvg("0123")).not.toBe(svg);
  });
});
