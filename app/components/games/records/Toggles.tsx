/** A single-select toggle group of a GET filter form: radio buttons styled as chips, so it works without JavaScript. */
export function Toggles<T extends string>({
  name,
  legend,
  options,
  value,
}: {
  name: string;
  legend: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
}) {
  return (
    <fieldset className="mb-2">
      <legend className="mb-1 text-xs text-white/60">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((o) => (
          <label key={o.value} className="cursor-pointer">
            <input type="radio" name={name} value={o.value} defaultChecked={o.value === value} className="peer sr-only" />
            <span className="block rounded-full border border-white/15 px-3 py-1 text-xs peer-checked:border-brand peer-checked:bg-brand peer-checked:font-semibold peer-checked:text-black peer-focus-visible:ring-2 peer-focus-visible:ring-brand">
              {o.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
