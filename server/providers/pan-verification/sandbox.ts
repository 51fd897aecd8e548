import { createHash } from "node:crypto";
import { isIndividualPan, type PanVerificationPort } from "./port.ts";

const FIRST = [
  "Aarav",
  "Priya",
  "Rahul",
  "Ananya",
  "Vikram",
  "Sneha",
  "Arjun",
  "Kavya",
  "Rohan",
  "Meera",
  "Karan",
  "Divya",
  "Siddharth",
  "Pooja",
  "Aditya",
  "Neha",
];
const LAST = ["Sharma", "Iyer", "Patel", "Reddy", "Gupta", "Nair", "Singh", "Kulkarni", "Das", "Menon", "Joshi", "Rao"];

/** The registered name the sandbox gives a PAN: the same PAN always gets the same name. */
export function sandboxPanName(pan: string): string {
  const digest = createHash("sha256").update(pan).digest();
  return `${FIRST[digest[0] % FIRST.length]} ${LAST[digest[1] % LAST.length]}`;
}

/**
 * Sandbox PAN verification, the default outside production (decision 21):
 * a well-formed individual PAN (4th character P) is valid unless its digits are 0000;
 * any other holder type is refused as not an individual.
 */
export function createSandboxPanVerification(): PanVerificationPort {
  return {
    async verify({ pan }) {
      if (!isIndividualPan(pan)) return { status: "NOT_INDIVIDUAL" };
      if (pan.slice(5, 9) === "0000") return { status: "INVALID" };
      return { status: "VALID", registeredName: sandboxPanName(pan), aadhaarSeeded: true };
    },
  };
}
