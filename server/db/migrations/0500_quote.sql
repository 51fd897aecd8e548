-- Quote, Key Fact Statement, employment and loan history (issue 4, quote part).

-- Credit managers (decision 11: one is assigned when a lead is SUBMITTED). Sample staff until a staff tool exists.
CREATE TABLE credit_managers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  mobile text NOT NULL,
  email text NOT NULL UNIQUE,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO credit_managers (name, mobile, email) VALUES
  ('Rohan Mehta (sample)', '8040000011', 'rohan.mehta@salaryontime.in'),
  ('Priya Nair (sample)', '8040000012', 'priya.nair@salaryontime.in'),
  ('Imran Shaikh (sample)', '8040000013', 'imran.shaikh@salaryontime.in');

-- The quote on the lead: proposal number issued with the first quote, the accepted loan
-- (column names follow spec section 3's active_loan_details), the decision and the manager.
ALTER TABLE leads
  ADD COLUMN proposal_number text UNIQUE,
  ADD COLUMN quote_issued_on date,
  ADD COLUMN loan_recommended integer,
  ADD COLUMN tenure_days integer,
  ADD COLUMN purpose_id integer,
  ADD COLUMN repayment_date date,
  ADD COLUMN repayment_amount numeric(12, 2),
  ADD COLUMN roi numeric(6, 2),
  ADD COLUMN disbursal_date date,
  ADD COLUMN total_due numeric(12, 2),
  ADD COLUMN quote_decision text CHECK (quote_decision IN ('ACCEPTED', 'DECLINED')),
  ADD COLUMN quote_decided_at timestamptz,
  ADD COLUMN credit_manager_id uuid REFERENCES credit_managers(id),
  ADD COLUMN credit_manager_assigned_at timestamptz;

-- The accepted quote exactly as the server computed it, with the KFS acknowledgement time.
CREATE TABLE loan_quotes (
  lead_id uuid PRIMARY KEY REFERENCES leads(id) ON DELETE CASCADE,
  profile_id uuid NOT NULL REFERENCES customer_profiles(id) ON DELETE CASCADE,
  proposal_number text NOT NULL UNIQUE,
  issued_on date NOT NULL,
  principal integer NOT NULL,
  tenure_days integer NOT NULL,
  purpose_id integer NOT NULL,
  repayment_date date NOT NULL,
  show_loan_tenure smallint NOT NULL,
  processing_fee numeric(12, 2) NOT NULL,
  gst numeric(12, 2) NOT NULL,
  net_disbursal numeric(12, 2) NOT NULL,
  interest numeric(12, 2) NOT NULL,
  total_repayable numeric(12, 2) NOT NULL,
  apr numeric(10, 2) NOT NULL,
  kfs_acknowledged_at timestamptz NOT NULL,
  accepted_at timestamptz NOT NULL
);
CREATE INDEX loan_quotes_profile_idx ON loan_quotes (profile_id);

-- Employment details (spec sections 3 and 5): one row per customer, the latest answer.
CREATE TABLE customer_employment_details (
  profile_id uuid PRIMARY KEY REFERENCES customer_profiles(id) ON DELETE CASCADE,
  lead_id uuid REFERENCES leads(id) ON DELETE SET NULL,
  work_mode text NOT NULL CHECK (work_mode IN ('WFO', 'WFH')),
  company_name text NOT NULL,
  department text NOT NULL,
  company_type_id integer NOT NULL,
  designation text NOT NULL,
  emp_since date NOT NULL,
  address_1 text NOT NULL,
  address_2 text NOT NULL,
  landmark text,
  pincode text NOT NULL,
  city text,
  state text,
  office_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
