package org.dtp.rest;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.ConfigurableJWTProcessor;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import org.dtp.users.ApiUser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.MalformedURLException;
import java.net.URI;
import java.text.ParseException;
import java.util.Optional;
import java.util.Set;

/**
 * OIDC logins of end users: a JWT of the configured issuer, verified with Nimbus JOSE+JWT against the issuer's
 * published keys (cached, fetched again when a token names a key it does not know). Only asymmetric signatures
 * are accepted (never {@code none} or an HMAC an attacker could make with a public key).
 */
final class OidcTokens {
    private static final Logger LOG = LoggerFactory.getLogger(OidcTokens.class);
    private static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384, JWSAlgorithm.RS512,
            JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512, JWSAlgorithm.ES256, JWSAlgorithm.ES384, JWSAlgorithm.ES512);

    private final ConfigurableJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    private final String userClaim;
    private final String issuer;

    /** The issuer whose tokens these are (its {@code iss}). */
    String issuer() {
        return issuer;
    }

    private static final int JWKS_TIMEOUT_MILLIS = 5_000;
    /** Nimbus' own default bound on a JWK set's size. */
    private static final int JWKS_MAX_BYTES = 51_200;

    OidcTokens(String issuer, String jwksUri, String audience, String userClaim) {
        this.issuer = issuer;
        if (jwksUri.isEmpty()) {
            throw new IllegalArgumentException("oidcIssuer is set but oidcJwksUri is not");
        }
        JWKSource<SecurityContext> keys;
        try {
            // Nimbus' default of 500 ms to connect and to read is shorter than a busy identity provider may take.
            keys = JWKSourceBuilder.create(URI.create(jwksUri).toURL(), new com.nimbusds.jose.util.DefaultResourceRetriever(
                    JWKS_TIMEOUT_MILLIS, JWKS_TIMEOUT_MILLIS, JWKS_MAX_BYTES)).retrying(true).build();
        } catch (MalformedURLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("oidcJwksUri is not a URL: " + jwksUri, e);
        }
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
        processor.setJWTClaimsSetVerifier(new DefaultJWTClaimsVerifier<>(audience.isEmpty() ? null : audience,
                new JWTClaimsSet.Builder().issuer(issuer).build(), Set.of("sub", "exp")));
        this.userClaim = userClaim.isEmpty() ? "sub" : userClaim;
    }

    /** Three Base64url parts: a JWS, not one of our API tokens. */
    static boolean looksLikeJwt(String token) {
        return token.chars().filter(c -> c == '.').count() == 2;
    }

    /** The user a valid token names; empty for a token that is not valid (the reason is logged, not the token). */
    Optional<ApiUser> user(String token) {
        try {
            JWTClaimsSet claims = processor.process(token, null);
            String name = claims.getStringClaim(userClaim);
            if (name == null || name.isBlank()) {
                name = claims.getSubject();
            }
            return Optional.of(new ApiUser(name, claims.getStringClaim("email")));
        } catch (ParseException | BadJOSEException | JOSEException e) {
            LOG.info("REST: refused an OIDC token: {}", e.getMessage());
            return Optional.empty();
        }
    }
}
