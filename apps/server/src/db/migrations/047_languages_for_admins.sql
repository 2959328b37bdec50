-- Issue 38: the back-office runs through the same catalogs (English shipped). A language whose
-- back-office part is complete (every message of the admin catalogs, shipped or the operator's)
-- can be offered to admins too: the operator's choice, kept apart from `offered` (members), since a
-- language can be complete for members and not yet for the back-office, and the other way round.
ALTER TABLE languages ADD COLUMN offered_to_admins boolean NOT NULL DEFAULT false;
UPDATE languages SET offered_to_admins = true WHERE locale = 'en';
