// Responsible gaming: reality checks (setting, modal, interstitial) and the account history's net deposits.
import type { Shape } from "../shape.ts";
import type en from "../en/protectionReality.ts";

export default {
  title: "রিয়েলিটি চেক",
  hub: "দায়িত্বশীল গেমিংয়ের সব সুবিধা",
  setting: {
    intro:
      "রিয়েলিটি চেক আপনার বেছে নেওয়া সময় পরপর খেলা থামিয়ে দেখায় আপনি কতক্ষণ লগইন করে আছেন এবং তখন থেকে কত জিতেছেন বা হেরেছেন। তারপর আপনি ঠিক করবেন খেলা চালাবেন নাকি থামবেন।",
    legend: "আমাকে মনে করিয়ে দিন প্রতি",
    options: { "0": "বন্ধ", "15": "15 মিনিট", "30": "30 মিনিট", "60": "60 মিনিট" },
    save: "সংরক্ষণ করুন",
    saving: "সংরক্ষণ হচ্ছে…",
    saved: "সংরক্ষিত: এখন থেকে প্রতি {{minutes}} মিনিটে একটি রিয়েলিটি চেক।",
    savedOff: "সংরক্ষিত: রিয়েলিটি চেক বন্ধ।",
    invalid: "বন্ধ, 15, 30 বা 60 মিনিট বেছে নিন।",
  },
  check: {
    intro: "একটু থেমে আপনার সেশনটি দেখে নিন।",
    elapsed: "লগইন করার পর থেকে সময়",
    net: "লগইন করার পর থেকে মোট জয় বা হার",
    loading: "লোড হচ্ছে…",
    acknowledge: "বুঝেছি, চালিয়ে যান",
    acknowledging: "চালিয়ে যাওয়া হচ্ছে…",
    historyTitle: "আপনার ইতিহাস",
    bettingRecord: "বেটিং রেকর্ড",
    transactionRecord: "লেনদেন রেকর্ড",
    accountHistory: "নিট ডিপোজিট",
    stop: "থামতে চান? এখনই লগআউট করুন।",
    settingLink: "কত পরপর মনে করানো হবে তা বদলান",
  },
  duration: { minutes: "{{m}} মিনিট", hours: "{{h}} ঘণ্টা {{m}} মিনিট" },
  game: { rgLink: "দায়িত্বশীল গেমিং" },
  history: {
    title: "অ্যাকাউন্টের ইতিহাস",
    intro: "নিট ডিপোজিট হলো আপনার জমা করা টাকা থেকে আপনাকে পরিশোধ করা টাকা বাদ দিয়ে যা থাকে।",
    note: "শুধু অনুমোদিত ডিপোজিট ও পরিশোধিত উইথড্রয়াল গোনা হয়; অপেক্ষমাণ ও বাতিল হওয়াগুলো ধরা হয় না।",
    windows: { days30: "গত 30 দিন", months12: "গত 12 মাস", lifetime: "যোগ দেওয়ার পর থেকে" },
    deposits: "ডিপোজিট",
    withdrawals: "উইথড্রয়াল",
    net: "নিট ডিপোজিট",
    recordsTitle: "আপনার রেকর্ড",
    transactionRecord: "লেনদেন রেকর্ড: প্রতিটি ডিপোজিট ও উইথড্রয়াল",
    bettingRecord: "বেটিং রেকর্ড: প্রতিটি বেট ও তার ফলাফল",
  },
  panel: { title: "নিট ডিপোজিট", more: "অ্যাকাউন্টের ইতিহাস" },
} satisfies Shape<typeof en>;
