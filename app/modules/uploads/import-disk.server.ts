// Before the upload store, each app instance kept uploads on its own disk under DATA_DIR: deposit proofs in
// uploads/proofs, identity documents in uploads/identity, posters and content images in posters. On start-up
// (app/startup/startup.server.ts) those files go into the upload store, so that an operator upgrading loses none and every
// instance serves them: each instance imports its own folders, a file already stored is left alone (so running it
// again, or two instances sharing one disk, changes nothing), and the files stay where they are (they may be removed
// once the database holding them is backed up). A marker in each folder remembers how many files it held when it was
// last imported, so later start-ups skip it without a look at the database unless files came or went.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { getEnv } from "#app/config/env.server.ts";
import { log as rootLog } from "#app/kernel/log.server.ts";
import { type UploadStore, uploadStore } from "./storage.server.ts";

export const IMPORT_MARKER = ".imported-to-upload-store";
const log = rootLog.child({ module: "uploads" });
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/** An old folder under DATA_DIR, the kind its files are stored as, and the test for the names the app gave them. */
export type LegacyFolder = { dir: readonly string[]; kind: string; isName: (name: string) => boolean };

export type ImportReport = { imported: number; alreadyStored: number; skipped: string[] };

async function readMarker(dir: string): Promise<number | null> {
  try {
    const { files } = JSON.parse(await readFile(path.join(dir, IMPORT_MARKER), "utf8")) as { files?: unknown };
    return typeof files === "number" ? files : null;
  } catch {
    return null;
  }
}

/** Imports the files of the old upload folders under `dataDir` that the store does not have yet. */
export async function importDiskUploads({
  folders,
  dataDir = getEnv().DATA_DIR,
  store = uploadStore(),
}: {
  folders: readonly LegacyFolder[];
  dataDir?: string;
  store?: UploadStore;
}) {
  const report: ImportReport = { imported: 0, alreadyStored: 0, skipped: [] };
  for (const folder of folders) {
    const dir = path.resolve(dataDir, ...folder.dir);
    const names = (await readdir(dir).catch(() => null))?.filter((n) => n !== IMPORT_MARKER);
    if (!names || names.length === 0 || (await readMarker(dir)) === names.length) continue;
    let imported = 0;
    let complete = true;
    for (const name of names) {
      const file = path.join(dir, name);
      const key = `${folder.kind}/${name}`;
      try {
        // Only names the app made; anything else (a stray file, a folder) is left alone and said so.
        if (!folder.isName(name) || !(await stat(file)).isFile()) {
          report.skipped.push(file);
          continue;
        }
        if (await store.has(key)) {
          report.alreadyStored++;
          continue;
        }
        const bytes = new Uint8Array(await readFile(file));
        // Checked when it was uploaded; checked again, so that a file changed on disk since is not served as an image.
        const type = await fileTypeFromBuffer(bytes);
        if (!type || !IMAGE_TYPES.has(type.mime)) {
          report.skipped.push(file);
          continue;
        }
        await store.put(key, bytes, type.mime);
        imported++;
      } catch (e) {
        complete = false;
        log.error({ err: e }, `could not import ${file}; the next start-up tries again`);
      }
    }
    report.imported += imported;
    if (imported > 0) {
      const files = imported === 1 ? "1 file" : `${imported} files`;
      log.info(`imported ${files} from ${dir} into the upload store; the folder may be removed once the database is backed up`);
    }
    if (complete)
      await writeFile(path.join(dir, IMPORT_MARKER), JSON.stringify({ files: names.length, at: new Date().toISOString() })).catch(() => {});
  }
  if (report.skipped.length > 0) log.error(`left out of the import (not a file the app stored): ${report.skipped.join(", ")}`);
  return report;
}
