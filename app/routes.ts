// The route table mirrors spec section 2.
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { withHindiAddresses } from "./lib/language-routes.ts";

export default [
  // Public site: every page inside the public layout (header, slide-out menu, footer).
  // Static paths win over "/:slug", so new public pages (blog, contact) just add a route here.
  // Issue 23: pages written in Hindi also answer under /hi (app/lib/language-routes.ts).
  withHindiAddresses(
    layout("routes/public/layout.tsx", [
      index("routes/public/home.tsx"),
      route("apply-now", "routes/public/apply-now.tsx"),
      // Blog and contact (issue 5, blog branch).
      route("blog", "routes/public/blog.tsx"),
      route("blog/:slug", "routes/public/blog-post.tsx"),
      route("contact-salaryontime", "routes/public/contact.tsx"),
      route("service-area", "routes/public/service-area.tsx"),
      route("faq", "routes/public/faq.tsx"),
      route("rate-and-terms", "routes/public/rate-and-terms.tsx"),
      route("amount/:slug", "routes/public/amount.tsx"),
      route("personal-need/:url", "routes/public/purpose.tsx"),
      route("thankyouvkyc", "routes/public/thank-you-vkyc.tsx"),
      // Repayment: Pay Now, the payment result, the gateways' return (status) page and the failure page.
      route("repayloan", "routes/public/repay-loan.tsx"),
      route("thanku", "routes/public/thanku.tsx"),
      route("thank-you/*", "routes/public/payment-status.tsx"),
      route("fail", "routes/public/payment-failed.tsx"),
      // Issue 22: anyone's complaint (the contact page links here).
      route("raise-a-complaint", "routes/public/raise-a-complaint.tsx"),
      // City landing pages and generic content pages (about, loan offering, legal pages).
      route(":slug", "routes/public/slug.tsx"),
      route("*", "routes/public/not-found.tsx"),
    ]),
  ),
  // Back office (decision 32): sign-in and enrolment stand alone; every other screen is inside the layout.
  route("admin/sign-in", "routes/admin/sign-in.tsx"),
  route("admin/enrol/:token", "routes/admin/enrol.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/home.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("blog", "routes/admin/blog.tsx"),
    route("blog/:slug", "routes/admin/blog-edit.tsx"),
    route("enquiries", "routes/admin/enquiries.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("credit", "routes/admin/credit.tsx"),
    route("credit/:leadId", "routes/admin/credit-review.tsx"),
    route("sanction", "routes/admin/sanction.tsx"),
    route("disbursal", "routes/admin/disbursal.tsx"),
    route("bank-transfers", "routes/admin/bank-transfers.tsx"),
    route("refunds", "routes/admin/refunds.tsx"),
    route("journals", "routes/admin/journals.tsx"),
    route("period-close", "routes/admin/period-close.tsx"),
    route("collections", "routes/admin/collections.tsx"),
    route("reconciliation", "routes/admin/reconciliation.tsx"),
    route("settlements", "routes/admin/settlements.tsx"),
    route("bank-statement", "routes/admin/bank-statement.tsx"),
    route("portfolio", "routes/admin/portfolio.tsx"),
    route("portfolio.csv", "routes/admin/portfolio-csv.ts"),
    route("bureau", "routes/admin/bureau.tsx"),
    // Issue 33: the uploads of KYC records to CKYCR.
    route("ckyc", "routes/admin/ckyc.tsx"),
    // Issue 32: transactions through ONDC buyer apps, and each one's messages.
    route("ondc", "routes/admin/ondc.tsx"),
    route("ondc/:transactionId", "routes/admin/ondc-transaction.tsx"),
    // Issue 32, point 9: the finder fees owed to each buyer app, and their settlements.
    route("buyer-app-fees", "routes/admin/buyer-app-fees.tsx"),
    route("grievances", "routes/admin/grievances.tsx"),
    route("grievances/:id", "routes/admin/grievance.tsx"),
    route("grievances/:id/attachment", "routes/admin/grievance-attachment.tsx"),
    route("data-requests", "routes/admin/data-requests.tsx"),
    // Issue 29: the accountant's desk.
    route("loans", "routes/admin/loans.tsx"),
    route("loans/:leadId", "routes/admin/loan-account.tsx"),
    route("trial-balance", "routes/admin/trial-balance.tsx"),
    route("trial-balance.csv", "routes/admin/trial-balance-csv.ts"),
    route("general-ledger", "routes/admin/general-ledger.tsx"),
    route("general-ledger.csv", "routes/admin/general-ledger-csv.ts"),
    route("day-book", "routes/admin/day-book.tsx"),
    route("day-book.csv", "routes/admin/day-book-csv.ts"),
    route("tally.xml", "routes/admin/tally-xml.ts"),
    // Issue 33: video KYC calls, the call screen and the concurrent audit.
    route("video-kyc", "routes/admin/video-kyc.tsx"),
    route("video-kyc/:sessionId", "routes/admin/video-kyc-call.tsx"),
  ]),
  route("my-dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/home.tsx"),
    route("pan-details", "routes/dashboard/pan-details.tsx"),
    // Issue 33: CKYC's search, download and confirmation (after the PAN).
    route("ckyc", "routes/dashboard/ckyc.tsx"),
    route("captur-personal-information", "routes/dashboard/personal-information.tsx"),
    route("captur-address", "routes/dashboard/address.tsx"),
    route("captur-income-details", "routes/dashboard/income-details.tsx"),
    route("upload-picture", "routes/dashboard/upload-picture.tsx"),
    route("profile-preview", "routes/dashboard/profile-preview.tsx"),
    route("eligibility", "routes/dashboard/eligibility.tsx"),
    route("lead-preview", "routes/dashboard/lead-preview.tsx"),
    route("calculate-loan", "routes/dashboard/calculate-loan.tsx"),
    route("about-your-company", "routes/dashboard/about-your-company.tsx"),
    route("leads", "routes/dashboard/leads.tsx"),
    route("details", "routes/dashboard/details.tsx"),
    route("congratulations", "routes/dashboard/congratulations.tsx"),
    route("adhar", "routes/dashboard/kyc/adhar.tsx"),
    route("aadhaar-verify", "routes/dashboard/kyc/aadhaar-verify.tsx"),
    route("account-aggregator-verify", "routes/dashboard/kyc/account-aggregator-verify.tsx"),
    route("adhar-upload", "routes/dashboard/kyc/adhar-upload.tsx"),
    // Issue 33: video KYC with our official, beside DigiLocker.
    route("video-kyc", "routes/dashboard/kyc/video-kyc.tsx"),
    route("pan-upload", "routes/dashboard/kyc/legacy-upload.tsx", { id: "pan-upload" }),
    route("bank-upload", "routes/dashboard/kyc/legacy-upload.tsx", { id: "bank-upload" }),
    route("upload-salaryslip", "routes/dashboard/kyc/legacy-upload.tsx", { id: "upload-salaryslip" }),
    route("upload-utilitybill", "routes/dashboard/kyc/legacy-upload.tsx", { id: "upload-utilitybill" }),
    route("bank-detail", "routes/dashboard/bank-detail.tsx"),
    route("autopay", "routes/dashboard/autopay.tsx"),
    route("repayment", "routes/dashboard/repayment.tsx"),
    route("my-data", "routes/dashboard/my-data.tsx"),
    route("loan-documents/:leadId", "routes/dashboard/loan-documents.tsx"),
    route("complaints", "routes/dashboard/complaints.tsx"),
    // Spec section 2's user-profile and kyc, read as aliases (issue 14): server-side redirects.
    route("user-profile", "routes/dashboard/user-profile.tsx"),
    route("kyc", "routes/dashboard/kyc/kyc.tsx"),
  ]),
] satisfies RouteConfig;
