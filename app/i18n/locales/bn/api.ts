import type en from "../en/api.ts";
import type { Shape } from "../shape.ts";

export default {
  unauthenticated: "লগইন করা নেই।",
  forbidden: "এই কাজের অনুমতি নেই।",
  methodNotAllowed: "এই ঠিকানায় {{method}} মেথড চলে না। যেগুলো চলে: {{allow}}।",
  malformedJson: "অনুরোধের বডি সঠিক JSON নয়।",
  bodyNotObject: "অনুরোধের বডি একটি JSON অবজেক্ট হতে হবে।",
  malformedForm: "ফর্মের তথ্য পড়া যায়নি।",
  nulCharacter: "অনুরোধের বডিতে NUL অক্ষর থাকতে পারে না।",
  unsupportedMediaType: "বডি JSON বা ফর্ম ডেটা হিসেবে পাঠান।",
  payloadTooLarge: "অনুরোধের বডি খুব বড়।",
  invalidValue: "এই মানটি সঠিক নয়।",
  registrationSuccessful: "নিবন্ধন সফল হয়েছে!",
  exchange: {
    unknownSport: "খেলা হতে হবে cricket, soccer বা tennis।",
    marketNotFound: "এমন কোনো মার্কেট নেই।",
    eventNotFound: "এমন কোনো ইভেন্ট নেই।",
    invalidId: "আইডি একটি ধনাত্মক পূর্ণ সংখ্যা হতে হবে।",
  },
} satisfies Shape<typeof en>;
