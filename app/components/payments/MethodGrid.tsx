export type MethodTile = { id: number; name: string; icon: string; tag?: string | null };

/**
 * Payment methods as radio tiles (one form field, works without JavaScript). `tag` is the bonus percent badge
 * the deposit page puts on every tile; a method's own tag (staff set it: "+2%") sits at the tile's other corner.
 */
export function MethodGrid({
  name,
  methods,
  selected,
  tag,
  onChange,
  errorId,
  invalid,
}: {
  name: string;
  methods: MethodTile[];
  selected: number | null;
  tag?: string | null;
  onChange?: (id: number) => void;
  errorId?: string;
  invalid?: boolean;
}) {
  return (
    <div
      className="grid grid-cols-3 gap-2 min-[420px]:grid-cols-4"
      role="radiogroup"
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
    >
      {methods.map((m) => (
        <label key={m.id} className="relative block cursor-pointer" data-testid={`method-${m.id}`}>
          <input
            type="radio"
            name={name}
            value={m.id}
            defaultChecked={selected === m.id}
            onChange={onChange ? () => onChange(m.id) : undefined}
            className="peer sr-only"
          />
          <span className="flex h-full flex-col items-center gap-1 rounded-lg border border-white/15 bg-ink px-1 pb-1.5 pt-2 text-center text-xs peer-checked:border-brand peer-checked:bg-brand/10 peer-checked:text-brand peer-focus-visible:ring-2 peer-focus-visible:ring-brand">
            <img src={m.icon} alt="" width={48} height={48} className="size-12 rounded-md bg-white object-contain p-1" loading="lazy" />
            <span className="w-full truncate font-semibold">{m.name}</span>
          </span>
          {m.tag ? (
            <span
              className="absolute -left-1 -top-1.5 rounded-full bg-emerald-600 px-1.5 text-[0.65rem] font-bold leading-4 text-white"
              data-testid="method-tag"
            >
              {m.tag}
            </span>
          ) : null}
          {tag ? (
            <span
              className="absolute -right-1 -top-1.5 rounded-full bg-red-600 px-1.5 text-[0.65rem] font-bold leading-4 text-white"
              data-testid="bonus-tag"
            >
              {tag}
            </span>
          ) : null}
        </label>
      ))}
    </div>
  );
}
