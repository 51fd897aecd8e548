-- Issue 32: a signing request made from a buyer app's F06 page sends the browser back there, not to the
-- website's return address. The request keeps where it returns to (null: the website's), so an open link is
-- reused only by the page it was made for.
ALTER TABLE esign_requests ADD COLUMN IF NOT EXISTS return_url text;
