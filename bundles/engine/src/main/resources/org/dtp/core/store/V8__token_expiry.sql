-- API tokens may expire: the time after which a token no longer authenticates (null: never).
ALTER TABLE dtp_api_token ADD COLUMN IF NOT EXISTS expires_at BIGINT;
