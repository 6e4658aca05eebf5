// The referral page's parts rendered on the server the way a phone without JavaScript gets them, in both languages.
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { resources } from "#app/i18n/i18n.server.ts";
import { CodePanel } from "./CodePanel.tsx";
import { RatioBoard } from "./RatioBoard.tsx";
import { type HistoryRow, RewardHistory } from "./RewardHistory.tsx";

async function render(lng: string, element: React.ReactNode) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng, resources, interpolation: { escapeValue: false } });
  const Stub = createRoutesStub([{ path: "/refrrel-program", Component: () => element }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={["/refrrel-program"]} />
    </I18nextProvider>,
  );
}

const rows: HistoryRow[] = [
  {
    id: 2,
    day: "2026-11-22",
    turnover: "1,000.00",
    reward: "1.00",
    status: "claimable",
    levels: ["1,000.00", "0.00", "0.00"],
    tab: { above: "100", rates: "0.1% / 0.05% / 0.01%" },
  },
  { id: 1, day: "2026-11-21", turnover: "100.00", reward: "0.00", status: "below", levels: ["100.00", "0.00", "0.00"], tab: null },
];

describe("referral parts without JavaScript", () => {
  it("shows the code and link as text and the share links as plain links, with no JS-only buttons", async () => {
    const html = await render(
      "en",
      <CodePanel
        code="ABCD2345"
        link="https://play.example/referral_code?code=ABCD2345"
        qrSrc="/resources/referral-qr.svg?v=ABCD2345"
        siteTitle="DeshPlay"
      />,
    );
    expect(html).toContain(">ABCD2345</output>");
    expect(html).toContain('value="https://play.example/referral_code?code=ABCD2345"');
    expect(html).toContain(
      'href="https://wa.me/?text=Join%20me%20on%20DeshPlay%20with%20my%20referral%20code%20ABCD2345%3A%20https%3A%2F%2Fplay.example',
    );
    expect(html).toContain('href="mailto:?subject=Join%20me%20on%20DeshPlay&amp;body=');
    for (const network of ["facebook", "line", "skype", "telegram"]) expect(html).toContain(`data-testid="share-${network}"`);
    expect(html).not.toContain('data-testid="copy-link"');
    expect(html).not.toContain('data-testid="share-device"');
  });

  it("renders the chosen ratio tab with links to the others", async () => {
    const tabs = [
      { above: "100", rates: ["0.1", "0.05", "0.01"] as [string, string, string] },
      { above: "200,000", rates: ["0.15", "0.06", "0.02"] as [string, string, string] },
    ];
    const html = await render("bn", <RatioBoard tabs={tabs} selected={1} hrefFor={(i) => `/refrrel-program?board=${i}#ratio-board`} />);
    expect(html).toContain("টার্নওভার সীমা : 200,000-এর বেশি");
    expect(html).toMatch(/0\.15(<!-- -->)?%/);
    expect(html).toContain('href="/refrrel-program?board=0#ratio-board"');
  });

  it("lists reward rows with status and details, and a GET form with an Apply button", async () => {
    const html = await render("en", <RewardHistory rows={rows} size={25} sizes={[10, 25, 50, 100]} page={1} pages={1} path="/refrrel-program" />);
    expect(html).toContain('method="get"');
    expect(html).toContain('<option value="25" selected="">25</option>');
    expect(html).toContain(">Apply</button>");
    expect(html).toContain("Claimable");
    expect(html).toContain("Below minimum");
    expect(html).toContain("Tab: more than ৳100 (0.1% / 0.05% / 0.01%)");
    expect(html).toContain("No tab applies at ৳100 or less.");
    const empty = await render("bn", <RewardHistory rows={[]} size={10} sizes={[10, 25, 50, 100]} page={1} pages={1} path="/refrrel-program" />);
    expect(empty).toContain("কোনো তথ্য নেই");
  });
});
