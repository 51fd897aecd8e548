import { describe, expect, it } from "vitest";
import { translate } from "../i18n/translate.ts";
import { payNowOtpCheck, payNowPanCheck } from "./pay-now.ts";
import {
  MESSAGES,
  MESSAGE_CODES,
  said,
  fileNotChosenMessage,
  fileNotFoundMessage,
  fileTooLargeMessage,
  fileTypeMessage,
  invalidOptionMessage,
  paymentStatusMessage,
  requiredMessage,
  tooLongMessage,
  uploadFailedMessage,
  uploadUnknownErrorMessage,
} from "./messages.ts";

describe("spec messages, character for character", () => {
  it.each([
    ["mobileInvalid", "The Mobile field must be at least 10 characters in length."],
    ["termsRequired", "Please check the checkbox to accept our terms and conditions"],
    ["otpInvalid", "Please enter 4-digit OTP"],
    ["panInvalid", "Please enter a valid PAN number"],
    ["monthlyIncomeRequired", "Monthly income is required"],
    ["monthlyIncomeDigits", "Monthly income must be between 5 and 10 digits"],
    ["emailRequired", "Email is required!"],
    ["emailInvalid", "This is not a valid email format!"],
    ["passwordRequired", "Password is required!"],
    ["mobileNumberInvalid", "Mobile number invalid!"],
    ["panNumberRequired", "Pan number is required!"],
    ["panNumberInvalid", "Please enter valid pan number!"],
    ["gstNumberRequired", "GST number is required!"],
    ["gstNumberInvalid", "Please enter valid GST Number!"],
    ["pinCodeRequired", "Pin code is required!"],
    ["pinCodeInvalid", "Pin code invalid!"],
    ["minAge", "You must be at least 18 years old."],
    ["spouseNumberLength", "Spouse number must be exactly 10 digits."],
    ["dateInFuture", "Date cannot be in the future."],
    ["officialEmailInvalid", "Please enter a valid email address."],
    ["selfieRequired", "Please select image"],
    ["panImageRequired", "Please select  pan image"],
    ["salarySlipRequired", "Please select salary slip"],
    ["utilityImageRequired", "Please select  utility image"],
    ["documentsRequired", "Please upload all required documents."],
    ["accountNumbersMismatch", "Account numbers do not match"],
    ["payNowPanRequired", "PAN card is required."],
    ["payNowOtpRequired", "OTP is required."],
    ["payNowTermsRequired", "You must accept the terms and conditions to proceed."],
    ["genericError", "An error occurred"],
    ["otpVerifyError", "Error verifying OTP"],
    ["payNowSendOtpError", "An error occurred while sending OTP."],
    ["payNowVerifyOtpError", "An error occurred while verifying OTP."],
    ["paymentVerificationFailed", "Payment Verification Failed"],
    ["paymentSuccessful", "Payment Successful"],
    ["razorpayLoadFailed", "Razorpay SDK failed to load. Are you online?"],
    ["personalDetailsSaveError", "Error saving personal details"],
    ["documentsFetchFailed", "Failed to fetch required documents."],
    ["uploadsError", "An error occurred while uploading documents. Please try again."],
    ["uploadsSuccess", "All documents uploaded successfully"],
    ["documentsLoading", "Loading required documents..."],
    ["noDocumentsRequired", "No documents are required at this moment."],
    ["noLoanHistory", "No loan history found."],
    ["noLoanDetails", "No loan details available."],
    ["panNotVerified", "PAN not verified."],
    ["basicDetailsNotFilled", "Basic details not filled"],
    ["residenceAddressNotFound", "Residence address not found."],
    ["unexpectedError", "Unexpected Application Error!"],
    ["stepNotAvailable", "This step is not available now."],
    ["repayCurrentLoanFirst", "Please repay your current loan first."],
  ] as const)("%s", (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it("keeps the double spaces of two upload messages", () => {
    expect(MESSAGES.panImageRequired.split(" ")).toEqual(["Please", "select", "", "pan", "image"]);
    expect(MESSAGES.utilityImageRequired).toContain("select  utility");
  });

  it("builds messages with a field or document name", () => {
    expect(requiredMessage("Address Line 1")).toBe("Address Line 1 is required!");
    expect(invalidOptionMessage("Gender")).toBe("Gender is invalid!");
    expect(tooLongMessage("Message", 1000)).toBe("Message must be at most 1,000 characters.");
    expect(fileTypeMessage("Bank statement", "PDF")).toBe("Bank statement must be a PDF file.");
    expect(fileTooLargeMessage(5)).toBe("File is too large. The maximum size is 5 MB.");
    expect(uploadFailedMessage("PAN card")).toBe("Failed to upload PAN card. Please try again.");
    expect(fileNotFoundMessage("PAN card")).toBe("File for PAN card not found.");
    expect(fileNotChosenMessage("Aadhaar front")).toBe("Please choose a file for Aadhaar front.");
    expect(uploadUnknownErrorMessage("PAN card")).toBe("Unknown error uploading PAN card");
    expect(paymentStatusMessage("SUCCESS")).toBe("Your payment was SUCCESS.");
  });
});

describe("the fixed messages' codes (decision 60)", () => {
  it("name a catalogue key whose English is the message itself", () => {
    for (const [name, key] of Object.entries(MESSAGE_CODES)) expect([name, translate("en", key)]).toEqual([name, MESSAGES[name as keyof typeof MESSAGES]]);
  });

  it("travel with a rule's refusal, so a screen words it in its own language", () => {
    expect(payNowPanCheck("")).toEqual({ ok: false, message: "PAN card is required.", code: { key: "validation.payNowPanRequired" } });
    expect(payNowOtpCheck("12")).toMatchObject({ code: { key: "validation.otpInvalid" } });
    expect(said("gstNumberInvalid")).toEqual({ message: "Please enter valid GST Number!" });
  });
});
