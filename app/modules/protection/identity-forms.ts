// The identity forms' fields, shared by the server and the browser. Messages are i18n keys.
import { z } from "zod";
import { idField } from "#app/utils/ids.ts";
import { identityDocumentTypes } from "./identity-verifications.ts";

export const documentTypeField = z.enum(identityDocumentTypes, "identity.errors.typeInvalid");

export const documentReviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), documentId: idField }),
  z.object({
    intent: z.literal("reject"),
    documentId: idField,
    reason: z.string("identity.errors.reasonRequired").trim().min(1, "identity.errors.reasonRequired").max(500, "identity.errors.reasonTooLong"),
  }),
]);
