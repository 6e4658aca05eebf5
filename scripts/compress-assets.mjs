// After `react-router build`: writes name.br (Brotli, quality 11) and name.gz (gzip, level 9) beside every hashed
// text asset in build/client/assets, once, so server.mjs sends them as they are instead of compressing each
// response on the fly (at a much lower quality, and with CPU on every request). A file whose name never changes
// is never compressed twice: an existing .br/.gz newer than its source is kept. Run by `npm run build` and
// scripts/start.mjs; `node scripts/compress-assets.mjs [dir]` by hand.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Extensions worth compressing; images and fonts are compressed already. */
const TEXT = new Set([".js", ".mjs", ".css", ".svg", ".json", ".txt", ".html", ".map", ".webmanifest"]);

function upToDate(target, sourceMtime) {
  try {
    return statSync(target).mtimeMs >= sourceMtime;
  } catch {
    return false;
  }
}

/** Writes the missing .br and .gz files of `dir`; an encoding that would not be smaller is not written. */
export async function compressAssets(dir) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  const jobs = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && TEXT.has(path.extname(e.name)))
    .map(async ({ name }) => {
      const file = path.join(dir, name);
      const { mtimeMs } = statSync(file);
      const fresh = upToDate(`${file}.br`, mtimeMs) || upToDate(`${file}.gz`, mtimeMs);
      if (fresh) return;
      const raw = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length >= raw.length && gz.length >= raw.length) return; // a few bytes: sent as they are
      totals.files++;
      totals.raw += raw.length;
      if (br.length < raw.length) {
        writeFileSync(`${file}.br`, br);
        totals.br += br.length;
      }
      if (gz.length < raw.length) {
        writeFileSync(`${file}.gz`, gz);
        totals.gz += gz.length;
      }
    });
  await Promise.all(jobs);
  return totals;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../build/client/assets"));
  const t = await compressAssets(dir);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`Compressed ${t.files} assets in ${dir}: ${kb(t.raw)} raw, ${kb(t.br)} Brotli, ${kb(t.gz)} gzip`);
}
