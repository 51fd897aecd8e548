// Shared by the credit, sanction and disbursal screens: queue query from the URL, waiting time in words.
import { data } from "react-router";
import type { CreditQueueQuery } from "../../core/admin/credit-desk.ts";
import { leadSourceFilterOf, type LeadSourceFilter } from "../../core/admin/lead-source.ts";
import { adminFailure } from "./admin.ts";
import { formatMoney } from "../../core/format.ts";

/** Queues are oldest first unless the URL asks otherwise (the longest wait is served first); any source unless it names one. */
export function queueParams(request: Request): {
  query: CreditQueueQuery & { page: number; sort: "oldest" | "newest"; search: string; source: LeadSourceFilter };
  url: URL;
} {
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(10_000, Math.trunc(Number(url.searchParams.get("page"))) || 1));
  const sort = url.searchParams.get("order") === "newest" ? "newest" : "oldest";
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 40);
  const source = leadSourceFilterOf(url.searchParams.get("source"));
  return { query: { page, sort, search, source }, url };
}

export function waitedText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export const rupees = (amount: number | null | undefined) => formatMoney(amount);

/** A desk refusal as an action answer: 403 for a role refusal, 400 otherwise. */
export function failed(error: unknown) {
  const failure = adminFailure(error);
  return data({ failure, message: null, revealed: null }, { status: failure.kind === "forbidden" ? 403 : 400 });
}
