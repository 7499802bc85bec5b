-- dtp job store, schema version 12: scheduled syncs. A sync keeps a transfer request (its settings sealed with a
-- data key of its own, in dtp_job_key under the sync's id: ids are random UUIDs, and master key rotation re-wraps it
-- with the jobs' keys) and its schedule, an interval in seconds or a Quartz cron expression (Quartz's tables keep
-- the triggers). Each run is a job naming its sync; a sync's runs are its jobs, newest first.
CREATE TABLE IF NOT EXISTS dtp_sync (
  id VARCHAR(36) PRIMARY KEY,
  owner VARCHAR(200) NOT NULL,
  vertical VARCHAR(32) NOT NULL,
  source_provider VARCHAR(128) NOT NULL,
  source_settings VARCHAR(100000) NOT NULL,
  destination_provider VARCHAR(128) NOT NULL,
  destination_settings VARCHAR(100000) NOT NULL,
  every_seconds BIGINT,
  cron VARCHAR(200),
  state VARCHAR(16) NOT NULL,
  note VARCHAR(2000),
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS dtp_sync_owner ON dtp_sync (owner, created_at);
ALTER TABLE dtp_job ADD COLUMN IF NOT EXISTS sync_id VARCHAR(36);
CREATE INDEX IF NOT EXISTS dtp_job_sync ON dtp_job (sync_id, created_at);
