import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),

  // Guests
  route("login", "routes/auth/login.tsx"),
  route("signup", "routes/auth/signup.tsx"),
  // The two-step sign-up with a captcha (desktop; phones go on to the one-page /signup) and its captcha image
  route("register", "routes/auth/register.tsx"),
  route("page/guest/register.jsp", "routes/auth/register-redirect.tsx", { id: "register-jsp" }),
  route("captcha", "routes/resources/captcha.ts"),
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
  // Profile and verification (phone codes, e-mail links, birthday); the e-mail link works without a session
  route("profile", "routes/account/profile.tsx"),
  route("profile/verify-email", "routes/account/verify-email.tsx"),
  route("vip", "routes/account/vip.tsx"),
  // Player protection: limits (the hub), time-out, self-exclusion, closure, reality checks, net deposits, identity checks
  route("account/responsible-gaming", "routes/account/responsible-gaming/hub.tsx"),
  route("account/responsible-gaming/time-out", "routes/account/responsible-gaming/time-out.tsx"),
  route("account/responsible-gaming/self-exclusion", "routes/account/responsible-gaming/self-exclusion.tsx"),
  route("account/responsible-gaming/close-account", "routes/account/responsible-gaming/close-account.tsx"),
  route("account/responsible-gaming/reality-check", "routes/account/responsible-gaming/reality-check.tsx"),
  route("account/responsible-gaming/history", "routes/account/responsible-gaming/history.tsx"),
  route("reality-check", "routes/account/responsible-gaming/reality-interstitial.tsx"),
  route("account/verification", "routes/account/verification.tsx"),
  // Identity: where a player lands, logged out, after confirming a birthday under 18 (the account is blocked)
  route("age-blocked", "routes/account/age-blocked.tsx"),
  // Referral programme (the spec's spelling of the URL; /referral leads there) and the QR image of the invite link
  route("refrrel-program", "routes/referral/referral.tsx"),
  route("referral", "routes/referral/referral-alias.ts"),
  route("resources/referral-qr.svg", "routes/resources/referral-qr.ts"),

  // Pages and resources
  route("responsible-gaming", "routes/pages/responsible-gaming.tsx"),
  route("terms", "routes/pages/terms.tsx"),
  route("app-download", "routes/pages/app-download.tsx"),
  route("page/site/component/appDownload.jsp", "routes/pages/app-download.tsx", { id: "app-download-jsp" }),
  route("affiliate", "routes/pages/content-page.tsx", { id: "page-affiliate" }),
  route("brand-ambassador", "routes/pages/content-page.tsx", { id: "page-brand-ambassador" }),
  route("language", "routes/resources/language.tsx"),
  route("healthz", "routes/resources/healthz.tsx"),
  // Browser tests open sessions here when the server has E2E_SESSION_KEY; a 404 otherwise
  route("__e2e/session", "routes/resources/e2e-session.ts"),
  route("__e2e/exchange-match", "routes/resources/e2e-exchange-match.ts"),
  route("__e2e/captcha", "routes/resources/e2e-captcha.ts"),
  route("resources/contact-qr/:file", "routes/resources/contact-qr.ts"),

  // Money: the player's deposit, withdrawal, records, turnover and promotions pages (login-gated), and their resources
  route("deposit", "routes/payments/deposit.tsx"),
  route("make-payment", "routes/payments/make-payment.tsx"),
  // Gateway checkouts: the gateway's callback, the result page, and the built-in simulated wallet's checkout page
  route("deposit/gateway-callback", "routes/payments/gateway-callback.ts"),
  route("deposit/checkout/:invoice", "routes/payments/checkout-result.tsx"),
  route("sim-gateway/checkout/:id", "routes/sim-gateway/checkout.tsx"),
  route("payment-request", "routes/payments/payment-request.tsx"),
  route("withdrawal", "routes/payments/withdrawal.tsx"),
  route("transaction-record", "routes/payments/transaction-record.tsx"),
  route("transaction-record/:id", "routes/payments/transaction-details.tsx"),
  route("turnover-record", "routes/payments/turnover-record.tsx"),
  route("promotions", "routes/payments/promotions.tsx"),
  route("promotions/:id", "routes/payments/promotion-details.tsx"),
  // Wager races (open to guests): the current daily and weekly races, standings, prizes, past winners; live standings
  route("races", "routes/races/races.tsx"),
  route("resources/race-events", "routes/resources/race-events.ts"),
  route("resources/balance-events", "routes/resources/balance-events.ts"),
  // The header's balance for the page's session (polled only while the event stream is down)
  route("resources/balance", "routes/resources/balance.ts"),
  // Inbox and support chat (login-gated); one event stream per page carries balance, inbox and chat events
  route("resources/events", "routes/resources/balance-events.ts", { id: "player-events" }),
  route("inbox", "routes/inbox/inbox.tsx"),
  route("inbox/:id", "routes/inbox/message.tsx"),
  route("chat", "routes/chat/chat.tsx"),
  route("chat-list", "routes/chat/chat-list.tsx"),
  route("chat-box/:chatId", "routes/chat/chat-box.tsx"),
  route("resources/deposit-proof", "routes/resources/deposit-proof.ts"),

  // Casino: in-house games (provably fair Dice and Mines, the seeds and verifier page)
  route("house/dice", "routes/games/house-dice.tsx"),
  route("house/mines", "routes/games/house-mines.tsx"),
  route("house/crash", "routes/games/house-crash.tsx"),
  // The public page of one Crash round (its id, as the history chips link it)
  route("house/crash/round/:id", "routes/games/crash-round.tsx"),
  route("resources/crash-events", "routes/resources/crash-events.ts"),
  // The house games' live bets for the Dice and Mines pages (Crash's stream carries them too)
  route("resources/live-bets", "routes/resources/live-bets.ts"),
  // The exchange: an event's markets pushed to its page when they change (public prices)
  route("resources/exchange-events", "routes/resources/exchange-events.ts"),
  route("fair", "routes/games/fair.tsx"),
  // The exchange (login-gated): events by tab, sports and competitions, a market page with the bet slip, Multi
  // Markets (pins), the exchange account, and the original's entry link
  route("exchange", "routes/exchange/events.tsx", { id: "exchange-home" }),
  route("exchange-inplay", "routes/exchange/events.tsx"),
  route("exchange-sports", "routes/exchange/sports.tsx"),
  route("exchange-multi", "routes/exchange/multi.tsx"),
  route("exchange-account", "routes/exchange/account.tsx"),
  route("exchange/pin", "routes/exchange/pin.ts"),
  route("exchange/one-click", "routes/exchange/one-click.tsx"),
  route("odds-view", "routes/exchange/odds-view.tsx"),
  // Cash Out of the player's match-odds position (quote, confirm, auto cash-out)
  route("exchange-cashout/:marketId", "routes/exchange/cash-out.tsx"),
  // A match-odds runner's price ladder and price history (?market=&runner=)
  route("exchange-ladder", "routes/exchange/ladder.tsx"),
  route("player/playGame", "routes/exchange/play-game.ts"),
  // Casino: the betting record (settled rounds) and uploaded game posters
  route("betting-record", "routes/games/betting-record.tsx"),
  route("betting-record/:id", "routes/games/betting-record-details.tsx"),
  // A shareable page of one in-house round (public: masked player, fairness data, a verify link)
  route("bet/:id", "routes/games/bet.tsx"),
  route("poster/:name", "routes/resources/poster.ts"),
  // Casino: the catalogue (/games and the category pages, one route module) and favourites
  route("games", "routes/games/games.tsx"),
  route("casino", "routes/games/games.tsx", { id: "category-casino" }),
  route("slot", "routes/games/games.tsx", { id: "category-slot" }),
  route("table", "routes/games/games.tsx", { id: "category-table" }),
  route("poker", "routes/games/games.tsx", { id: "category-poker" }),
  route("crash", "routes/games/games.tsx", { id: "category-crash" }),
  route("fishing", "routes/games/games.tsx", { id: "category-fishing" }),
  route("arcade", "routes/games/games.tsx", { id: "category-arcade" }),
  route("lottery", "routes/games/games.tsx", { id: "category-lottery" }),
  route("sports", "routes/games/games.tsx", { id: "category-sports" }),
  route("games/favourite", "routes/games/favourite.tsx"),
  // Casino: game launch (one-time launch tokens) and the built-in simulated aggregator's game page
  route("gamerun", "routes/games/gamerun.tsx"),
  route("sim-aggregator/play", "routes/games/sim-aggregator.tsx"),

  // JSON API for app clients (spec section 7)
  ...prefix("api", [
    route("crash/state", "routes/api/crash-state.ts"),
    route("logo", "routes/api/logo.ts"),
    route("general", "routes/api/general.ts"),
    route("sociallink", "routes/api/sociallink.ts"),
    route("sliders", "routes/api/sliders.ts"),
    route("login", "routes/api/login.ts"),
    route("v1/create-players", "routes/api/create-players.ts"),
    route("user/show", "routes/api/user-show.ts"),
    // Profile and verification
    route("user/profile/update", "routes/api/user-profile-update.ts"),
    route("send-verification-code", "routes/api/send-verification-code.ts"),
    route("verify-phone-number", "routes/api/verify-phone-number.ts"),
    route("add/number", "routes/api/add-number.ts"),
    route("add/send-verification-code", "routes/api/add-send-verification-code.ts"),
    route("add/verify-phone-number", "routes/api/add-verify-phone-number.ts"),
    route("get/other/phone", "routes/api/get-other-phone.ts"),
    route("convert-vipcoin", "routes/api/convert-vipcoin.ts"),
    // Money (deposits, withdrawals, balances, records, turnover, promotions)
    route("payment-methods", "routes/api/payment-methods.ts"),
    route("promotion", "routes/api/promotion.ts"),
    route("promotions/:id", "routes/api/promotions.$id.ts"),
    route("showpayment-menthod", "routes/api/payment-method-channels.ts"),
    route("get-wallet-number", "routes/api/get-wallet-number.ts"),
    route("submit-deposit", "routes/api/submit-deposit.ts"),
    // A payment gateway's signed notices for a method in gateway mode
    route("gateway-webhook/:methodId", "routes/api/gateway-webhook.ts"),
    route("userwithdrawcheck", "routes/api/userwithdrawcheck.ts"),
    route("submit-withdraw", "routes/api/submit-withdraw.ts"),
    route("balance", "routes/api/balance.ts"),
    route("transaction/show", "routes/api/transaction-show.ts"),
    route("turnovers", "routes/api/turnovers.ts"),
    // Casino catalogue
    route("get-system", "routes/api/get-system.ts"),
    route("get-provider", "routes/api/get-provider.ts"),
    route("get-games", "routes/api/get-games.ts"),
    route("get-type", "routes/api/get-type.ts"),
    route("game-run", "routes/api/game-run.ts"),
    route("betting-record", "routes/api/betting-record.ts"),
    // The exchange: events by sport, a market's odds, an event's Fancy and Bookmaker rows, the score, the player's records
    route("sports-events/:sport", "routes/api/sports-events.ts"),
    route("match-odds/:marketId", "routes/api/match-odds.ts"),
    route("event/:eventId", "routes/api/exchange-event.ts"),
    route("score/board/:eventId", "routes/api/score-board.ts"),
    route("exchange-hub", "routes/api/exchange-hub.ts"),
    // Inbox and support chat
    route("inbox", "routes/api/inbox.ts"),
    route("inbox/:id", "routes/api/inbox.$id.ts"),
    route("inbox/:id/read", "routes/api/inbox.$id.read.ts"),
    route("get-chats", "routes/api/get-chats.ts"),
    route("chats", "routes/api/chats.ts"),
    route("chats/:chatId/messages", "routes/api/chats.$chatId.messages.ts"),
    route("messages", "routes/api/messages.ts"),
    // Casino: the seamless-wallet endpoints game providers call (signed, no session)
    route("provider/:platform/:action", "routes/api/provider.ts"),
  ]),

  // Back office: staff accounts (separate from players), settings and the audit log
  ...prefix("admin", [
    route("support/events", "routes/admin/support/events.ts"),
    route("", "routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("login", "routes/admin/login.tsx"),
      route("logout", "routes/admin/logout.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("account", "routes/admin/account.tsx"),
      // Reports over a Dhaka-day range and their CSV exports (roles admin, finance; trader the exchange's)
      route("reports/:kind?", "routes/admin/reports/report.tsx"),
      route("reports/:kind/export", "routes/admin/reports/export.ts"),
      route("settings", "routes/admin/settings.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("audit/export", "routes/admin/audit-export.ts"),
      // Finance: deposit and withdrawal queues, adjustments, payment methods and wallet numbers, promotions
      route("finance", "routes/admin/payments/index.ts"),
      route("finance/deposits", "routes/admin/payments/deposits.tsx"),
      // CSV exports of the finance lists with the page's filter (the page's roles; audited)
      route("finance/deposits/export", "routes/admin/payments/deposits-export.ts"),
      route("finance/withdrawals/export", "routes/admin/payments/withdrawals-export.ts"),
      route("finance/adjustments/export", "routes/admin/payments/adjustments-export.ts"),
      route("finance/checkouts/export", "routes/admin/payments/checkouts-export.ts"),
      route("finance/deposits/:id/proof", "routes/admin/payments/deposit-proof.ts"),
      route("finance/withdrawals", "routes/admin/payments/withdrawals.tsx"),
      route("finance/adjustments", "routes/admin/payments/adjustments.tsx"),
      route("finance/payment-methods", "routes/admin/payments/payment-methods.tsx"),
      route("finance/checkouts", "routes/admin/payments/checkouts.tsx"),
      route("finance/promotions", "routes/admin/payments/promotions.tsx"),
      route("finance/promotions/:id", "routes/admin/payments/promotion-edit.tsx"),
      // Games: providers and the catalogue (roles admin, content)
      route("games", "routes/admin/games/games.tsx"),
      route("games/providers", "routes/admin/games/providers.tsx"),
      route("games/crash-chains", "routes/admin/games/crash-chains.tsx"),
      // Exchange: events and markets for traders (create, open, suspend, in play, quotes, lines, settle, void; roles admin, trader)
      route("exchange", "routes/admin/exchange/events.tsx"),
      route("exchange/:eventId", "routes/admin/exchange/event.tsx"),
      // Support: players (search, view, contact edits with audit)
      route("players", "routes/admin/players/players.tsx"),
      route("players/export", "routes/admin/players/export.ts"),
      route("players/:id", "routes/admin/players/player.tsx"),
      // Player protection per player: limits and their history, exclusions, identity documents, AML signals and reviews
      route("players/:id/limits", "routes/admin/players/limits.tsx"),
      route("players/:id/exclusions", "routes/admin/players/exclusions.tsx"),
      route("players/:id/documents", "routes/admin/players/documents.tsx"),
      // Identity: one document's image for staff (sandboxed, like the deposit proof)
      route("players/:id/documents/:docId/image", "routes/admin/players/document-image.ts"),
      route("players/:id/risk", "routes/admin/players/risk.tsx"),
      route("players/:id/export/:list", "routes/admin/players/player-export.ts"),
      // VIP levels and the accrual rule (roles admin, content)
      route("vip", "routes/admin/vip.tsx"),
      // Referral programme settings (roles admin, content)
      route("referral", "routes/admin/referral.tsx"),
      // Site-wide lists of casino rounds (admin, finance), exchange bets (admin, finance, trader) and ledger entries
      // (admin, finance), each with its CSV export
      route("rounds", "routes/admin/lists/rounds.tsx"),
      route("rounds/export", "routes/admin/lists/rounds-export.ts"),
      route("exchange-bets", "routes/admin/lists/bets.tsx"),
      route("exchange-bets/export", "routes/admin/lists/bets-export.ts"),
      route("ledger", "routes/admin/lists/ledger.tsx"),
      route("ledger/export", "routes/admin/lists/ledger-export.ts"),
      // Wager races: periods, products, minimum stake, prize tables (roles admin, finance)
      route("races/:id?", "routes/admin/races/races.tsx"),
      // Risk: AML signals and player reviews (roles admin, finance)
      route("risk", "routes/admin/risk/risk.tsx"),
      route("risk/export", "routes/admin/risk/export.ts"),
      // Support: inbox messages to players and the chat console (roles admin, support)
      route("support/inbox", "routes/admin/support/inbox.tsx"),
      route("support/chats", "routes/admin/support/chats.tsx"),
      route("support/chats/:chatId", "routes/admin/support/chat.tsx"),
      // Content: sliders, announcements, social links, footer partners, pages, branding, general (roles admin, content)
      route("content/:kind?", "routes/admin/content.tsx"),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
