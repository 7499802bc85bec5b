-- dtp job store, schema version 13: the server's keys that sign transfer receipts (ES256). One row per key, the newest
-- signs; older ones stay so that their public keys are still published for older receipts. The private key (PKCS#8)
-- is wrapped by a node master key (AES-GCM, the key id as associated data), like the jobs' data keys; the public key
-- is a JWK without private part.
CREATE TABLE IF NOT EXISTS dtp_receipt_key (
  kid VARCHAR(64) PRIMARY KEY,
  created_at BIGINT NOT NULL,
  public_jwk VARCHAR(1000) NOT NULL,
  master_key VARCHAR(100) NOT NULL,
  wrapped_key VARCHAR(1000) NOT NULL
);
