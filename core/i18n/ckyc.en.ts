// Issue 33: CKYC (CERSAI's Central KYC Records Registry) in the journey: the answers of the search, the
// download and the confirmation, and the father's or spouse's name CKYCR's record needs.
export const ckycEn = {
  "ckyc.panFirst": "Please verify your PAN first: we search the CKYC registry by your PAN.",
  "ckyc.notFound": "We found no CKYC record for your PAN. Please go on with your application.",
  "ckyc.serviceDown": "The CKYC registry is not answering just now. Please try again in a few minutes, or go on without it.",
  "ckyc.authFailed": "The date of birth or code does not match your CKYC record. Please check it and try again.",
  "ckyc.authNeeded": "Please enter your date of birth, or the 6-digit code the CKYC registry sent to your mobile.",
  "ckyc.notYours": "This CKYC record is not for your PAN, so we have not used it.",
  "ckyc.nothingToConfirm": "There are no CKYC details waiting for you to confirm.",
  "ckyc.relativeKind": "Please choose whether this is your father's or your spouse's name.",
  "ckyc.searched": "We have searched the Central KYC Registry.",
  "ckyc.codeSent": "CKYCR has sent a code to your mobile {sent_to}.",
  "ckyc.downloaded": "Please check each detail from your CKYC record and confirm it.",
  "ckyc.saved": "Saved.",
  "ckyc.relativeName": "Please enter the full name in English letters (letters, spaces, dots, hyphens and apostrophes, up to 100).",
} as const;
