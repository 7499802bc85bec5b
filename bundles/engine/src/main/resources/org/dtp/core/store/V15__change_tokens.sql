-- dtp job store, schema version 15: change feeds (issue 22). Where a source's change feed stood after the last
-- transfer of a mapping scope that completed with every item copied, per feed (named by a keyed hash of the scope
-- and the feed's name, as dtp_mapping names source keys), the provider's token sealed with the scope's data key.
CREATE TABLE IF NOT EXISTS dtp_change_token (
  scope VARCHAR(64) NOT NULL,
  feed_hash VARCHAR(64) NOT NULL,
  token VARCHAR(200000) NOT NULL,
  recorded_at BIGINT NOT NULL,
  job_id VARCHAR(36) NOT NULL,
  PRIMARY KEY (scope, feed_hash)
);

-- The tokens a job's runs recorded (the first per feed), until the job ends: they replace the scope's when it
-- completes with no item error, and are dropped otherwise.
CREATE TABLE IF NOT EXISTS dtp_change_token_pending (
  job_id VARCHAR(36) NOT NULL,
  feed_hash VARCHAR(64) NOT NULL,
  scope VARCHAR(64) NOT NULL,
  token VARCHAR(200000) NOT NULL,
  recorded_at BIGINT NOT NULL,
  PRIMARY KEY (job_id, feed_hash)
);
CREATE INDEX IF NOT EXISTS dtp_change_token_pending_scope ON dtp_change_token_pending (scope);

-- A mapping's rows by key hash. H2 takes an IN (...) list as an index condition only on an index's first column: the
-- look-ups of a page's keys (scope = ? AND key_hash IN (...)) used the primary key (scope, key_hash) for the scope
-- alone and compared every row of the scope with each key listed, a cost per page that grew with the mapping. A key
-- hash is a keyed hash of the scope and the key, so this index finds each row at once.
CREATE INDEX IF NOT EXISTS dtp_mapping_key_hash ON dtp_mapping (key_hash);
