// "Download all my data" (issue 23; completed in issue 30): every personal datum we hold about the customer,
// with whom it was shared. Each table that holds customer data is either read (export-rows.ts) or named in
// export-coverage.ts with the reason it is not, and a test holds the schema to that list.
import { maskAccountNumber } from "../../../core/banking.ts";
import { PROCESSORS, type ProcessorId } from "../../../core/data-rights/processors.ts";
import { todayInIndia } from "../../../core/calendar.ts";
import { translate } from "../../../core/i18n/index.ts";
import { AUTOPAY_DEBIT_LABELS } from "../../../core/mandates.ts";
import { COMPANY_TYPES, GENDERS, INCOME_TYPES, MARITAL_STATUSES, RESIDENCE_TYPES, SALARY_MODES, WORK_MODES } from "../../../core/journey/masters.ts";
import type { Db } from "../../db/client.ts";
import type { RightsRequestView } from "../../../core/admin/data-request-desk.ts";
import type { ConsentsService } from "./consents.service.ts";
import type { RetentionView } from "./data-rights.service.ts";
import { bpsToPercent, paiseToRupees } from "../../../core/loan-math/index.ts";
import { loadExportRows, type ExportRows } from "./export-rows.ts";

/** The word of a coded choice (the form's own label), or null. */
const label = (options: readonly { id: number | string; label: string }[], id: number | string | null | undefined) =>
  options.find((o) => o.id === id)?.label ?? null;
const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

/** Who they are: profile, work, bank accounts, Aadhaar e-KYC, the account aggregator and the bureau. */
function identity({
  profile,
  employment,
  accounts,
  aadhaar,
  ekyc,
  videoKyc,
  videoKycCallRecordings,
  videoKycCallSnapshots,
  ckyc,
  ckycSent,
  aa,
  checks,
  rules,
  no,
}: ExportRows) {
  return {
    profile: {
      mobile: profile.mobile,
      full_name: profile.fullName,
      // Only the last 4 characters: the export may be e-mailed or printed, the full PAN is not needed.
      pan: profile.pancardLast4 ? `XXXXXX${profile.pancardLast4}` : null,
      pan_verified: profile.pancardVerifiedStatus === 1,
      date_of_birth: profile.dob,
      gender: label(GENDERS, profile.gender),
      marital_status: label(MARITAL_STATUSES, profile.maritalStatusId),
      email: profile.personalEmail,
      residence: {
        address_1: profile.residenceAddress1,
        address_2: profile.residenceAddress2,
        landmark: profile.residenceLandmark,
        pincode: profile.residencePincode,
        city: profile.residenceCity,
        state: profile.residenceState,
        type: label(RESIDENCE_TYPES, profile.residenceTypeId),
      },
      income_type: label(INCOME_TYPES, profile.incomeTypeId),
      salary_paid_by: label(SALARY_MODES, profile.salaryMode),
      monthly_income: profile.monthlyIncome,
      salary_date: profile.salaryDate,
      spouse_name: profile.spouseName,
      spouse_mobile: profile.spouseMobile,
      preferred_language: profile.preferredLanguage,
      campaign: { utm_source: profile.utmSource, utm_medium: profile.utmMedium, utm_campaign: profile.utmCampaign, click_id: profile.clickId },
      registered_at: profile.createdAt.toISOString(),
    },
    employment: employment
      ? {
          company_name: employment.companyName,
          company_type: label(COMPANY_TYPES, employment.companyTypeId),
          department: employment.department,
          designation: employment.designation,
          work_mode: label(WORK_MODES, employment.workMode),
          employed_since: employment.empSince,
          office_address: [employment.address1, employment.address2, employment.landmark, employment.city, employment.state, employment.pincode]
            .filter(Boolean)
            .join(", "),
          office_email: employment.officeEmail,
        }
      : null,
    bank_accounts: accounts.map((a) => ({
      loan_no: no(a.leadId),
      // Masked as on screen: the full number is never shown, even to its owner.
      account: maskAccountNumber(a.accountLast4) || null,
      ifsc: a.ifsc || null,
      bank: a.bankName || null,
      branch: a.branch || null,
      account_holder: a.accountName || null,
      name_at_bank: a.nameAtBank,
      verification: a.verificationStatus,
      verified_at: iso(a.verifiedAt),
    })),
    aadhaar_ekyc: {
      verified: aadhaar
        ? {
            aadhaar: aadhaar.aadhaarMasked,
            name: aadhaar.name,
            date_of_birth: aadhaar.dob,
            gender: aadhaar.gender,
            address: aadhaar.address,
            digilocker_reference: aadhaar.digilockerReference,
            verified_at: aadhaar.verifiedAt.toISOString(),
          }
        : null,
      attempts: ekyc.map((r) => ({ loan_no: no(r.leadId), aadhaar_last4_typed: r.typedLast4, status: r.status, at: r.createdAt.toISOString() })),
      // Issue 33: each video KYC, with what its offline e-KYC file gave and the location the browser gave.
      video_kyc: videoKyc.map((v) => ({
        loan_no: no(v.leadId),
        status: v.status,
        started_at: v.startedAt.toISOString(),
        aadhaar: v.aadhaarLast4 ? `XXXX XXXX ${v.aadhaarLast4}` : null,
        name: v.name,
        date_of_birth: v.dob,
        gender: v.gender,
        address: v.address,
        location: v.latitude !== null && v.longitude !== null ? { latitude: v.latitude, longitude: v.longitude, accuracy_m: v.locationAccuracyM } : null,
        decision: v.decidedAt ? { outcome: v.status, reason: v.decisionReason, at: v.decidedAt.toISOString() } : null,
        audit: v.auditedAt ? { outcome: v.auditOutcome, at: v.auditedAt.toISOString() } : null,
        // The call's recordings: which side, when, how long, and the SHA-256 the audit chain holds.
        recordings: videoKycCallRecordings
          .filter((r) => r.sessionId === v.id)
          .map((r) => ({
            stream: r.stream,
            started_at: r.startedAt?.toISOString() ?? null,
            duration_ms: r.startedAt && r.endedAt ? r.endedAt.getTime() - r.startedAt.getTime() : null,
            size_bytes: r.sizeBytes,
            sha256: r.sha256,
          })),
        // The snapshots our official took (every one, retakes too; the newest of a kind counted): kind, when, SHA-256.
        snapshots: videoKycCallSnapshots
          .filter((s) => s.sessionId === v.id)
          .map((s) => ({ kind: s.kind, taken_at: s.takenAt.toISOString(), size_bytes: s.sizeBytes, sha256: s.sha256 })),
      })),
      // Issue 33: CKYC: the search, what the customer confirmed from the download, the father's or spouse's name, the identifier and our uploads.
      ckyc: ckyc
        ? {
            searched_at: ckyc.searchedAt?.toISOString() ?? null,
            found: ckyc.found,
            ckyc_number: ckyc.ckycNumber,
            confirmed: ckyc.confirmed,
            confirmed_at: ckyc.confirmedAt?.toISOString() ?? null,
            relative: ckyc.relativeKind ? { kind: ckyc.relativeKind, name: ckyc.relativeName } : null,
            uploads: ckycSent.map((u) => ({ version: u.version, status: u.status, ckyc_number: u.ckycNumber, at: u.updatedAt.toISOString() })),
          }
        : null,
    },
    account_aggregator: aa.map((c) => ({
      loan_no: no(c.leadId),
      consent_status: c.consentStatus,
      statements_from: c.rangeFrom,
      statements_to: c.rangeTo,
      at: c.createdAt.toISOString(),
    })),
    bureau_checks: checks.map((c) => ({
      report_date: todayInIndia(c.checkedAt),
      score: c.bureauScore,
      result: c.bureauStatus,
      bureau_reference: c.bureauReference,
      eligible: c.eligible,
      offer_max_amount: c.offerMaxAmount,
      rules: rules.filter((r) => r.checkId === c.id).map((r) => ({ rule: r.rule, passed: r.passed, reason: r.reason })),
    })),
  };
}

