// Pieces of the site's information pages (/responsible-gaming, /terms).

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-5">
      <h2 className="mb-2 border-l-4 border-brand pl-2 text-lg font-bold text-white">{title}</h2>
      {children}
    </section>
  );
}

/** Puts `part` (a link) where the translation has its placeholder, passed to t() as a NUL character. */
export function withPart(text: string, part: React.ReactNode) {
  const [before, after] = text.split("\u0000");
  return after === undefined ? (
    text
  ) : (
    <>
      {before}
      {part}
      {after}
    </>
  );
}
