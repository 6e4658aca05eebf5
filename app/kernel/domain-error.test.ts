import { describe, expect, it } from "vitest";
import { ExchangeError } from "#app/modules/exchange/errors.ts";
import { HouseError } from "#app/modules/games/house/errors.ts";
import { PaymentError } from "#app/modules/payments/errors.ts";
import { apiRefusal } from "#app/modules/api/http.server.ts";
import { DomainError, formStatus, isDomainError, refusalErrors, refusalLogFields } from "./domain-error.ts";

describe("DomainError", () => {
  it("carries code, catalogue key, field, values and status; its token is the key with the values", () => {
    const e = new PaymentError("amount_out_of_range", "payments.errors.depositRange", { field: "amount", params: { min: "৳500", max: "৳25,000" } });
    expect(e).toBeInstanceOf(DomainError);
    expect(isDomainError(e)).toBe(true);
    expect(isDomainError(new Error("x"))).toBe(false);
    expect([e.name, e.code, e.messageKey, e.field, e.status]).toEqual([
      "PaymentError",
      "amount_out_of_range",
      "payments.errors.depositRange",
      "amount",
      422,
    ]);
    expect(e.message).toBe("amount_out_of_range: payments.errors.depositRange");
    expect(e.token).toBe('payments.errors.depositRange{"min":"৳500","max":"৳25,000"}');
    expect(new PaymentError("not_found", "payments.errors.notFound").status).toBe(404);
  });

  it("a form answers 404 for what does not exist, the status named for a code, else 400", () => {
    expect(formStatus(new PaymentError("not_found", "payments.errors.notFound"))).toBe(404);
    expect(formStatus(new ExchangeError("market_not_found"))).toBe(404);
    expect(formStatus(new PaymentError("already_reviewed", "payments.errors.alreadyReviewed"), { already_reviewed: 409 })).toBe(409);
    expect(formStatus(new PaymentError("invalid_trx", "payments.errors.trxInvalid"), { already_reviewed: 409 })).toBe(400);
    expect(formStatus(new PaymentError("invalid_trx", "payments.errors.trxInvalid"))).toBe(400);
  });

  it("a token without values is the bare key", () => {
    expect(new HouseError("game_unavailable", "Dice is closed").token).toBe("house.errors.game_unavailable");
    expect(new HouseError("game_unavailable", "Dice is closed").message).toBe("Dice is closed");
  });

  it("puts a refusal on its field when the form has that field, else on the whole form", () => {
    const e = new PaymentError("invalid_trx", "payments.errors.trxInvalid", { field: "trxId" });
    expect(refusalErrors(e, ["trxId", "amount"])).toEqual({ fieldErrors: { trxId: ["payments.errors.trxInvalid"] } });
    expect(refusalErrors(e, ["amount"])).toEqual({ formErrors: ["payments.errors.trxInvalid"] });
    expect(refusalErrors(e)).toEqual({ formErrors: ["payments.errors.trxInvalid"] });
  });

  it("shows exchange amounts, which travel in poisha, as taka", () => {
    expect(new ExchangeError("stake_range", { min: "10000", max: "10000000" }).token).toBe(
      'exchange.errors.stake_range{"min":"৳100","max":"৳100,000"}',
    );
    const short = new ExchangeError("insufficient_funds", { available: "1050" });
    expect(short.token).toBe('exchange.errors.insufficient_funds{"available":"৳10.50"}');
    expect(short.params).toEqual({ available: "1050" });
    expect(new ExchangeError("market_not_found").status).toBe(404);
  });

  it("logs the code and key, never the shown values", () => {
    const e = new PaymentError("trx_used", "payments.errors.trxUsed", { field: "trxId", params: { trx: "ABC" } });
    expect(refusalLogFields(e)).toEqual({ error: "PaymentError", code: "trx_used", key: "payments.errors.trxUsed", field: "trxId", status: 409 });
  });

  it("answers an API client with the refusal's status and the spec's body, in English, on the client's field name", async () => {
    const used = apiRefusal(new PaymentError("trx_used", "payments.errors.trxUsed", { field: "trxId" }), { fields: { trxId: "transaction_id" } });
    const message = "This TRX ID has already been submitted. Please check it and try again.";
    expect([used.status, used.headers.get("cache-control"), await used.json()]).toEqual([
      409,
      "no-store",
      { success: false, message, errors: { transaction_id: [message] } },
    ]);
    const blocked = apiRefusal(new PaymentError("player_blocked", "payments.errors.playerBlocked"), { withError: true });
    const body = (await blocked.json()) as { error: string; message: string };
    expect([blocked.status, body.error === body.message, Object.keys(body)]).toEqual([403, true, ["success", "error", "message"]]);
  });
});