/** Their loans and what moved on them. */
function loanRecords({ loanRows, decisions, classes, payoutRows, quotes, signings, mandateRows, debits, paymentRows, refundRows, files, no }: ExportRows) {
  return {
    loans: loanRows.map((l) => ({
      loan_no: l.loanNo,
      status: l.status,
      applied_at: l.createdAt.toISOString(),
      status_changed_at: l.statusChangedAt.toISOString(),
      monthly_income: l.monthlyIncome,
      rejection_reason: l.rejectionReason,
      decisions: decisions
        .filter((d) => d.leadId === l.id)
        .map((d) => ({ stage: d.stage, outcome: d.outcome, reason: d.reasonCode, at: d.createdAt.toISOString() })),
      classification: classes
        .filter((c) => c.leadId === l.id)
        .map((c) => ({ class: c.assetClass, from: c.fromDate, to: c.toDate, days_past_due: c.daysPastDue, overdue_paise: c.overduePaise })),
      payouts: payoutRows
        .filter((p) => p.loanId === l.id)
        .map((p) => ({ amount_paise: p.amountPaise, status: p.status, utr: p.utr, at: p.createdAt.toISOString(), settled_at: iso(p.settledAt) })),
    })),
    quotes: quotes.map((q) => ({
      loan_no: no(q.leadId),
      proposal_number: q.proposalNumber,
      issued_on: q.issuedOn,
      principal: q.principal,
      tenure_days: q.tenureDays,
      repayment_date: q.repaymentDate,
      total_repayable: paiseToRupees(q.totalRepayablePaise),
      apr: bpsToPercent(q.aprBps),
      kfs_acknowledged_at: q.kfsAcknowledgedAt.toISOString(),
      accepted_at: q.acceptedAt.toISOString(),
    })),
    esign: signings.map((s) => ({
      loan_no: no(s.leadId),
      provider: s.provider,
      reference: s.providerReference,
      status: s.status,
      signed_at: iso(s.signedAt),
    })),
    autopay: mandateRows.map((m) => ({
      loan_no: no(m.leadId),
      method: m.method,
      status: m.status,
      provider: m.provider,
      account: m.accountLast4 ? maskAccountNumber(m.accountLast4) : null,
      max_amount_paise: m.maxAmountPaise,
      registered_at: m.createdAt.toISOString(),
      activated_at: iso(m.activatedAt),
      cancelled_at: iso(m.cancelledAt),
      cancel_reason: m.cancelReason,
      failure_reason: m.failureReason,
      debits: debits
        .filter((d) => d.mandateId === m.id)
        .map((d) => ({
          debit_on: d.debitOn,
          status: d.status,
          notice_amount_paise: d.noticeAmountPaise,
          amount_paise: d.amountPaise,
          failure_reason: d.failureReason,
        })),
    })),
    payments: paymentRows.map((p) => ({
      loan_no: no(p.leadId),
      amount_paise: p.amountPaise,
      received_on: p.receivedOn,
      method: p.autopay ? AUTOPAY_DEBIT_LABELS[p.autopay] : p.gateway,
      reference: p.gatewayPaymentId,
    })),
    refunds: refundRows.map((r) => ({
      loan_no: no(r.leadId),
      amount_paise: r.amountPaise,
      to: r.route,
      account: r.accountLast4 ? maskAccountNumber(r.accountLast4) : null,
      status: r.status,
      requested_at: r.requestedAt.toISOString(),
      processed_at: iso(r.processedAt),
    })),
    documents: files.map((f) => ({
      kind: f.kind,
      loan_no: no(f.leadId),
      content_type: f.contentType,
      bytes: f.byteSize,
      uploaded_at: f.createdAt.toISOString(),
    })),
  };
}

