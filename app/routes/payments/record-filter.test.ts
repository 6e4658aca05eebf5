import { describe, expect, it } from "vitest";
import { parseRecordFilter, recordQuery } from "./record-filter.ts";

describe("transaction record filter", () => {
  it("defaults to all statuses and types of today, page 1", () => {
    expect(parseRecordFilter(new URLSearchParams())).toEqual({ status: "all", type: "all", range: "today", page: 1 });
  });

  it("takes the page's values, the spec's words and the original site's numbers", () => {
    expect(parseRecordFilter(new URLSearchParams("status=fail&type=withdrawal&range=7d&page=3"))).toEqual({
      status: "fail",
      type: "withdraw",
      range: "7d",
      page: 3,
    });
    expect(parseRecordFilter(new URLSearchParams("status=1&type=deposit&range=all"))).toMatchObject({
      status: "success",
      type: "deposit",
      range: "all",
    });
  });

  it("falls back on anything forged", () => {
    expect(parseRecordFilter(new URLSearchParams("status=drop&type=<x>&range=1y&page=-2"))).toEqual({
      status: "all",
      type: "all",
      range: "today",
      page: 1,
    });
    expect(parseRecordFilter(new URLSearchParams("page=1e9")).page).toBe(1);
  });

  it("writes page links that keep the filter", () => {
    expect(recordQuery({ status: "pending", type: "deposit", range: "all", page: 2 })).toBe("?status=pending&type=deposit&range=all&page=2");
    expect(recordQuery({ status: "all", type: "all", range: "today", page: 1 })).toBe("?status=all&type=all&range=today");
  });
});
