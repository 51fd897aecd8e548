-- Contact-page enquiries and their captchas (issue 5, decision 14).

-- A captcha answer is kept only as a keyed hash; used_at makes it single-use.
CREATE TABLE captcha_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  answer_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX captcha_challenges_expires_idx ON captcha_challenges (expires_at);

CREATE TABLE enquiries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  mobile text NOT NULL,
  email text NOT NULL,
  city text,
  message text NOT NULL,
  -- keyed hash of the sender's IP, for abuse review; never the raw address
  ip_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX enquiries_created_idx ON enquiries (created_at DESC);
