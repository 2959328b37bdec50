-- A member's own minimum for income notifications (issue 29.6), in micro-units like every amount.
-- NULL: the platform's (settings.income_notify_min) applies; 0 notifies every income.
ALTER TABLE users ADD COLUMN income_notify_min bigint CHECK (income_notify_min >= 0);
