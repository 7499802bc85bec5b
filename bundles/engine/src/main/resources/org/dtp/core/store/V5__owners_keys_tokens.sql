-- dtp job store, schema version 5: every job has an owner; a queued job may wait for the end of a grace period
-- (starts_at); each unfinished job has its own data key, wrapped by a node master key that is not in the database
-- (settings and checkpoints of unfinished jobs are sealed with it; the row goes when the job ends); API tokens of
-- users, as SHA-256 hashes. Jobs of earlier versions belong to the operator.
ALTER TABLE dtp_job ADD COLUMN IF NOT EXISTS owner VARCHAR(200) DEFAULT 'operator' NOT NULL;
ALTER TABLE dtp_job ADD COLUMN IF NOT EXISTS starts_at BIGINT;
CREATE INDEX IF NOT EXISTS dtp_job_owner ON dtp_job (owner, created_at);

CREATE TABLE IF NOT EXISTS dtp_job_key (
  job_id VARCHAR(36) PRIMARY KEY,
  master_key VARCHAR(100) NOT NULL,
  wrapped_key VARCHAR(200) NOT NULL
);

CREATE TABLE IF NOT EXISTS dtp_api_token (
  id VARCHAR(32) PRIMARY KEY,
  user_name VARCHAR(200) NOT NULL,
  email VARCHAR(320),
  label VARCHAR(200),
  secret_hash VARCHAR(64) NOT NULL UNIQUE,
  created_at BIGINT NOT NULL,
  revoked_at BIGINT
);
