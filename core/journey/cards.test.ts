import { describe, expect, it } from "vitest";
import { translate, type MessageKey } from "../i18n/translate.ts";
import { APPLICATION_CARDS, REGISTRATION_CARDS, applicationCardsFor, cardsWithStatus, isRegistrationComplete } from "./cards.ts";

/** A card's title in English, from its key. */
const title = (c: { titleKey: MessageKey }) => translate("en", c.titleKey);

describe("registration cards", () => {
  it("lists PAN, Personal, Residence, Income, Selfie with their titles and screens", () => {
    expect(REGISTRATION_CARDS.map((c) => [title(c), c.screen, c.index])).toEqual([
      ["PAN Authentication", "/my-dashboard/pan-details", 0],
      ["Personal Information", "/my-dashboard/captur-personal-information", 1],
      ["Current Residence Address", "/my-dashboard/captur-address", 2],
      ["Income Details", "/my-dashboard/captur-income-details", 3],
      ["Selfie Upload", "/my-dashboard/upload-picture", 4],
    ]);
  });

  it("marks earlier cards done, the current one open and later ones locked", () => {
    expect(cardsWithStatus(REGISTRATION_CARDS, "residence_details").map((c) => c.status)).toEqual(["done", "done", "current", "locked", "locked"]);
    expect(cardsWithStatus(REGISTRATION_CARDS, "pancard_verification").map((c) => c.status)).toEqual(["current", "locked", "locked", "locked", "locked"]);
    expect(cardsWithStatus(REGISTRATION_CARDS, "register_now").every((c) => c.status === "done")).toBe(true);
  });

  it("opens the PAN card for an unknown step", () => {
    expect(cardsWithStatus(REGISTRATION_CARDS, "whatever")[0]?.status).toBe("current");
  });

  it("knows when registration is complete", () => {
    expect(isRegistrationComplete("selfie_upload")).toBe(false);
    expect(isRegistrationComplete("register_now")).toBe(true);
    expect(isRegistrationComplete("login")).toBe(false);
  });
});

describe("loan application cards", () => {
  it("lists the five application cards in order", () => {
    expect(APPLICATION_CARDS.map(title)).toEqual([
      "Loan Calculator",
      "Employment Information",
      "EKYC Verification",
      "Upload Your Documents",
      "Banking Details",
    ]);
  });

  it("enables only the current step and shows earlier ones done", () => {
    expect(cardsWithStatus(APPLICATION_CARDS, "ekyc_verified").map((c) => c.status)).toEqual(["done", "done", "current", "locked", "locked"]);
    expect(cardsWithStatus(APPLICATION_CARDS, "loan_quotation_decision").map((c) => c.status)).toEqual(["current", "locked", "locked", "locked", "locked"]);
    expect(cardsWithStatus(APPLICATION_CARDS, "completed").every((c) => c.status === "done")).toBe(true);
  });
});

describe("application cards by customer type", () => {
  it("has no Employment Information card for REPEAT and UNPAID-REPEAT customers, who skip that step", () => {
    expect(applicationCardsFor("NEW")).toBe(APPLICATION_CARDS);
    for (const type of ["REPEAT", "UNPAID-REPEAT"]) {
      expect(applicationCardsFor(type).map(title)).toEqual(["Loan Calculator", "EKYC Verification", "Upload Your Documents", "Banking Details"]);
    }
  });
});
