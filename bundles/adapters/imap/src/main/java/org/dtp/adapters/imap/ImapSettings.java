package org.dtp.adapters.imap;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/** The validated configuration; {@link #defaults()} and the {@code with…} methods for tests. */
record ImapSettings(
        int pageSize,
        int fetchBlockSize,
        Duration connectTimeout,
        Duration readTimeout,
        boolean allowPlaintextLogin,
        Path trustStore,
        String trustStorePassword,
        String trustStoreType,
        int maxIdleConnections,
        Duration idleLifetime) {

    static final int MAX_PAGE_SIZE = 10_000;

    ImapSettings {
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("pageSize must be 1 to " + MAX_PAGE_SIZE + ", was " + pageSize);
        }
        if (fetchBlockSize < 4096) {
            throw new IllegalArgumentException("fetchBlockSize must be at least 4096, was " + fetchBlockSize);
        }
        trustStoreType = trustStoreType == null || trustStoreType.isBlank() ? "PKCS12" : trustStoreType.trim().toUpperCase(Locale.ROOT);
        if (!List.of("PKCS12", "JKS").contains(trustStoreType)) {
            throw new IllegalArgumentException("trustStoreType must be PKCS12 or JKS, was " + trustStoreType);
        }
        trustStorePassword = trustStorePassword == null ? "" : trustStorePassword;
        maxIdleConnections = Math.max(0, maxIdleConnections);
    }

    static ImapSettings of(ImapConfig c) {
        String store = c.trustStorePath() == null ? "" : c.trustStorePath().trim();
        return new ImapSettings(c.pageSize(), c.fetchBlockSize(), Duration.ofSeconds(Math.max(1, c.connectTimeoutSeconds())),
                Duration.ofSeconds(Math.max(1, c.readTimeoutSeconds())), c.allowPlaintextLogin(),
                store.isEmpty() ? null : Path.of(store), c.trustStorePassword(), c.trustStoreType(), c.maxIdleConnections(),
                Duration.ofSeconds(Math.max(1, c.idleSeconds())));
    }

    /** The defaults of {@link ImapConfig}. */
    static ImapSettings defaults() {
        return new ImapSettings(100, 262_144, Duration.ofSeconds(30), Duration.ofSeconds(120), false, null, "", "PKCS12", 2,
                Duration.ofSeconds(120));
    }

    ImapSettings withPageSize(int size) {
        return new ImapSettings(size, fetchBlockSize, connectTimeout, readTimeout, allowPlaintextLogin, trustStore,
                trustStorePassword, trustStoreType, maxIdleConnections, idleLifetime);
    }

    ImapSettings withPlaintextLogin(boolean allowed) {
        return new ImapSettings(pageSize, fetchBlockSize, connectTimeout, readTimeout, allowed, trustStore,
                trustStorePassword, trustStoreType, maxIdleConnections, idleLifetime);
    }

    ImapSettings withTrustStore(Path file, String password) {
        return new ImapSettings(pageSize, fetchBlockSize, connectTimeout, readTimeout, allowPlaintextLogin, file,
                password, trustStoreType, maxIdleConnections, idleLifetime);
    }

    /** Never shows the trust store's password. */
    @Override
    public String toString() {
        return "ImapSettings[pageSize=" + pageSize + ", fetchBlockSize=" + fetchBlockSize + ", connectTimeout=" + connectTimeout
                + ", readTimeout=" + readTimeout + ", allowPlaintextLogin=" + allowPlaintextLogin + ", trustStore=" + trustStore
                + " (" + trustStoreType + "), maxIdleConnections=" + maxIdleConnections + ", idleLifetime=" + idleLifetime + "]";
    }
}
