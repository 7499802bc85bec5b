/**
 * OAuth 1.0a (RFC 5849) for provider adapters: the signature base string, percent-encoding and
 * HMAC-SHA1 signatures ({@link org.dtp.auth.oauth1.OAuth1Signatures}), a
 * {@link org.dtp.spi.http.RequestSigner} that writes the {@code Authorization} header
 * ({@link org.dtp.auth.oauth1.OAuth1Signer}), and the three-legged flow: temporary credentials with
 * {@code oauth_callback}, the authorization URI with a provider's extra parameters, token credentials
 * with {@code oauth_verifier} ({@link org.dtp.auth.oauth1.OAuth1Flow}). Nothing here is specific to one
 * provider.
 */
@Export
@Version("1.0.0")
package org.dtp.auth.oauth1;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
