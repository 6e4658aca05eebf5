import { describe, expect, it } from "vitest";
import { parseStreamHosts } from "#app/modules/settings/stream-hosts.ts";
import { checkStreamUrl, playableStream } from "./stream-url.ts";

const hosts = ["player.example.com", "tv.stream.test"];

describe("an event's stream URL against the allowed hosts", () => {
  it("takes an https URL on an allowed host, normalised", () => {
    expect(checkStreamUrl(" https://Player.Example.com/embed?id=7 ", hosts)).toEqual({ ok: true, url: "https://player.example.com/embed?id=7" });
  });

  it("refuses anything but https", () => {
    expect(checkStreamUrl("http://player.example.com/embed", hosts)).toEqual({ ok: false, error: "https" });
    expect(checkStreamUrl("javascript:alert(1)", hosts)).toEqual({ ok: false, error: "https" });
    expect(checkStreamUrl("data:text/html,hi", hosts)).toEqual({ ok: false, error: "https" });
  });

  it("refuses a host not on the list, a look-alike, a sub-domain and a port", () => {
    expect(checkStreamUrl("https://evil.test/embed", hosts)).toEqual({ ok: false, error: "host" });
    expect(checkStreamUrl("https://player.example.com.evil.test/", hosts)).toEqual({ ok: false, error: "host" });
    expect(checkStreamUrl("https://x.player.example.com/", hosts)).toEqual({ ok: false, error: "host" });
    expect(checkStreamUrl("https://player.example.com:8443/", hosts)).toEqual({ ok: false, error: "host" });
    expect(checkStreamUrl("https://player.example.com/", [])).toEqual({ ok: false, error: "host" });
  });

  it("refuses what is not a URL, or carries credentials", () => {
    expect(checkStreamUrl("player.example.com/embed", hosts)).toEqual({ ok: false, error: "invalid" });
    expect(checkStreamUrl("", hosts)).toEqual({ ok: false, error: "invalid" });
    expect(checkStreamUrl("https://user:pw@player.example.com/", hosts)).toEqual({ ok: false, error: "invalid" });
    expect(checkStreamUrl(`https://player.example.com/${"a".repeat(600)}`, hosts)).toEqual({ ok: false, error: "invalid" });
  });

  it("plays a saved stream only while its host is still allowed", () => {
    expect(playableStream("https://tv.stream.test/live", hosts)).toBe("https://tv.stream.test/live");
    expect(playableStream("https://tv.stream.test/live", ["player.example.com"])).toBeNull();
    expect(playableStream(null, hosts)).toBeNull();
  });
});

describe("the allowed hosts as staff type them", () => {
  it("reads one per line or separated by commas, lower-cased, sorted, without duplicates", () => {
    expect(parseStreamHosts("TV.stream.test\nplayer.example.com, tv.stream.test\n\n")).toEqual(["player.example.com", "tv.stream.test"]);
    expect(parseStreamHosts("")).toEqual([]);
  });

  it("refuses a scheme, a path, a port, a wildcard, an IP address or a name without a dot", () => {
    for (const bad of [
      "https://player.example.com",
      "player.example.com/x",
      "player.example.com:443",
      "*.example.com",
      "127.0.0.1",
      "localhost",
      "a;b.com",
    ]) {
      expect(parseStreamHosts(bad), bad).toBeNull();
    }
  });
});
