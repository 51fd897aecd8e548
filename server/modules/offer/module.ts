// The offer module (before the payout): employment details and the quote with its KFS (decision 34: the product
// applies to new quotes) (docs/decisions/platform.md, decision 65).
import type { ProductConfig } from "../../../core/product.ts";
import type { Db } from "../../db/client.ts";
import type { LeadsService } from "../leads/leads.service.ts";
import type { LoansService } from "../loans/loans.service.ts";
import { createEmploymentService } from "./employment.service.ts";
import { createQuoteService } from "./quote.service.ts";

export function createOfferModule(deps: { db: Db; leads: LeadsService; loans: LoansService; product: ProductConfig; now: () => Date }) {
  return { employment: createEmploymentService({ db: deps.db, now: deps.now }), quotes: createQuoteService(deps) };
}
