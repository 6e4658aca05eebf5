type Json = unknown;

const isRecord = (v: Json): v is Record<string, Json> => typeof v === "object" && v !== null && !Array.isArray(v);

function show(v: Json): string {
  if (v === null || v === undefined || v === "") return "—";
  if (Array.isArray(v)) return v.length ? v.map(show).join(", ") : "—";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/** The fields an audit entry changed, "field: old → new"; for an entry with one side only, its fields. */
export function AuditChanges({ before, after }: { before: Json; after: Json }) {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    return (
      <ul className="space-y-0.5">
        {keys.map((k) => (
          <li key={k} className="break-words">
            <span className="text-white/60">{k}:</span> <del className="text-red-300/90">{show(before[k])}</del> →{" "}
            <ins className="text-accent no-underline">{show(after[k])}</ins>
          </li>
        ))}
      </ul>
    );
  }
  const one = isRecord(after) ? after : isRecord(before) ? before : null;
  if (!one) return null;
  return (
    <ul className="space-y-0.5">
      {Object.entries(one).map(([k, v]) => (
        <li key={k} className="break-words">
          <span className="text-white/60">{k}:</span> {show(v)}
        </li>
      ))}
    </ul>
  );
}