/** Consents, what we sent and said to them, and their complaints. */
function contactRecords({ consentHistory, messages, reminders, contactRows, complaints, complaintEvents, no }: ExportRows) {
  return {
    consents: consentHistory,
    messages: messages.map((m) => ({
      channel: m.channel,
      kind: m.kind,
      to: m.recipient,
      language: m.lang,
      subject: m.subject,
      text: m.body,
      attachments: m.attachments,
      at: m.sentAt.toISOString(),
    })),
    reminders: reminders.map((r) => ({ loan_no: no(r.leadId), kind: r.kind, due_on: r.dueOn, sent_at: r.sentAt.toISOString(), by_email: r.byEmail })),
    contacts: contactRows.map((c) => ({ loan_no: no(c.leadId), channel: c.channel, outcome: c.outcome, note: c.note, at: c.contactedAt.toISOString() })),
    complaints: complaints.map((g) => ({
      reference: g.reference,
      loan_no: g.loanNo,
      category: g.category,
      description: g.description,
      status: g.status,
      raised_at: g.raisedAt.toISOString(),
      attachment: g.attachmentType ? { content_type: g.attachmentType, bytes: g.attachmentBytes } : null,
      events: complaintEvents.filter((e) => e.grievanceId === g.id).map((e) => ({ kind: e.kind, text: e.body, at: e.at.toISOString() })),
    })),
  };
}

/** With whom: each processor, and whether its part of the journey ran for this customer. */
function sharedWith({
  profile,
  loanRows,
  checks,
  aadhaar,
  ekyc,
  aa,
  accounts,
  signings,
  paymentRows,
  mandateRows,
  payoutRows,
  messages,
  files,
  consentHistory,
}: ExportRows) {
  const used: Record<ProcessorId, boolean> = {
    credit_bureau: checks.length > 0 || loanRows.some((l) => l.status === "DISBURSED" || l.status === "CLOSED"),
    pan_verification: profile.pancardVerifiedStatus === 1,
    digilocker: !!aadhaar || ekyc.length > 0,
    account_aggregator: aa.length > 0,
    bank_verification: accounts.some((a) => a.verificationStatus === "VERIFIED"),
    esign: signings.length > 0,
    payment_gateways: paymentRows.some((p) => p.gateway !== "bank_transfer"),
    autopay: mandateRows.length > 0,
    payout: payoutRows.length > 0,
    sms: true,
    email: messages.some((m) => m.channel === "email"),
    whatsapp: messages.some((m) => m.channel === "whatsapp"),
    storage: files.length > 0,
    tracking: consentHistory.some((c) => c.purpose === "tracking" && c.action === "grant"),
  };
  return PROCESSORS.map((p) => ({
    id: p.id,
    name: p.name,
    role: translate("en", `documents.myData.role.${p.id}`),
    shares: translate("en", `documents.myData.processor.${p.id}`),
    used_for_you: used[p.id],
  }));
}

export function createDataExport(deps: {
  db: Db;
  consents: ConsentsService;
  now: () => Date;
  requests: (profileId: string) => Promise<RightsRequestView[]>;
  retention: (profileId: string) => Promise<RetentionView>;
}) {
  return async function exportData(profileId: string) {
    const rows = await loadExportRows(deps.db, deps.consents, profileId);
    return {
      generated_at: deps.now().toISOString(),
      ...identity(rows),
      ...loanRecords(rows),
      ...contactRecords(rows),
      shared_with: sharedWith(rows),
      requests: await deps.requests(profileId),
      retention: await deps.retention(profileId),
    };
  };
}
