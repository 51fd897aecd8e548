-- Asset classification (issue 22, RBI IRACP norms): each loan's class as a history of periods. A row
-- runs from from_date to to_date (both India dates, inclusive; to_date null while it is the current
-- class); as_of is the last day the day-end job classified, and the figures are that day's. A new row
-- starts when the class changes; a closed loan's last row ends on the closure date.
CREATE TABLE asset_class_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE RESTRICT,
  asset_class text NOT NULL CHECK (asset_class IN ('STANDARD', 'SMA-0', 'SMA-1', 'SMA-2', 'NPA')),
  from_date date NOT NULL,
  to_date date,
  as_of date NOT NULL,
  days_past_due integer NOT NULL CHECK (days_past_due >= 0),
  overdue_paise bigint NOT NULL CHECK (overdue_paise >= 0),
  outstanding_paise bigint NOT NULL CHECK (outstanding_paise >= 0),
  updated_at timestamptz NOT NULL,
  CHECK (as_of >= from_date),
  CHECK (to_date IS NULL OR to_date >= from_date),
  UNIQUE (lead_id, from_date)
);
-- At most one current row per loan.
CREATE UNIQUE INDEX asset_class_history_current ON asset_class_history (lead_id) WHERE to_date IS NULL;
-- The portfolio reads the rows covering one date.
CREATE INDEX asset_class_history_dates ON asset_class_history (from_date, to_date);
