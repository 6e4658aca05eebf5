import { expect, it } from "vitest";
import { amlSignalKinds } from "#app/modules/protection/schema.ts";
import { signalKinds } from "./kinds.ts";

it("the pages' kinds are the schema's", () => {
  expect([...signalKinds].sort()).toEqual([...amlSignalKinds].sort());
});
