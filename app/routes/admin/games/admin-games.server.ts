// Shared by the back office's games pages: who may open them, their strings and the text of a refusal.
import { FormDataParseError, MaxFileSizeExceededError, MultipartParseError, parseFormData } from "@remix-run/form-data-parser";
import type { RouterContextProvider } from "react-router";
import { areaBundle } from "#app/i18n/areas.server.ts";
import type { MessageKey } from "#app/i18n/message.ts";
import { translate } from "#app/i18n/translate.server.ts";
import { type GameAdminError, POSTER_MAX_BYTES, removePoster, storePoster } from "#app/modules/games/index.server.ts";
import { clientIp } from "#app/modules/sessions/index.server.ts";
import { requireStaff } from "#app/modules/staff/index.server.ts";
import { pageRoles } from "#app/routes/admin/pages.ts";

type Ctx = Readonly<RouterContextProvider>;

/** Staff of the roles that manage games (admin, content); others get a 403, guests the login page. */
export async function requireGamesStaff(request: Request) {
  const { staff } = await requireStaff(request, pageRoles.games);
  return { staffId: staff.id, ip: clientIp(request) };
}

export { translate };

export function gamesPage(context: Ctx, titleKey: MessageKey) {
  return { title: translate(context, titleKey), i18n: areaBundle(context, "adminGames") };
}

/** A refusal as a form error (translated by ErrorList). */
export const errorMessage = (e: GameAdminError) => e.messageKey;

/**
 * A games page's form, which may carry one image (a game's poster, a provider's icon) of up to POSTER_MAX_BYTES. The
 * parser stops at the limit, so the row the form named is lost too: the refusal is shown above the list.
 */
export async function readImageForm(
  request: Request,
): Promise<{ formData: FormData; refusal?: never } | { formData?: never; refusal: { message: MessageKey; status: 400 | 413 } }> {
  try {
    return { formData: await parseFormData(request, { maxFiles: 1, maxFileSize: POSTER_MAX_BYTES }) };
  } catch (e) {
    if (!(e instanceof FormDataParseError || e instanceof MultipartParseError)) throw e;
    const tooLarge = e instanceof MaxFileSizeExceededError;
    return { refusal: { message: tooLarge ? "adminGames.errors.posterTooLarge" : "adminGames.errors.posterRequired", status: tooLarge ? 413 : 400 } };
  }
}

/** Stores the uploaded image (checked by its bytes) and hands its path to `save`; if that refuses, the file goes. */
export async function saveUploadedImage<T>(file: FormDataEntryValue | null, save: (path: string) => Promise<T>): Promise<T> {
  let stored: string | null = null;
  try {
    stored = await storePoster(file instanceof File ? new Uint8Array(await file.arrayBuffer()) : null);
    return await save(stored);
  } catch (e) {
    if (stored) await removePoster(stored);
    throw e;
  }
}
