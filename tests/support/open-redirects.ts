// Redirect targets that must never leave the site: every test of a redirect taken from input runs these.
export const OPEN_REDIRECTS = [
  "https://evil.example/",
  "//evil.example",
  "javascript:alert(1)",
  // Dot segments that resolve to a protocol-relative path, plain and encoded.
  "/..//evil.example",
  "/.//evil.example",
  "/admin/..//evil.example",
  "/admin/%2e%2e//evil.example",
  "/admin/%2E%2E//evil.example",
  "/%2e%2e//evil.example",
  "/a/.%2e//evil.example",
  "/admin/../..//evil.example",
  "/%2e%2e/%2fevil.example",
  "/..//%2fevil.example",
  "/..//evil.example?x=1#y",
  // Backslashes (browsers read them as slashes), plain and encoded.
  "/\\evil.example",
  "/..\\/evil.example",
  "/..\\\\evil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/..%5c%5cevil.example",
  // Tabs and newlines (browsers drop them), plain and encoded.
  "/\t/evil.example",
  "/%09/evil.example",
  "/..\t//evil.example",
  "/\n/evil.example",
  "/%0a/evil.example",
  "/x\r\nSet-Cookie: a=b",
  "/%0d%0aSet-Cookie:%20a=b",
  // Encoded slashes.
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%2F%2Fevil.example",
];
