// The profile columns an erasure clears, named once for the erasure (data-rights.service.ts) and the
// retention job that clears the rest on the kept-until date (records-purge.ts).

/** Campaign attribution: erased at once (on the profile and on each lead). */
export const NO_CAMPAIGN = { utmSource: null, utmMedium: null, utmCampaign: null, utmTerm: null, utmContent: null, clickId: null } as const;

/** Name, birth, address and income: kept with the loan records until their date, else erased at once. */
export const NO_IDENTITY = {
  fullName: null,
  firstName: null,
  dob: null,
  gender: null,
  residenceAddress1: null,
  residenceAddress2: null,
  residenceLandmark: null,
  residencePincode: null,
  residenceCity: null,
  residenceState: null,
  monthlyIncome: null,
  salaryDate: null,
} as const;

/** Contact details besides the mobile number: erased at once. */
export const NO_CONTACTS = { personalEmail: null, spouseName: null, spouseMobile: null } as const;
