// The hashed assets as server.mjs sends them: the Brotli or gzip file written at build time, chosen by the request's
// Accept-Encoding, with the original's type, Vary and a year of immutable caching; the file itself otherwise.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compressAssets } from "../../scripts/compress-assets.mjs";
import { precompressedAssets } from "../../server/precompressed-assets.mjs";

const dir = mkdtempSync(path.join(os.tmpdir(), "assets-test-"));
const js = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(", ")}];\n`;
let base = "";
let close = () => {};

beforeAll(async () => {
  writeFileSync(path.join(dir, "app-Ab12.js"), js);
  writeFileSync(path.join(dir, "tiny-Cd34.js"), "1");
  writeFileSync(path.join(dir, "logo-Ef56.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await compressAssets(dir);
  const app = express();
  app.use("/assets", precompressedAssets(dir));
  app.use("/assets", express.static(dir, { immutable: true, maxAge: "1y" }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

/** Raw bytes and headers, without fetch's automatic decoding. */
async function get(pathname: string, acceptEncoding?: string) {
  const { request } = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${base}${pathname}`, { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("pre-compressed assets", () => {
  test("the build step writes .br and .gz beside text files only, each decoding to the original", () => {
    expect(zlib.brotliDecompressSync(readFileSync(path.join(dir, "app-Ab12.js.br"))).toString()).toBe(js);
    expect(zlib.gunzipSync(readFileSync(path.join(dir, "app-Ab12.js.gz"))).toString()).toBe(js);
    expect(existsSync(path.join(dir, "logo-Ef56.png.br"))).toBe(false);
    // Compressing one byte makes it bigger: left alone.
    expect(existsSync(path.join(dir, "tiny-Cd34.js.br"))).toBe(false);
  });

  test.each([
    ["gzip, deflate, br, zstd", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["identity", undefined],
    [undefined, undefined],
  ])("Accept-Encoding %s gets %s", async (acceptEncoding, expected) => {
    const res = await get("/assets/app-Ab12.js", acceptEncoding);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe(expected);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["vary"]).toBe("Accept-Encoding");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const decoded = expected === "br" ? zlib.brotliDecompressSync(res.body) : expected === "gzip" ? zlib.gunzipSync(res.body) : res.body;
    expect(decoded.toString()).toBe(js);
    if (expected) expect(res.body.length).toBeLessThan(js.length / 2);
  });

  test("files without a compressed copy and missing files go to the next handler", async () => {
    const tiny = await get("/assets/tiny-Cd34.js", "br");
    expect(tiny.status).toBe(200);
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("1");
    expect((await get("/assets/missing-Gh78.js", "br")).status).toBe(404);
    expect((await get("/assets/../app-Ab12.js", "br")).status).toBe(404);
  });
});
