-- dtp job store, schema version 10: the source side of the fidelity report, what the canonical model could not
-- carry of what an exporter read. Shaped as dtp_field_not_kept (the destination side), so one item and field can
-- be reported by both sides; a page exported again reports nothing twice.
CREATE TABLE IF NOT EXISTS dtp_field_not_read (
  job_id VARCHAR(36) NOT NULL,
  source_key VARCHAR(1000) NOT NULL,
  field VARCHAR(500) NOT NULL,
  container_id VARCHAR(1000) NOT NULL,
  source_id VARCHAR(100000) NOT NULL,
  reason VARCHAR(2000) NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (job_id, source_key, field)
);
