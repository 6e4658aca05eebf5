import { describe, expect, it } from "vitest";
import { defaultBoard, formatPpmPercent, parsePercentPpm, rewardFor, tabFor } from "./board.ts";
import { taka } from "#tests/kit/money.ts";

describe("the cash reward ratio board", () => {
  it("applies a tab only when the day's turnover is more than its threshold", () => {
    expect(tabFor(defaultBoard, taka(100))).toBeNull();
    expect(tabFor(defaultBoard, taka(100.01))?.above).toBe(100_00);
    expect(tabFor(defaultBoard, taka(200_000))?.above).toBe(100_00);
    expect(tabFor(defaultBoard, taka(200_000.01))?.above).toBe(200_000_00);
    expect(tabFor(defaultBoard, taka(500_000))?.above).toBe(200_000_00);
    expect(tabFor(defaultBoard, taka(500_000.01))?.above).toBe(500_000_00);
    expect(tabFor(defaultBoard, 0n)).toBeNull();
  });

  it("pays nothing at exactly ৳100 and 0.1 % just above it, rounded down to whole poisha", () => {
    expect(rewardFor(defaultBoard, [taka(100), 0n, 0n]).reward).toBe(0n);
    // ৳100.01 x 0.1 % = 10.001 poisha -> 10
    expect(rewardFor(defaultBoard, [taka(100.01), 0n, 0n]).reward).toBe(10n);
    expect(rewardFor(defaultBoard, [taka(150), 0n, 0n]).reward).toBe(15n);
    expect(rewardFor(defaultBoard, [taka(100.99), 0n, 0n]).reward).toBe(10n);
  });

  it("uses each level's rate of the tab chosen by the total of all three levels", () => {
    // 60 + 30 + 20 = ৳110 > ৳100: 6000 x 0.1 % + 3000 x 0.05 % + 2000 x 0.01 % = 6 + 1.5 + 0.2 = 7.7 poisha -> 7
    expect(rewardFor(defaultBoard, [taka(60), taka(30), taka(20)])).toMatchObject({ turnover: taka(110), reward: 7n });
    // ৳100,000 on each level = ৳300,000: second tab 0.15 % / 0.06 % / 0.02 % -> 150 + 60 + 20 = ৳230
    expect(rewardFor(defaultBoard, [taka(100_000), taka(100_000), taka(100_000)]).reward).toBe(taka(230));
    // Exactly ৳200,000 in total stays on the first tab: 0.1 % of it.
    expect(rewardFor(defaultBoard, [taka(200_000), 0n, 0n]).reward).toBe(taka(200));
    expect(rewardFor(defaultBoard, [taka(200_000.01), 0n, 0n]).reward).toBe(taka(300)); // 20,000,001 x 0.15 % = 30,000.0015
    expect(rewardFor(defaultBoard, [taka(500_000), 0n, 0n]).reward).toBe(taka(750));
    expect(rewardFor(defaultBoard, [taka(500_000.01), 0n, 0n]).reward).toBe(taka(1000));
    expect(rewardFor(defaultBoard, [0n, 0n, taka(600_000)]).reward).toBe(taka(180)); // third level, third tab: 0.03 %
  });

  it("stays exact on amounts a float could not hold", () => {
    const huge = 10n ** 15n + 7n;
    expect(rewardFor(defaultBoard, [huge, 0n, 0n]).reward).toBe((huge * 2000n) / 1_000_000n);
  });

  it("reads and prints percents as parts per million without floats", () => {
    expect(parsePercentPpm("0.1")).toBe(1000);
    expect(parsePercentPpm("0.05")).toBe(500);
    expect(parsePercentPpm("0.0125")).toBe(125);
    expect(parsePercentPpm("100")).toBe(1_000_000);
    expect(parsePercentPpm("100.1")).toBeNull();
    expect(parsePercentPpm("0.00001")).toBeNull();
    expect(parsePercentPpm("-1")).toBeNull();
    expect(parsePercentPpm("abc")).toBeNull();
    expect(formatPpmPercent(1000)).toBe("0.1");
    expect(formatPpmPercent(500)).toBe("0.05");
    expect(formatPpmPercent(1500)).toBe("0.15");
    expect(formatPpmPercent(20_000)).toBe("2");
    expect(formatPpmPercent(0)).toBe("0");
  });
});
