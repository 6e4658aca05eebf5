import account from "./account.ts";
import auth from "./auth.ts";
import common from "./common.ts";
import errors from "./errors.ts";
import home from "./home.ts";

export default { common, auth, home, account, errors };
