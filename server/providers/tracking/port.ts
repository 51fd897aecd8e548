// Decision 22: conversion and journey events go through one tracker. The sandbox records them
// (GET /dev/tracking.json); production posts them to a configured postback URL, or drops them
// when none is configured. Events carry attribution, never personal data (no mobile, PAN, name).

export const TRACKING_EVENTS = ["login", "otp_verified", "eligibility_process", "payment_success", "conversion"] as const;
export type TrackingEventName = (typeof TRACKING_EVENTS)[number];

/** First-touch attribution (spec 3's tracking parameters). */
export type Attribution = {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  click_id: string | null;
};

export type TrackingEvent = {
  name: TrackingEventName;
  at: string;
  /** Our own id for the customer (an opaque UUID), so events of one journey can be joined. */
  profileId: string;
  attribution: Attribution;
  /** The campaign code a conversion is for. */
  campaign?: string;
  /** Payment amount in paise (payment_success, conversion). */
  amountPaise?: number;
};

export interface TrackerPort {
  record(event: TrackingEvent): Promise<void>;
}
