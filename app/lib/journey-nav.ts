/** Where a visitor lands after a verified code (spec section 4). */
export function screenAfterLogin(eligible: boolean) {
  return eligible ? "/my-dashboard/eligibility" : "/my-dashboard";
}
