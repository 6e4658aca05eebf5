// Back-office forms, shared by the server and the browser (conform). Messages are i18n keys under "admin.errors.".
import { z } from "zod";
import { idField } from "#app/utils/ids.ts";
import { staffRoles } from "./schema.ts";

const required = (key: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? key : undefined) });

export const STAFF_PASSWORD_MIN = 10;

export const staffUsernameField = z
  .string(required("admin.errors.usernameRequired"))
  .trim()
  .min(1, "admin.errors.usernameRequired")
  .max(30, "admin.errors.usernameInvalid")
  .regex(/^[A-Za-z0-9._-]+$/, "admin.errors.usernameInvalid");

export const staffPasswordField = z
  .string(required("admin.errors.passwordRequired"))
  .min(1, "admin.errors.passwordRequired")
  .min(STAFF_PASSWORD_MIN, "admin.errors.passwordMin")
  .max(128, "admin.errors.passwordMax");

export const staffLoginSchema = z.object({
  username: staffUsernameField,
  password: z.string(required("admin.errors.passwordRequired")).min(1, "admin.errors.passwordRequired").max(128, "admin.errors.passwordMax"),
  redirectTo: z.string().optional(),
});

export const createStaffSchema = z.object({
  intent: z.literal("create"),
  username: staffUsernameField.min(3, "admin.errors.usernameInvalid"),
  name: z.string(required("admin.errors.nameRequired")).trim().min(1, "admin.errors.nameRequired").max(100, "admin.errors.nameTooLong"),
  role: z.enum(staffRoles, "admin.errors.roleInvalid"),
  password: staffPasswordField,
});
export type CreateStaffInput = z.infer<typeof createStaffSchema>;

export const resetStaffPasswordSchema = z.object({
  intent: z.literal("resetPassword"),
  staffId: idField,
  password: staffPasswordField,
});

export const setStaffActiveSchema = z.object({
  intent: z.enum(["deactivate", "activate"]),
  staffId: idField,
});

export const resetStaffTwoFactorSchema = z.object({
  intent: z.literal("resetTwoFactor"),
  staffId: idField,
});

export const staffActionSchema = z.discriminatedUnion("intent", [
  createStaffSchema,
  resetStaffPasswordSchema,
  setStaffActiveSchema,
  resetStaffTwoFactorSchema,
]);

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx); spaces and dashes are ignored. */
export const twoFactorCodeField = z
  .string(required("admin.errors.codeRequired"))
  .trim()
  .min(1, "admin.errors.codeRequired")
  .max(20, "admin.errors.codeInvalid")
  .regex(/^[A-Za-z0-9 -]+$/, "admin.errors.codeInvalid");

/** The log-in's second step (and the required setup's confirmation). */
export const staffCodeSchema = z.object({
  code: twoFactorCodeField,
  redirectTo: z.string().optional(),
});

export const changeOwnPasswordSchema = z
  .object({
    intent: z.literal("changePassword"),
    currentPassword: z.string(required("admin.errors.passwordRequired")).min(1, "admin.errors.passwordRequired").max(128, "admin.errors.passwordMax"),
    newPassword: staffPasswordField,
    confirmPassword: z.string(required("admin.errors.confirmRequired")).min(1, "admin.errors.confirmRequired").max(128, "admin.errors.passwordMax"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "admin.errors.confirmMismatch" });

export const startTwoFactorSchema = z.object({ intent: z.literal("startTwoFactor") });
export const enableTwoFactorSchema = z.object({ intent: z.literal("enableTwoFactor"), code: twoFactorCodeField });
/** Turning it off: a current code or the password, one of the two. */
export const disableTwoFactorSchema = z
  .object({
    intent: z.literal("disableTwoFactor"),
    code: z.string().trim().max(20, "admin.errors.codeInvalid").optional(),
    password: z.string().max(128, "admin.errors.passwordMax").optional(),
  })
  .refine((v) => !!v.code || !!v.password, { path: ["code"], message: "admin.errors.codeOrPasswordRequired" });

export const endSessionSchema = z.object({
  intent: z.literal("endSession"),
  sessionId: z.string(required("admin.errors.sessionNotFound")).regex(/^[A-Za-z0-9_-]{20,100}$/, "admin.errors.sessionNotFound"),
});
export const endOtherSessionsSchema = z.object({ intent: z.literal("endOtherSessions") });
