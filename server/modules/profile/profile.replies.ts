// The legacy answers of getUser and getJourneyRedirectionData (spec 7): the views answer domain
// facts and these name them as the apps read them.
import type { ApiReply } from "../../../core/contract/index.ts";
import { maskPan, screenFor, stepPercentage } from "../../../core/journey/index.ts";
import type { ProfileViews } from "./profile-view.ts";
import { selfieUrl } from "./profile.service.ts";

type Summary = Awaited<ReturnType<ProfileViews["summary"]>>;

export function userReply({ profile, userType, nextStep, editable }: Summary): ApiReply<"getUser"> {
  return {
    profile_id: profile.id,
    first_name: profile.firstName ?? "",
    full_name: profile.fullName ?? "",
    mobile: profile.mobile,
    personal_email: profile.personalEmail ?? "",
    pancard: maskPan(profile.pancardLast4),
    pancard_verified_status: profile.pancardVerifiedStatus,
    user_type: userType,
    next_step: nextStep,
    step_percentage: stepPercentage(nextStep),
    eligibility_status: profile.eligibilityStatus,
    is_editable: editable ? 1 : 0,
    profile_pic: selfieUrl(profile.selfieFileId),
  };
}

export function journeyRedirectReply({ profile, userType, nextStep, openLeadId }: Summary): ApiReply<"getJourneyRedirectionData"> {
  return {
    next_step: nextStep,
    step_percentage: stepPercentage(nextStep),
    route: screenFor(nextStep),
    eligibility_status: profile.eligibilityStatus,
    user_type: userType,
    lead_id: openLeadId,
  };
}
