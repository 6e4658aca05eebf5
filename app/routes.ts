import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),

  // Guests
  route("login", "routes/auth/login.tsx"),
  route("signup", "routes/auth/signup.tsx"),
  route("register", "routes/auth/register-redirect.tsx"),
  route("page/guest/register.jsp", "routes/auth/register-redirect.tsx", { id: "register-jsp" }),
  route("referral_code", "routes/auth/code-capture.tsx", { id: "referral-code" }),
  route("affiliate_code", "routes/auth/code-capture.tsx", { id: "affiliate-code" }),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("forgot-password/code", "routes/auth/forgot-password-code.tsx"),
  route("forgot-password/new", "routes/auth/forgot-password-new.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("player/logout", "routes/auth/logout.tsx", { id: "player-logout" }),

  // Players (login-gated)
  route("account", "routes/account/account.tsx"),
  route("reset-password", "routes/account/reset-password.tsx"),

  // Pages and resources
  route("responsible-gaming", "routes/pages/responsible-gaming.tsx"),
  route("app-download", "routes/pages/app-download.tsx"),
  route("page/site/component/appDownload.jsp", "routes/pages/app-download.tsx", { id: "app-download-jsp" }),
  route("language", "routes/resources/language.tsx"),
  route("healthz", "routes/resources/healthz.tsx"),

  // Money: the player's deposit, withdrawal, records, turnover and promotions pages (login-gated), and their resources
  route("deposit", "routes/money/deposit.tsx"),
  route("make-payment", "routes/money/make-payment.tsx"),
  route("payment-request", "routes/money/payment-request.tsx"),
  route("withdrawal", "routes/money/withdrawal.tsx"),
  route("transaction-record", "routes/money/transaction-record.tsx"),
  route("transaction-record/:id", "routes/money/transaction-details.tsx"),
  route("turnover-record", "routes/money/turnover-record.tsx"),
  route("promotions", "routes/money/promotions.tsx"),
  route("promotions/:id", "routes/money/promotion-details.tsx"),
  route("resources/balance-events", "routes/resources/balance-events.ts"),
  route("resources/deposit-proof", "routes/resources/deposit-proof.ts"),

  // JSON API for app clients (spec section 7)
  ...prefix("api", [
    route("logo", "routes/api/logo.ts"),
    route("general", "routes/api/general.ts"),
    route("sociallink", "routes/api/sociallink.ts"),
    route("sliders", "routes/api/sliders.ts"),
    route("login", "routes/api/login.ts"),
    route("v1/create-players", "routes/api/create-players.ts"),
    route("user/show", "routes/api/user-show.ts"),
    // Money (deposits, withdrawals, balances, records, turnover, promotions)
    route("payment-methods", "routes/api/payment-methods.ts"),
    route("promotion", "routes/api/promotion.ts"),
    route("promotions/:id", "routes/api/promotions.$id.ts"),
    route("showpayment-menthod", "routes/api/showpayment-menthod.ts"),
    route("get-wallet-number", "routes/api/get-wallet-number.ts"),
    route("submit-deposit", "routes/api/submit-deposit.ts"),
    route("userwithdrawcheck", "routes/api/userwithdrawcheck.ts"),
    route("submit-withdraw", "routes/api/submit-withdraw.ts"),
    route("balance", "routes/api/balance.ts"),
    route("transaction/show", "routes/api/transaction-show.ts"),
    route("turnovers", "routes/api/turnovers.ts"),
  ]),

  // Back office: staff accounts (separate from players), settings and the audit log
  ...prefix("admin", [
    route("", "routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("login", "routes/admin/login.tsx"),
      route("logout", "routes/admin/logout.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      // Finance: deposit and withdrawal queues, adjustments, payment methods and wallet numbers, promotions
      route("finance", "routes/admin/finance/index.ts"),
      route("finance/deposits", "routes/admin/finance/deposits.tsx"),
      route("finance/deposits/:id/proof", "routes/admin/finance/deposit-proof.ts"),
      route("finance/withdrawals", "routes/admin/finance/withdrawals.tsx"),
      route("finance/adjustments", "routes/admin/finance/adjustments.tsx"),
      route("finance/payment-methods", "routes/admin/finance/payment-methods.tsx"),
      route("finance/promotions", "routes/admin/finance/promotions.tsx"),
      route("finance/promotions/:id", "routes/admin/finance/promotion-edit.tsx"),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
