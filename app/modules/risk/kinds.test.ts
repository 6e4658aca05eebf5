import { expect, it } from "vitest";
import { amlSignalKinds } from "#app/modules/risk/schema.ts";
import { signalKinds } from "./kinds.ts";

it("the pages' kinds are the schema's", () => {
  expect([...signalKinds].sort()).toEqual([...amlSignalKinds].sort());
});
