-- The member's deposit history (GET /deposite/history) reads each channel newest first by member and
-- stops after one page. Deposits and provider payments already have (user_id, created_at DESC);
-- these give wallet deposits and redeemed codes the same, so a page never scans a member's whole
-- history (or, for codes, every code ever issued).
CREATE INDEX web3_deposits_user_time ON web3_deposits (user_id, created_at DESC);
CREATE INDEX codes_used_by ON codes (used_by, used_at DESC) WHERE used_by IS NOT NULL;
