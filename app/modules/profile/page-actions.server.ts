// The /profile page's form posts, one intent each; the JSON API calls the same functions (see app/routes/api/profile-*).
import { z } from "zod";
import { addExtraPhone } from "./extra-phones.server.ts";
import { saveBirthday } from "./birthday.server.ts";
import { sendEmailVerification } from "./email-verification.server.ts";
import { sendPhoneCode, verifyPhoneCode, type ProfileError } from "./phone-verification.server.ts";
import { addPhoneSchema, birthdaySchema, sendCodeSchema, verifyCodeSchema } from "./validation.ts";

export type Notice = "codeSent" | "phoneVerified" | "phoneAdded" | "emailSent" | "birthdaySaved";

/** Which form an answer belongs to: "phone-main", "phone-<id>", "add-phone", "email", "birthday". */
export type PageOutcome =
  | { ok: true; notice: Notice; target?: string; blocked?: boolean }
  | {
      ok: false;
      form: string;
      field?: string;
      error: string;
      params?: Record<string, string | number>;
      status: number;
      /** An under-18 birthday waiting for the player's confirmation (confirming blocks the account). */
      confirm?: { birthday: string; age: number };
    };

const formOf = (target: "main" | number) => `phone-${target}`;

function refused(form: string, result: ProfileError & { confirm?: { birthday: string; age: number } }, field?: string): PageOutcome {
  return {
    ok: false,
    form,
    field,
    error: result.error,
    params: result.params,
    status: result.status,
    ...(result.confirm ? { confirm: result.confirm } : {}),
  };
}

function invalid(form: string, error: z.ZodError, field?: string): PageOutcome {
  return { ok: false, form, field, error: error.issues[0]?.message ?? "api.invalidValue", status: 400 };
}

export async function profileAction(playerId: number, formData: FormData): Promise<PageOutcome> {
  const fields = Object.fromEntries([...formData].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  switch (fields.intent) {
    case "send-code": {
      const parsed = sendCodeSchema.safeParse(fields);
      if (!parsed.success) return { ok: false, form: "profile", error: "profile.errors.phoneNotFound", status: 404 };
      const result = await sendPhoneCode(playerId, parsed.data.target);
      return result.ok ? { ok: true, notice: "codeSent", target: String(parsed.data.target) } : refused(formOf(parsed.data.target), result);
    }
    case "verify-code": {
      const target = sendCodeSchema.safeParse(fields);
      if (!target.success) return { ok: false, form: "profile", error: "profile.errors.phoneNotFound", status: 404 };
      const parsed = verifyCodeSchema.safeParse(fields);
      if (!parsed.success) return invalid(formOf(target.data.target), parsed.error, "code");
      const result = await verifyPhoneCode(playerId, parsed.data.target, parsed.data.code);
      return result.ok ? { ok: true, notice: "phoneVerified" } : refused(formOf(parsed.data.target), result, "code");
    }
    case "add-phone": {
      const parsed = addPhoneSchema.safeParse(fields);
      if (!parsed.success) return invalid("add-phone", parsed.error, "phone");
      const result = await addExtraPhone(playerId, parsed.data.phone);
      return result.ok ? { ok: true, notice: "phoneAdded", target: String(result.phone.id) } : refused("add-phone", result, "phone");
    }
    case "send-email": {
      const result = await sendEmailVerification(playerId);
      return result.ok ? { ok: true, notice: "emailSent" } : refused("email", result);
    }
    case "birthday": {
      const parsed = birthdaySchema.safeParse(fields);
      if (!parsed.success) return invalid("birthday", parsed.error, "birthday");
      const result = await saveBirthday(playerId, parsed.data.birthday, undefined, { confirmUnderage: fields.confirmUnderage === "1" });
      return result.ok ? { ok: true, notice: "birthdaySaved", blocked: result.blocked } : refused("birthday", result, "birthday");
    }
    default:
      return { ok: false, form: "profile", error: "api.invalidValue", status: 400 };
  }
}
