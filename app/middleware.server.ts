// The root route's middleware, in order: the form-body guard, the language, then the session.
import { i18nextMiddleware } from "./i18n/i18n.server.ts";
import { authMiddleware } from "./modules/sessions/auth.server.ts";
import { formBodyMiddleware } from "./utils/form-body.server.ts";

export const rootMiddleware = [formBodyMiddleware, i18nextMiddleware, authMiddleware];
