import { useTranslation } from "#app/i18n/use-translation.ts";

export type SeedInfo = { serverSeedHash: string; clientSeed: string; nonce: number; nextServerSeedHash: string };

/** The active seed pair as the player may see it, and the way to /fair. */
export function SeedPanel({ seed }: { seed: SeedInfo }) {
  const { t } = useTranslation();
  return (
    <section className="mt-4 rounded-xl bg-panel p-3 text-xs text-white/70" aria-labelledby="seed-panel-title" data-testid="seed-panel">
      <h2 id="seed-panel-title" className="mb-2 text-sm font-semibold text-white">
        {t("house.provablyFair")}
      </h2>
      <dl className="grid gap-1">
        <dt className="text-white/50">{t("house.seeds.serverSeedHash")}</dt>
        <dd className="break-all font-mono" data-testid="seed-hash">
          {seed.serverSeedHash}
        </dd>
        <dt className="text-white/50">{t("house.seeds.clientSeed")}</dt>
        <dd className="break-all font-mono">{seed.clientSeed}</dd>
        <dt className="text-white/50">{t("house.seeds.nonce")}</dt>
        <dd className="font-mono" data-testid="seed-nonce">
          {seed.nonce}
        </dd>
        <dt className="text-white/50">{t("house.seeds.nextServerSeedHash")}</dt>
        <dd className="break-all font-mono" data-testid="seed-next-hash">
          {seed.nextServerSeedHash}
        </dd>
      </dl>
      <a href="/fair" className="mt-2 inline-block font-semibold text-brand">
        {t("house.verify")} ›
      </a>
    </section>
  );
}
