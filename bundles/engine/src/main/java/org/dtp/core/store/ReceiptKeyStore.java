package org.dtp.core.store;

import org.dtp.core.crypto.MasterKeyring;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import javax.sql.DataSource;
import java.time.Instant;
import java.util.List;

import static org.dtp.core.store.Sql.params;

/**
 * The server's receipt signing keys (table dtp_receipt_key), in the job store so that every node of a cluster signs
 * with the same key. A private key is stored only wrapped by a {@link MasterKeyring master key}, with the key's id as
 * associated data, so a wrapped key cannot be moved to another row. Rows are never updated: a rotation adds one.
 */
@Component(service = ReceiptKeyStore.class)
public final class ReceiptKeyStore {
    private final Sql sql;
    private final MasterKeyring masterKeys;

    @Activate
    public ReceiptKeyStore(@Reference(target = "(" + JobStoreDataSource.SERVICE_PROPERTY + "=true)") DataSource db,
                           @Reference MasterKeyring masterKeys) {
        this.sql = new Sql(db);
        this.masterKeys = masterKeys;
    }

    /** A signing key's public half as stored: its id, when it was made, its public JWK (JSON). */
    public record PublicKey(String keyId, Instant createdAt, String jwk) {
    }

    /** Every key's public half, newest first (the newest signs). */
    public List<PublicKey> publicKeys() {
        return sql.withConnection(c -> Sql.list(c,
                "SELECT kid, created_at, public_jwk FROM dtp_receipt_key ORDER BY created_at DESC, kid DESC", params(),
                rs -> new PublicKey(rs.getString(1), Instant.ofEpochMilli(rs.getLong(2)), rs.getString(3))));
    }

    /** Stores a new key; its private key ({@code pkcs8}) is wrapped by the current master key, and not kept. */
    public void add(String keyId, Instant createdAt, String publicJwk, byte[] pkcs8) {
        MasterKeyring.WrappedKey wrapped = masterKeys.wrap(associatedData(keyId), pkcs8);
        sql.withConnection(c -> Sql.update(c,
                "INSERT INTO dtp_receipt_key (kid, created_at, public_jwk, master_key, wrapped_key) VALUES (?, ?, ?, ?, ?)",
                params(keyId, createdAt.toEpochMilli(), publicJwk, wrapped.keyId(), wrapped.value())));
    }

    /** The private key of {@code keyId} (PKCS#8), unwrapped; the caller clears it when done. */
    public byte[] privateKey(String keyId) {
        MasterKeyring.WrappedKey wrapped = sql.withConnection(c -> Sql.first(c,
                "SELECT master_key, wrapped_key FROM dtp_receipt_key WHERE kid = ?", params(keyId),
                rs -> new MasterKeyring.WrappedKey(rs.getString(1), rs.getString(2))))
                .orElseThrow(() -> new JobStoreException("there is no receipt signing key " + keyId));
        return masterKeys.unwrap(associatedData(keyId), wrapped);
    }

    /** Distinct from every job id, which is what the master keys bind the data keys they wrap to. */
    private static String associatedData(String keyId) {
        return "receipt-key/" + keyId;
    }

}
