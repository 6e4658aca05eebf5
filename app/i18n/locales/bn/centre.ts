import type en from "../en/centre.ts";
import type { Shape } from "../shape.ts";

export default {
  tips: {
    title: "আপনার যাচাই সম্পূর্ণ করুন",
    text: "উত্তোলনের জন্য আপনার জন্মতারিখ এবং একটি যাচাইকৃত ফোন নম্বর লাগবে।",
    emailOnly: "যাচাইকৃত ইমেইল ঠিকানা আপনার অ্যাকাউন্টকে নিরাপদ করে এবং আমরা আপনার সাথে যোগাযোগ করতে পারি।",
    birthday: "আপনার জন্মতারিখ দিন",
    phone: "আপনার ফোন নম্বর যাচাই করুন",
    email: "আপনার ইমেইল ঠিকানা যাচাই করুন",
    go: "প্রোফাইলে যান",
  },
  wallet: {
    title: "ওয়ালেট",
    main: "মূল ওয়ালেট",
    bonus: "বোনাস ওয়ালেট",
    held: "খোলা বেট ও উত্তোলনের জন্য আটকে রাখা",
    heldCount_one: "{{count}}টি উত্তোলন পর্যালোচনার অপেক্ষায়",
    heldCount_other: "{{count}}টি উত্তোলন পর্যালোচনার অপেক্ষায়",
    total: "আটকে রাখা অর্থসহ মূল ওয়ালেট",
    available: "মূল ওয়ালেট (খেলা বা উত্তোলনের জন্য)",
    deposit: "ডিপোজিট",
    withdraw: "উত্তোলন",
    records: "লেনদেনের রেকর্ড",
  },
  activity: {
    title: "অ্যাকাউন্টের কার্যকলাপ",
    lastLogin: "শেষ লগইনের সময়",
    lastDeposit: "শেষ ডিপোজিটের সময়",
    lastWithdrawal: "শেষ উত্তোলনের সময়",
    registered: "নিবন্ধনের তারিখ",
    none: "এখনও নেই",
  },
  promotions: { title: "নতুন প্রমোশন", all: "সব প্রমোশন", none: "এখন কোনো প্রমোশন নেই।", bonus: "{{percent}}% বোনাস" },
  partners: { sponsor: "স্পনসর", ambassadors: "ব্র্যান্ড অ্যাম্বাসেডর", terms: "শর্ত", contact: "সাপোর্টে যোগাযোগ করুন" },
  birthday: "জন্মতারিখ",
  vipPoints: "ভিআইপি পয়েন্ট",
} satisfies Shape<typeof en>;
