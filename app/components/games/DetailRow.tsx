// One label / value line of a round's public page (/bet/:id, /house/crash/round/:id): the value wraps (hashes) and
// may be monospaced.
export function DetailRow({ label, children, mono, testId }: { label: string; children: React.ReactNode; mono?: boolean; testId?: string }) {
  return (
    <div className="flex justify-between gap-3 border-t border-white/5 px-3 py-2 text-sm first:border-t-0">
      <dt className="shrink-0 text-white/60">{label}</dt>
      <dd className={`min-w-0 break-all text-right ${mono ? "font-mono text-xs" : ""}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
