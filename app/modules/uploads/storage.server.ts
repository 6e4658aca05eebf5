// Where uploaded files live: somewhere every app instance reads, never one instance's own disk (a proof uploaded
// through one instance used to be a 404 through the others). A small interface, so that an object store can take
// the database's place later: implement UploadStore (put, get, delete, has by key) and hand it to setUploadStore at
// start-up; nothing else changes. The database store is the built-in default (the `uploads` table, bytea).
//
// Keys are "<kind>/<name>" ("proofs/…", "identity/…", "posters/…"): names the app made itself, never a player's.
// What may be uploaded, how large, and who may read it are decided by the callers (proofs.server.ts,
// identity-documents.server.ts, posters.server.ts) before a file comes here or goes out.
import { eq, sql } from "drizzle-orm";
import { db, type Executor } from "#app/db/db.server.ts";
import { uploads } from "./schema.ts";

export type StoredUpload = { bytes: Uint8Array; contentType: string; size: number };

export interface UploadStore {
  /** Stores `bytes` under `key`, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredUpload | null>;
  /** Removes the file under `key`; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Whether a file is stored under `key`. */
  has(key: string): Promise<boolean>;
}

const KEY = /^[a-z][a-z0-9-]{0,30}\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** Refuses a key that is not "<kind>/<name>" (no paths, no dot-dot): keys come from the app, a bad one is a bug. */
export function assertUploadKey(key: string) {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`Not an upload key: ${JSON.stringify(key)}`);
}

/** The built-in store: the `uploads` table of the app's database (or of `executor`, e.g. another pool in tests). */
export class DatabaseUploadStore implements UploadStore {
  private readonly executor: () => Executor;

  constructor(executor?: Executor) {
    this.executor = () => executor ?? db;
  }

  // The bytes travel as base64 text, decoded and encoded by the database: PGlite turns a bytea parameter or value
  // into hex text in JavaScript one character at a time (a 5 MB proof took seconds each way), and for
  // node-postgres base64 is also a third shorter on the wire than bytea's hex.
  async put(key: string, bytes: Uint8Array, contentType: string) {
    assertUploadKey(key);
    const data = sql`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")}, 'base64')`;
    await this.executor()
      .insert(uploads)
      .values({ key, contentType, size: bytes.byteLength, bytes: data })
      .onConflictDoUpdate({
        target: uploads.key,
        set: { contentType, size: bytes.byteLength, bytes: data, createdAt: sql`now()` },
      });
  }

  async get(key: string): Promise<StoredUpload | null> {
    assertUploadKey(key);
    const [row] = await this.executor()
      .select({ base64: sql<string>`encode(${uploads.bytes}, 'base64')`, contentType: uploads.contentType, size: uploads.size })
      .from(uploads)
      .where(eq(uploads.key, key));
    if (!row) return null;
    // PostgreSQL breaks base64 into lines; Node's decoder skips the line breaks.
    const bytes = new Uint8Array(Buffer.from(row.base64, "base64"));
    return { bytes, contentType: row.contentType, size: row.size };
  }

  async delete(key: string) {
    assertUploadKey(key);
    await this.executor().delete(uploads).where(eq(uploads.key, key));
  }

  async has(key: string) {
    assertUploadKey(key);
    const [row] = await this.executor().select({ key: uploads.key }).from(uploads).where(eq(uploads.key, key));
    return Boolean(row);
  }
}

let store: UploadStore = new DatabaseUploadStore();

/** This process's store of uploads. */
export function uploadStore(): UploadStore {
  return store;
}

/** Replaces the store (an object store, at start-up); returns the previous one. */
export function setUploadStore(next: UploadStore): UploadStore {
  const previous = store;
  store = next;
  return previous;
}
