-- dtp job store, schema version 4: requests per second to a provider counted for all nodes together.
-- One row per limit and one-second window (epoch seconds); rows older than a minute are deleted as windows pass.
CREATE TABLE IF NOT EXISTS dtp_rate_window (
  limit_key VARCHAR(500) NOT NULL,
  window_start BIGINT NOT NULL,
  used BIGINT NOT NULL,
  PRIMARY KEY (limit_key, window_start)
);
