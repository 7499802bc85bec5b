-- Adapter versions an operator has revoked (e.g. after a security report): no new or running
-- transfer uses them until they are un-revoked. The version is the adapter bundle's version.
CREATE TABLE IF NOT EXISTS dtp_adapter_revocation (
  provider VARCHAR(128) NOT NULL,
  bundle_version VARCHAR(128) NOT NULL,
  reason VARCHAR(2000) NOT NULL,
  revoked_at BIGINT NOT NULL,
  PRIMARY KEY (provider, bundle_version)
);
