// Refusals of the races module. `code` names the string in the races locale area (races.errors.<code>).
import { DomainError } from "#app/kernel/domain-error.ts";

export type RaceErrorCode = "not_found" | "period_fixed";

export class RaceError extends DomainError<RaceErrorCode> {
  constructor(code: RaceErrorCode, field?: string) {
    super(code, `races.errors.${code}`, { field });
    this.name = "RaceError";
  }
}

export const isRaceError = (e: unknown): e is RaceError => e instanceof RaceError;
