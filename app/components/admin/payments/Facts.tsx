/** A compact label/value list (a deposit's or withdrawal's details). */
export function Facts({ rows, className = "" }: { rows: Array<[label: string, value: React.ReactNode, testId?: string]>; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm ${className}`}>
      {rows.map(([label, value, testId]) => (
        <div key={label} className="contents">
          <dt className="text-white/60">{label}</dt>
          <dd className="break-words" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
