-- dtp job store, schema version 3: the fidelity report, what a destination could not keep of each item.
-- One row per source item (or container) and field; a repeated page reports nothing twice.
CREATE TABLE IF NOT EXISTS dtp_field_not_kept (
  job_id VARCHAR(36) NOT NULL,
  source_key VARCHAR(1000) NOT NULL,
  field VARCHAR(500) NOT NULL,
  container_id VARCHAR(1000) NOT NULL,
  source_id VARCHAR(100000) NOT NULL,
  reason VARCHAR(2000) NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (job_id, source_key, field)
);
