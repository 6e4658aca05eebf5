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

export const staffActionSchema = z.discriminatedUnion("intent", [createStaffSchema, resetStaffPasswordSchema, setStaffActiveSchema]);
