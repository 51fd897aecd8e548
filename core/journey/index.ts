// Public surface of the journey: next_step table, order, cards, user types, master lists.
export * from "./steps.ts";
export * from "./cards.ts";
export * from "./customers.ts";
export * from "./masters.ts";
export * from "./progress.ts";
export * from "./stage-cards.ts";
export * from "./aliases.ts";
