import type en from "../en/account.ts";
import type { Shape } from "../shape.ts";

export default {
  title: "সদস্য কেন্দ্র",
  personalInfo: "ব্যক্তিগত তথ্য",
  username: "ইউজারনেম",
  fullName: "পুরো নাম",
  phone: "ফোন নম্বর",
  email: "ইমেইল",
  registered: "নিবন্ধনের তারিখ",
  lastLogin: "শেষ লগইনের সময়",
  never: "—",
  notSet: "দেওয়া হয়নি",
  verified: "যাচাইকৃত",
  unverified: "যাচাই হয়নি",
  securityLevel: "নিরাপত্তা স্তর",
  security: { unverified: "যাচাই হয়নি", normal: "সাধারণ", safe: "নিরাপদ" },
  securityTip: "নিরাপদ স্তরে পৌঁছাতে আপনার ইমেইল ও ফোন নম্বর যাচাই করুন।",
  securityTipSafe: "আপনার ইমেইল ও ফোন নম্বর যাচাই করা হয়েছে। পাসওয়ার্ড বা রিসেট কোড কাউকে দেবেন না।",
  hello: "হ্যালো, {{username}}",
  backToAccount: "সদস্য কেন্দ্রে ফিরে যান",
  menu: {
    title: "মেনু",
    profile: "সদস্য কেন্দ্র",
    bettingRecord: "বেটিং রেকর্ড",
    resetPassword: "পাসওয়ার্ড রিসেট",
    personalInfo: "ব্যক্তিগত তথ্য",
  },
  contactUs: "যোগাযোগ করুন",
  logout: "লগ আউট",
} satisfies Shape<typeof en>;
