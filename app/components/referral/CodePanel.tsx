import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { useHydrated } from "#app/components/payments/use-hydrated.ts";
import { shareHref, shareNetworks } from "./share-links.ts";

async function writeClipboard(text: string) {
  if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
  await navigator.clipboard.writeText(text);
}

/**
 * The player's code and invite link with their QR code. Without JavaScript the code and link are selectable text
 * and the share links plain links; with it, copy buttons (Copy Link falls back to a prompt) and the Web Share API.
 */
export function CodePanel({ code, link, qrSrc, siteTitle }: { code: string; link: string; qrSrc: string; siteTitle: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [tip, setTip] = useState("");
  const text = t("referral.code.shareText", { site: siteTitle, code });
  const subject = t("referral.code.shareSubject", { site: siteTitle });

  async function copyCode() {
    try {
      await writeClipboard(code);
      setTip(t("referral.code.copied"));
    } catch {
      window.prompt(t("referral.code.copyCode"), code);
    }
  }
  async function copyLink() {
    try {
      await writeClipboard(link);
      setTip(t("referral.code.linkCopied"));
    } catch {
      window.prompt(t("referral.code.promptCopy"), link);
    }
  }
  async function shareWithApp() {
    if (typeof navigator.share !== "function") return setTip(t("referral.code.shareNotSupported"));
    try {
      await navigator.share({ title: subject, text, url: link });
    } catch (e) {
      // The player closing the share sheet is not a failure.
      if ((e as Error).name !== "AbortError") setTip(t("referral.code.shareNotSupported"));
    }
  }

  return (
    <div className="grid gap-4 min-[480px]:grid-cols-[10rem_1fr]" data-testid="referral-code-panel">
      <img
        src={qrSrc}
        alt={t("referral.code.qr")}
        width={160}
        height={160}
        className="mx-auto size-40 rounded-lg bg-white p-1"
        data-testid="referral-qr"
      />
      <div className="min-w-0 space-y-3">
        <div>
          <div className="mb-1 text-xs text-white/60">{t("referral.code.title")}</div>
          <div className="flex items-center gap-2">
            <output
              className="select-all rounded-md bg-black/30 px-3 py-1.5 font-mono text-lg font-bold tracking-widest text-brand"
              data-testid="referral-code"
            >
              {code}
            </output>
            {hydrated ? (
              <button type="button" onClick={copyCode} className="btn-secondary !px-3 !py-1.5 text-sm" data-testid="copy-code">
                {t("referral.code.copyCode")}
              </button>
            ) : null}
          </div>
        </div>
        <div>
          <label htmlFor="referral-link" className="mb-1 block text-xs text-white/60">
            {t("referral.code.link")}
          </label>
          <input
            id="referral-link"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full rounded-md bg-black/30 px-3 py-1.5 text-sm"
            data-testid="referral-link"
          />
        </div>
        <div className="flex flex-wrap items-start gap-2">
          {hydrated ? (
            <button type="button" onClick={copyLink} className="btn-primary !px-4 !py-1.5 text-sm" data-testid="copy-link">
              {t("referral.code.copyLink")}
            </button>
          ) : null}
          <details className="relative" data-testid="share-menu">
            <summary className="btn-secondary cursor-pointer list-none !px-4 !py-1.5 text-sm">{t("referral.code.share")}</summary>
            <ul className="absolute z-10 mt-1 w-52 rounded-lg bg-panel-2 p-1 text-sm shadow-xl">
              {hydrated ? (
                <li>
                  <button type="button" onClick={copyLink} className="block w-full rounded px-3 py-2 text-left hover:bg-white/5">
                    {t("referral.code.copyLink")}
                  </button>
                </li>
              ) : null}
              {shareNetworks.map((network) => (
                <li key={network}>
                  <a
                    href={shareHref(network, { link, text, subject })}
                    {...(network === "mail" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
                    className="block rounded px-3 py-2 hover:bg-white/5"
                    data-testid={`share-${network}`}
                  >
                    {t(`referral.code.networks.${network}`)}
                  </a>
                </li>
              ))}
              {hydrated ? (
                <li>
                  <button
                    type="button"
                    onClick={shareWithApp}
                    className="block w-full rounded px-3 py-2 text-left hover:bg-white/5"
                    data-testid="share-device"
                  >
                    {t("referral.code.shareDevice")}
                  </button>
                </li>
              ) : null}
            </ul>
          </details>
        </div>
        <p role="status" aria-live="polite" className="text-xs text-accent empty:hidden" data-testid="referral-tip">
          {tip}
        </p>
      </div>
    </div>
  );
}
