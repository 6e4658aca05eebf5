import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { loginSchema, signupSchema } from "#app/modules/players/validation.ts";
import { validateSignup } from "#app/modules/players/form-validation.ts";
import { afterCheck, emptyState, inputProps, selectProps, stateFromReply, type FieldMeta } from "./light-form-state.ts";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

// conform's prop getters read these members of its field metadata; the rest of it is not needed to compare.
const asConform = (field: FieldMeta) => ({ ...field.constraint, ...field, valid: !field.errors, key: undefined }) as unknown as FieldMetadata<string>;

describe("a light form's element attributes", () => {
  const constraint = getZodConstraint(signupSchema);
  const meta = (name: string, errors?: string[], initialValue?: string): FieldMeta => ({
    formId: "f",
    id: `f-${name}`,
    name,
    errorId: `f-${name}-error`,
    errors,
    initialValue,
    constraint: constraint[name],
  });

  it("are conform's for text, password, checkbox and select fields, with and without messages", () => {
    for (const field of [meta("username"), meta("username", ["errors.usernameRequired"], "ab"), meta("password", undefined, "x")]) {
      for (const type of ["text", "password"] as const) expect(inputProps(field, { type })).toEqual(getInputProps(asConform(field), { type }));
    }
    for (const field of [meta("ageCheck"), meta("ageCheck", ["errors.ageCheck"], "on")]) {
      expect(inputProps(field, { type: "checkbox", value: "on" })).toEqual(getInputProps(asConform(field), { type: "checkbox", value: "on" }));
    }
    for (const field of [meta("currency", undefined, "BDT"), meta("currency", ["errors.currencyInvalid"])]) {
      expect(selectProps(field)).toEqual(getSelectProps(asConform(field)));
    }
    expect(inputProps(meta("username", ["x"]), { type: "text" })).toMatchObject({
      "aria-invalid": true,
      "aria-describedby": "f-username-error",
      required: true,
      form: "f",
    });
  });
});

describe("what a light form shows", () => {
  it("shows the server's reply: its field and form messages, every field it checked counted as checked", () => {
    const submission = parseWithZod(form({ username: "a b", password: "" }), { schema: loginSchema });
    const reply = submission.reply({ formErrors: ["errors.invalidCredentials"], hideFields: ["password"] });
    const state = stateFromReply(reply);
    expect(state.errors).toEqual({
      "": ["errors.invalidCredentials"],
      username: ["errors.usernameInvalid"],
      password: ["errors.passwordRequired"],
    });
    expect(state.validated).toMatchObject({ username: true, password: true, "": true });
    expect(stateFromReply(undefined)).toEqual(emptyState);
  });

  it("shows a check's messages only for fields checked so far, and drops them once corrected", () => {
    const wrong = validateSignup(form({ username: "ab", password: "short", confirmPassword: "other" }));
    expect(Object.keys(wrong)).toEqual(expect.arrayContaining(["username", "password", "phone", "email", "ageCheck"]));
    // A blur of the username checks the whole form but shows the username's message alone.
    const afterBlur = afterCheck(emptyState, wrong, ["username"]);
    expect(afterBlur.errors).toEqual({ username: ["errors.usernameLength"] });
    // Corrected as typed: the message goes, the field stays checked.
    const corrected = validateSignup(form({ username: "abcd", password: "short" }));
    expect(afterCheck(afterBlur, corrected, ["username"])).toEqual({ errors: {}, validated: { username: true } });
    // A submit checks every field.
    const submitted = afterCheck(afterBlur, corrected, ["", "username", "password", "confirmPassword", "phone", "email", "ageCheck"]);
    expect(Object.keys(submitted.errors).sort()).toEqual(["ageCheck", "confirmPassword", "email", "password", "phone"]);
  });
});
