// The folders an earlier version kept uploads in under DATA_DIR, imported into the upload store at start-up: each
// with the kind its files are stored as and the names the owning module gave them.
import type { LegacyFolder } from "#app/modules/uploads/index.server.ts";
import { isPosterName } from "#app/modules/games/index.server.ts";
import { isStoredName } from "#app/modules/payments/index.server.ts";

export const LEGACY_UPLOAD_FOLDERS: readonly LegacyFolder[] = [
  { dir: ["uploads", "proofs"], kind: "proofs", isName: isStoredName },
  { dir: ["uploads", "identity"], kind: "identity", isName: isStoredName },
  { dir: ["posters"], kind: "posters", isName: isPosterName },
];
