// Two-factor setup as the account page and the log-in's required setup show it: the QR code (an SVG data URL made on
// the server, so it shows without JavaScript), the key as text, and the recovery codes once it is on.
import { useTranslation } from "#app/i18n/use-translation.ts";

export function TwoFactorSecret({ setup }: { setup: { qrDataUrl: string; secret: string } }) {
  const { t } = useTranslation();
  return (
    <div className="mb-3" data-testid="two-factor-setup">
      <p className="mb-2 text-sm text-white/70">{t("admin.account.scanQr")}</p>
      <img src={setup.qrDataUrl} alt={t("admin.account.qrAlt")} width={192} height={192} className="mb-2 rounded bg-white p-1" />
      <div className="text-sm">
        {t("admin.account.secretText")}:{" "}
        <code className="break-all select-all" data-testid="two-factor-secret">
          {setup.secret}
        </code>
      </div>
    </div>
  );
}

export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div className="mb-3 rounded-xl bg-panel p-4" data-testid="recovery-codes">
      <h2 className="mb-1 font-bold">{t("admin.account.recoveryTitle")}</h2>
      <p className="mb-2 text-sm text-white/70">{t("admin.account.recoveryIntro")}</p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
