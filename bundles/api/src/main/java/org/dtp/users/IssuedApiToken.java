package org.dtp.users;

/**
 * A token just issued: {@code secret} is what its user sends as {@code Authorization: Bearer <secret>}. It is
 * shown this once; the server keeps only its hash.
 */
public record IssuedApiToken(ApiToken token, String secret) {
    @Override
    public String toString() {
        return "IssuedApiToken[" + token + ", secret=***]";
    }
}
