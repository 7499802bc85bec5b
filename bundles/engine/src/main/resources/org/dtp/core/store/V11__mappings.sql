-- dtp job store, schema version 11: transfers that remember what they copied (issue 22).
-- A mapping scope per owner, source account, destination account and vertical, named by a keyed hash of them
-- (HMAC-SHA-256 with the installation's mapping hash key), with its own data key wrapped by a master key: the
-- destination ids and source keys it maps are sealed with it. The account names (label columns) are sealed too.
CREATE TABLE IF NOT EXISTS dtp_mapping_scope (
  scope VARCHAR(64) PRIMARY KEY,
  owner VARCHAR(200) NOT NULL,
  vertical VARCHAR(32) NOT NULL,
  source_label VARCHAR(100000) NOT NULL,
  destination_label VARCHAR(100000) NOT NULL,
  master_key VARCHAR(100) NOT NULL,
  wrapped_key VARCHAR(200) NOT NULL,
  created_at BIGINT NOT NULL,
  used_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS dtp_mapping_scope_owner ON dtp_mapping_scope (owner, used_at);
CREATE INDEX IF NOT EXISTS dtp_mapping_scope_used ON dtp_mapping_scope (used_at);

-- One row per source item ("i:" key) or container ("c:" key) of a scope, found by a keyed hash of its key.
CREATE TABLE IF NOT EXISTS dtp_mapping (
  scope VARCHAR(64) NOT NULL,
  key_hash VARCHAR(64) NOT NULL,
  source_key VARCHAR(100000) NOT NULL,
  destination_id VARCHAR(200000) NOT NULL,
  fingerprint VARCHAR(64),
  model_version VARCHAR(32),
  updated_at BIGINT NOT NULL,
  job_id VARCHAR(36) NOT NULL,
  PRIMARY KEY (scope, key_hash)
);

-- The installation's key for the keyed hashes above (one row), wrapped by a master key like the data keys.
CREATE TABLE IF NOT EXISTS dtp_mapping_hash_key (
  id VARCHAR(16) PRIMARY KEY,
  master_key VARCHAR(100) NOT NULL,
  wrapped_key VARCHAR(200) NOT NULL
);

-- What a transfer did with each source item it handled, kept with its other data until the retention deletes it.
CREATE TABLE IF NOT EXISTS dtp_item_record (
  job_id VARCHAR(36) NOT NULL,
  source_key VARCHAR(1000) NOT NULL,
  source_id VARCHAR(100000) NOT NULL,
  destination_id VARCHAR(100000) NOT NULL,
  fingerprint VARCHAR(64) NOT NULL,
  media_sha256 VARCHAR(64),
  outcome VARCHAR(16) NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (job_id, source_key)
);

-- Items of a container updated in place, and items unchanged since an earlier transfer (not copied again).
ALTER TABLE dtp_container_progress ADD COLUMN IF NOT EXISTS updated BIGINT DEFAULT 0 NOT NULL;
ALTER TABLE dtp_container_progress ADD COLUMN IF NOT EXISTS unchanged BIGINT DEFAULT 0 NOT NULL;
