// The lender as the Key Fact Statement and the loan agreement name it, taken from the
// one site configuration (decision 23). The server's PDFs and the quote screen both read it.
import type { KfsLender } from "./kfs.ts";
import { site } from "./site-config.ts";

export const kfsLender: KfsLender = {
  legalName: site.company.legalName,
  brand: site.brand,
  grievanceOfficer: {
    name: site.grievanceOfficer.name,
    designation: site.grievanceOfficer.designation,
    email: site.grievanceOfficer.email,
    phone: site.grievanceOfficer.phone,
  },
  ombudsmanAfterDays: site.ombudsmanAfterDays,
  ombudsmanUrl: site.rbiOmbudsmanUrl,
  customerCare: { email: site.support.email, phone: site.support.phone },
};
