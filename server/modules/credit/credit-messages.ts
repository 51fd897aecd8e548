// The credit desks' words, shared by the credit service and the staff actor rule.
export const CREDIT_MESSAGES = {
  notAllowed: "Your role cannot do this.",
  notYours: "This application is not assigned to you.",
  notSubmitted: "This application is not waiting for a credit decision.",
  noRecommendation: "A credit manager must recommend this application first.",
  fourEyes: "You recommended this application; another credit head must decide it.",
  reasonRequired: "Please choose a reason from the list.",
  noteTooLong: "The note can be at most 1,000 characters.",
  revealReason: "Please give a reason (at least 5 characters) for viewing this.",
  kfsExpired: "The Key Fact Statement is older than 3 working days. The customer has been asked to accept a fresh quote.",
  requotePending: "The customer has not yet accepted the fresh quote.",
} as const;
