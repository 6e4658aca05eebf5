// The payments module's browser-safe entry: what components and routes may use in the browser.
export { METHOD_TAG, METHOD_TAG_MAX, PROOF_MAX_BYTES, PROOF_MIME_TYPES, channelLabels, channelTypes, minutesLeft } from "./constants.ts";
export type { ChannelType, DateRange, TransactionStatus, TransactionType } from "./constants.ts";
export { PaymentError, isPaymentError } from "./errors.ts";
export type { PaymentErrorField, PaymentMessageKey } from "./errors.ts";
export { checkoutTabStatuses, checkoutTabs } from "./gateway-checkout-tabs.ts";
export type { CheckoutTab } from "./gateway-checkout-tabs.ts";
export { depositFormSchema, isIdempotencyKey, makePaymentSchema, parseTransactionId, toId, withdrawalFormSchema } from "./validation.ts";
