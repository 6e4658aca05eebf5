import admin from "./admin.ts";
import account from "./account.ts";
import api from "./api.ts";
import auth from "./auth.ts";
import common from "./common.ts";
import errors from "./errors.ts";
import adminPayments from "./adminPayments.ts";
import home from "./home.ts";
import messages from "./messages.ts";
import payments from "./payments.ts";
import pages from "./pages.ts";
import paymentPages from "./paymentPages.ts";
import casino from "./casino.ts";
import gamerun from "./gamerun.ts";
import house from "./house.ts";
import crash from "./crash.ts";
import records from "./records.ts";
import adminGames from "./adminGames.ts";
import profile from "./profile.ts";
import vip from "./vip.ts";
import referral from "./referral.ts";
import inbox from "./inbox.ts";
import chat from "./chat.ts";
import centre from "./centre.ts";
import adminContent from "./adminContent.ts";
import protectionLimits from "./protectionLimits.ts";
import protectionExclusion from "./protectionExclusion.ts";
import protectionReality from "./protectionReality.ts";
import identity from "./identity.ts";
import risk from "./risk.ts";
import exchange from "./exchange.ts";
import adminExchange from "./adminExchange.ts";
import adminExports from "./adminExports.ts";
import adminPlayers from "./adminPlayers.ts";
import adminDashboard from "./adminDashboard.ts";
import adminReports from "./adminReports.ts";
import races from "./races.ts";

export default {
  common,
  auth,
  home,
  account,
  errors,
  api,
  pages,
  admin,
  messages,
  adminPayments,
  paymentPages,
  payments,
  casino,
  gamerun,
  house,
  crash,
  records,
  adminGames,
  profile,
  vip,
  referral,
  inbox,
  chat,
  centre,
  adminContent,
  protectionLimits,
  protectionExclusion,
  protectionReality,
  identity,
  risk,
  exchange,
  adminExchange,
  adminExports,
  adminPlayers,
  adminDashboard,
  adminReports,
  races,
};
