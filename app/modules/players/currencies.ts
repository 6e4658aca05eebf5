// The player currencies, apart from the table definitions so the sign-up form can list them without drizzle.
export const currencies = ["BDT", "INR", "PKR"] as const;
export type Currency = (typeof currencies)[number];

export const currencyIds: Record<Currency, number> = { BDT: 8, INR: 7, PKR: 17 };
