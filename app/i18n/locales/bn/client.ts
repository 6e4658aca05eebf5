// The catalogue every page ships to the browser. Areas used by only a few routes (pages, admin) are sent
// by those routes' loaders instead (see app/i18n/areas.server.ts), and api.ts never leaves the server.
import account from "./account.ts";
import auth from "./auth.ts";
import common from "./common.ts";
import errors from "./errors.ts";
import home from "./home.ts";
import payments from "./payments.ts";
import paymentPages from "./paymentPages.ts";
import inbox from "./inbox.ts";
import chat from "./chat.ts";
import centre from "./centre.ts";

export default { common, auth, home, account, errors, paymentPages, payments, inbox, chat, centre };
