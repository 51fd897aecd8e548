-- Issue 21: customers read their credit manager's name on the dashboard and Loan Details; "(sample)"
-- after it read as if the person were not real. The sample rows keep their names without the tag.
UPDATE credit_managers SET name = regexp_replace(name, '\s*\(sample\)$', '') WHERE name LIKE '% (sample)';
