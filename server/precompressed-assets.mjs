// Serves build/client/assets with the .br or .gz that scripts/compress-assets.mjs wrote beside each file: Brotli
// when the request accepts it, else gzip, else the file itself, always with the original's Content-Type,
// Vary: Accept-Encoding and a year of immutable caching (the names carry a hash of the content). Files without a
// compressed copy (too small to gain, or a build compressed by nobody) are left to the next handler.
import { readdirSync } from "node:fs";
import path from "node:path";

const ENCODINGS = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

/** Accept-Encoding as coding -> q ("gzip, br;q=0.5" -> gzip 1, br 0.5). */
function qualities(header) {
  const q = new Map();
  for (const part of header.toLowerCase().split(",")) {
    const [coding, ...params] = part.split(";").map((s) => s.trim());
    if (!coding) continue;
    const weight = params.map((p) => /^q=([\d.]+)$/.exec(p)?.[1]).find(Boolean);
    q.set(coding, weight === undefined ? 1 : Number(weight));
  }
  return q;
}

/** Our choice among the codings the client accepts: Brotli is the smaller, whatever order the client lists them in. */
function chooseEncoding(header, available) {
  if (!header) return undefined; // no Accept-Encoding: the file as it is (old clients break on anything else)
  const q = qualities(header);
  return ENCODINGS.find(([coding]) => available.has(coding) && (q.get(coding) ?? q.get("*") ?? 0) > 0);
}

/** @param {string} dir */
export function precompressedAssets(dir) {
  /** @type {Map<string, Set<string>>} "/name.js" -> the encodings on disk */
  const variants = new Map();
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    // No build/client/assets: nothing to serve.
  }
  const present = new Set(names);
  for (const name of names) {
    const encodings = new Set(ENCODINGS.filter(([, ext]) => present.has(name + ext)).map(([encoding]) => encoding));
    if (encodings.size > 0) variants.set(`/${name}`, encodings);
  }

  /** @type {import("express").RequestHandler} */
  return function servePrecompressed(req, res, next) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const available = variants.get(req.path);
    if (!available) return next();
    const [coding, ext] = chooseEncoding(req.headers["accept-encoding"], available) ?? [undefined, ""];
    res.vary("Accept-Encoding");
    res.type(path.extname(req.path));
    if (coding) res.setHeader("Content-Encoding", coding);
    res.sendFile(req.path.slice(1) + ext, { root: dir, maxAge: "1y", immutable: true, dotfiles: "deny" }, (error) => {
      if (error && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        next(error.status === 404 ? undefined : error);
      }
    });
  };
}
