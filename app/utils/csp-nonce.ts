import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the document being rendered on the server (entry.server.tsx provides it).
 * In the browser it is undefined: browsers hide nonces from the page, and scripts added after hydration need none.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
