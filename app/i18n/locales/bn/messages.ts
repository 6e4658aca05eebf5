import type en from "../en/messages.ts";
import type { Shape } from "../shape.ts";

export default {
  passwordReset: {
    emailSubject: "আপনার পাসওয়ার্ড রিসেট করুন",
    emailBody:
      "হ্যালো {{username}},\n\nনতুন পাসওয়ার্ড দিতে এই লিংকটি খুলুন:\n{{link}}\n\nলিংকটি একবারই কাজ করবে এবং {{minutes}} মিনিটে মেয়াদ শেষ হবে। আপনি অনুরোধ না করে থাকলে এই বার্তাটি উপেক্ষা করুন: আপনার পাসওয়ার্ড একই থাকবে।",
    sms: "আপনার পাসওয়ার্ড রিসেট কোড {{code}}। {{minutes}} মিনিটে মেয়াদ শেষ হবে। এই কোড কাউকে দেবেন না।",
  },
} satisfies Shape<typeof en>;
