// event_name -> {schema, access, handler}: the single journey endpoint dispatches through this table.
import { z } from "zod";
import { loginEvent, otpVerifyEvent, resendOtpEvent } from "../core/validation/index.ts";
import type { SessionInfo } from "./modules/auth/auth.service.ts";
import type { Services } from "./services.ts";

export interface EventContext {
  services: Services;
  /** Set for events with access "session"; null for public ones. */
  session: SessionInfo | null;
  ip: string;
  /** The token the request authenticated with, for logout. */
  token?: string;
}

export interface EventResult {
  message: string;
  data?: unknown;
  /** A new session to hand to the client (cookie for the web, Data.app_login_token for apps). */
  newSessionToken?: string;
  endSession?: boolean;
}

export interface JourneyEvent<S extends z.ZodType = z.ZodType> {
  schema: S;
  access: "public" | "session";
  /** Uploads may exceed the default 1 MB body limit, and only with a session. */
  largeBody?: boolean;
  handle(input: z.infer<S>, ctx: EventContext): Promise<EventResult>;
}

function event<S extends z.ZodType>(definition: JourneyEvent<S>): JourneyEvent {
  return definition as unknown as JourneyEvent;
}

export const journeyEvents: Record<string, JourneyEvent> = {
  login: event({
    schema: loginEvent,
    access: "public",
    handle: (input, { services, ip }) => services.auth.login({ mobile: input.mobile, ip, utm: input }),
  }),
  resend_otp: event({
    schema: resendOtpEvent,
    access: "public",
    handle: (input, { services, ip }) => services.auth.resendOtp({ profileId: input.profile_id, ip }),
  }),
  otp_verify: event({
    schema: otpVerifyEvent,
    access: "public",
    async handle(input, { services }) {
      const result = await services.auth.verifyOtp({ profileId: input.profile_id, otp: input.otp });
      return { message: result.message, data: result.data, newSessionToken: result.token };
    },
  }),
  logout: event({
    schema: z.object({ event_name: z.literal("logout") }),
    access: "session",
    async handle(_input, { services, token }) {
      const result = await services.auth.logout(token!);
      return { ...result, endSession: true };
    },
  }),
};
