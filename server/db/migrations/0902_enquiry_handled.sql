-- The enquiries desk marks an enquiry handled (and may undo it).
ALTER TABLE enquiries ADD COLUMN handled_at timestamptz;
ALTER TABLE enquiries ADD COLUMN handled_by uuid;
