export default {
  responsibleGaming: {
    title: "Responsible Gaming",
    intro:
      "Gaming should be entertainment, never a way to earn money or escape problems. We want you to stay in control of your money and your time.",
    ageTitle: "18+ only",
    ageText:
      "You must be 18 or older to open an account and play. We may ask for proof of age at any time; accounts of under-age players are closed. Parents: keep your login details private and use parental-control software on shared phones.",
    limitsTitle: "Set your limits",
    limitsText:
      "Before you play, decide how much money and time you can afford to spend, and stop when you reach it. Never play with money meant for rent, food, school fees or bills.",
    toolsTitle: "Limits, time-out and self-exclusion",
    toolsText: "Set them yourself in your account (you may be asked to log in first):",
    tools: {
      deposit: "Deposit limits per day, week or month",
      timeOut: "Time-out: a break from 24 hours to 6 weeks",
      selfExclusion: "Self-exclusion: close your account for 6 months or longer",
      reality: "Reality checks: a reminder of how long you have been playing",
    },
    toolsUntil: "You can also write to our support team at {{mail}} and we will set a limit, a break or a self-exclusion for you the same day.",
    signsTitle: "How to recognise problem gambling",
    signsText: "Ask yourself honestly:",
    signs: {
      more: "Do you spend more money or time than you planned?",
      chase: "Do you chase losses, betting more to win back what you lost?",
      borrow: "Do you borrow money, sell things or miss bills to keep playing?",
      hide: "Do you hide your gambling from your family or friends?",
      mood: "Do you feel restless, angry or low when you are not playing?",
      life: "Is gambling hurting your work, studies or relationships?",
    },
    signsAfter: "If any answer is yes, take a break now and talk to someone.",
    helpTitle: "Where to get help",
    help: {
      support: "Our support team ({{mail}}) can block your account at once, in English or Bangla.",
      trust: "Talk to someone you trust: family, a friend, a teacher or a doctor.",
      ga: "Gamblers Anonymous (gamblersanonymous.org) holds free self-help meetings, including online.",
      gamcare: "GamCare (gamcare.org.uk) offers free, confidential advice and online chat in English.",
      emergency: "If you are in danger or thinking about harming yourself, call 999.",
    },
  },
  appDownload: {
    title: "DeshPlay on your phone",
    intro:
      "There is no APK to install: the website itself works like an app. Add it to your home screen and it opens full screen with one tap, uses no storage and is always up to date.",
    noApk: 'We never send APK files. A "DeshPlay app" offered anywhere else is not ours and may steal your password or money.',
    androidTitle: "Android (Chrome)",
    android: {
      open: "Open this site in Chrome.",
      menu: "Tap the ⋮ menu at the top right.",
      add: 'Tap "Add to Home screen" (or "Install app").',
      confirm: 'Tap "Add". The DeshPlay icon appears on your home screen.',
    },
    otherTitle: "Other browsers",
    samsung: 'Samsung Internet: tap the ☰ menu, then "Add page to" and "Home screen".',
    iphone: 'iPhone (Safari): tap the Share button, then "Add to Home Screen".',
    whyTitle: "Why use the home-screen icon",
    why: {
      data: "Light on mobile data: only the page you open is loaded.",
      storage: "Takes no space on your phone.",
      updates: "Always the newest version, no updates to download.",
    },
    goHome: "Go to the home page",
  },
  terms: {
    title: "Terms and Conditions",
    intro:
      "These terms apply to your {{site}} account and to every game you play here. You accept them when you tick the 18+ box at sign-up. If you do not agree, please do not open an account.",
    accountTitle: "Your account",
    account: {
      age: "You must be 18 or older. We may ask for proof of age and identity at any time; accounts of under-age players are closed.",
      one: "One account per person. Keep your username and password to yourself: you are responsible for everything done with your account.",
      details:
        "Give your true name, phone number and e-mail. We use them to reach you and to reset your password, and withdrawals are paid only to you.",
    },
    moneyTitle: "Deposits and withdrawals",
    money: {
      own: "Deposit only your own money, from a wallet or account in your name.",
      checks: "Deposits and withdrawals are checked before they are credited or paid. Keep the transaction ID of every payment you make.",
      bonus: "Bonuses and promotions have their own terms, shown with each promotion. Bonus money can be withdrawn only after its turnover is met.",
    },
    playTitle: "Fair play",
    play: {
      final: "A bet is final once its round has started. If a game fails, the round is settled from the game's record or the stake is returned.",
      abuse: "Several accounts, bots, exploiting errors or sharing bonuses are not allowed. We may void the bets concerned and close the accounts.",
    },
    responsibleTitle: "Play responsibly",
    responsible: "Gambling can be addictive. Our {{link}} page explains how to set limits, take a break or exclude yourself.",
    responsibleLink: "Responsible Gaming",
    changesTitle: "Changes and questions",
    changes: "We may change these terms; the version on this page applies from the day it is published. Questions? Write to {{mail}}.",
  },
};
