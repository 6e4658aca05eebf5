/** The structure of the English catalogue with every leaf a string: the Bangla one must match it. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
