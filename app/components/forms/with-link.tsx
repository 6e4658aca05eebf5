/** Puts the link where the translation has its placeholder (marked with a NUL character). */
export function withLink(text: string, link: React.ReactNode) {
  const [before, after] = text.split("\u0000");
  return after === undefined ? (
    text
  ) : (
    <>
      {before}
      {link}
      {after}
    </>
  );
}
