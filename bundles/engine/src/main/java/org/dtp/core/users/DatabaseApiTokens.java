package org.dtp.core.users;

import org.dtp.core.store.JobStoreDataSource;
import org.dtp.core.store.JobStoreException;
import org.dtp.transfer.TransferRequest;
import org.dtp.users.ApiToken;
import org.dtp.users.ApiTokens;
import org.dtp.users.ApiUser;
import org.dtp.users.IssuedApiToken;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * API tokens in the job store (shared by every node). A token's secret is 256 random bits, shown once; the store
 * keeps its SHA-256, which is enough for a secret of that strength and lets a request be checked with one indexed
 * look-up. Secrets start with {@value #SECRET_PREFIX} so that they are easy to spot in a leak scanner.
 */
@Component(service = ApiTokens.class)
public final class DatabaseApiTokens implements ApiTokens {
    static final String SECRET_PREFIX = "dtp_";
    private static final Pattern USER_NAME = Pattern.compile("[A-Za-z0-9._@+-]{1,200}");
    /** Deliberately loose (one @, no spaces): the SMTP server is the judge of an address. */
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s]{1,255}");

    private final DataSource db;
    private final SecureRandom random = new SecureRandom();

    @Activate
    public DatabaseApiTokens(@Reference(target = "(" + JobStoreDataSource.SERVICE_PROPERTY + "=true)") DataSource db) {
        this.db = db;
    }

    @Override
    public IssuedApiToken issue(ApiUser user, String label) {
        return issue(user, label, null);
    }

    @Override
    public IssuedApiToken issue(ApiUser user, String label, Instant expiresAt) {
        if (expiresAt != null && !expiresAt.isAfter(Instant.now())) {
            throw new IllegalArgumentException("the expiry " + expiresAt + " has passed");
        }
        if (!USER_NAME.matcher(user.name()).matches()) {
            throw new IllegalArgumentException("a user name is 1 to 200 letters, digits or . _ @ + -, not '"
                    + user.name() + "'");
        }
        if (TransferRequest.OPERATOR.equals(user.name())) {
            throw new IllegalArgumentException("'" + TransferRequest.OPERATOR + "' is the operators' own name; choose another");
        }
        if (user.email() != null && !EMAIL.matcher(user.email()).matches()) {
            throw new IllegalArgumentException("'" + user.email() + "' is not an e-mail address");
        }
        if (label != null && label.length() > 200) {
            throw new IllegalArgumentException("a label is at most 200 characters");
        }
        byte[] id = new byte[8];
        random.nextBytes(id);
        byte[] secretBytes = new byte[32];
        random.nextBytes(secretBytes);
        String secret = SECRET_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secretBytes);
        ApiToken token = new ApiToken(HexFormat.of().formatHex(id), user, label, Instant.ofEpochMilli(System.currentTimeMillis()),
                null, expiresAt == null ? null : Instant.ofEpochMilli(expiresAt.toEpochMilli()));
        run(c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO dtp_api_token (id, user_name, email, label, "
                    + "secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                s.setString(1, token.id());
                s.setString(2, user.name());
                s.setString(3, user.email());
                s.setString(4, label);
                s.setString(5, hash(secret));
                s.setLong(6, token.createdAt().toEpochMilli());
                if (token.expiresAt() == null) {
                    s.setNull(7, java.sql.Types.BIGINT);
                } else {
                    s.setLong(7, token.expiresAt().toEpochMilli());
                }
                s.executeUpdate();
            }
            return null;
        });
        return new IssuedApiToken(token, secret);
    }

    @Override
    public Optional<ApiUser> authenticate(String secret) {
        if (secret == null || !secret.startsWith(SECRET_PREFIX) || secret.length() > 100) {
            return Optional.empty();
        }
        return run(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT user_name, email FROM dtp_api_token WHERE secret_hash = ? AND revoked_at IS NULL "
                            + "AND (expires_at IS NULL OR expires_at > ?)")) {
                s.setString(1, hash(secret));
                s.setLong(2, System.currentTimeMillis());
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.of(new ApiUser(rs.getString(1), rs.getString(2))) : Optional.empty();
                }
            }
        });
    }

    @Override
    public List<ApiToken> tokens() {
        return run(c -> {
            List<ApiToken> out = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT id, user_name, email, label, created_at, revoked_at, expires_at "
                    + "FROM dtp_api_token ORDER BY created_at DESC, id")) {
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        long revoked = rs.getLong(6);
                        Instant revokedAt = rs.wasNull() ? null : Instant.ofEpochMilli(revoked);
                        long expires = rs.getLong(7);
                        Instant expiresAt = rs.wasNull() ? null : Instant.ofEpochMilli(expires);
                        out.add(new ApiToken(rs.getString(1), new ApiUser(rs.getString(2), rs.getString(3)),
                                rs.getString(4), Instant.ofEpochMilli(rs.getLong(5)), revokedAt, expiresAt));
                    }
                }
            }
            return out;
        });
    }

    @Override
    public boolean revoke(String id) {
        return run(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE dtp_api_token SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")) {
                s.setLong(1, System.currentTimeMillis());
                s.setString(2, id);
                return s.executeUpdate() == 1;
            }
        });
    }

    @Override
    public Optional<String> email(String user) {
        return run(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT email FROM dtp_api_token WHERE user_name = ? "
                    + "AND revoked_at IS NULL AND email IS NOT NULL ORDER BY created_at DESC FETCH FIRST 1 ROWS ONLY")) {
                s.setString(1, user);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
                }
            }
        });
    }

    private static String hash(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
    }

    private <T> T run(Work<T> work) {
        try (Connection c = db.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw new JobStoreException("API tokens: " + e.getMessage(), e);
        }
    }

    @FunctionalInterface
    private interface Work<T> {
        T run(Connection c) throws SQLException;
    }
}
