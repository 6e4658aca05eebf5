// Texts of SMS and e-mail sent through the outbox. Server-only: not in client.ts, so never shipped to browsers.
export default {
  passwordReset: {
    emailSubject: "Reset your password",
    emailBody:
      "Hello {{username}},\n\nOpen this link to set a new password:\n{{link}}\n\nThe link works once and expires in {{minutes}} minutes. If you did not ask for it, ignore this message: your password stays the same.",
    sms: "Your password reset code is {{code}}. It expires in {{minutes}} minutes. Never share it with anyone.",
  },
};
