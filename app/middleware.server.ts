// The root route's middleware, in order: the 503 for a lost database connection (outermost, so it also sees what
// the others meet), the language, the session (the error page needs both), then the guard of queries and form
// bodies, and the refusal of state-changing requests from other sites; the device cookie (AML) is set on a browser's
// first visit. Cache-Control: private, no-store goes on every response to a request with a session.
import { i18nextMiddleware } from "./i18n/i18n.server.ts";
import { deviceMiddleware } from "#app/modules/risk/index.server.ts";
import { authMiddleware } from "#app/modules/sessions/index.server.ts";
import { formBodyMiddleware } from "./utils/form-body.server.ts";
import { privateCacheMiddleware } from "./utils/private-cache.server.ts";
import { sameOriginMiddleware } from "./utils/same-origin.server.ts";
import { unavailableMiddleware } from "./utils/unavailable.server.ts";

export const rootMiddleware = [
  unavailableMiddleware,
  privateCacheMiddleware,
  i18nextMiddleware,
  authMiddleware,
  deviceMiddleware,
  formBodyMiddleware,
  sameOriginMiddleware,
];
