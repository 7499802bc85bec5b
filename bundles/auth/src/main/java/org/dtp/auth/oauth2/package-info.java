/**
 * OAuth 2.0 authorization code grant (RFC 6749 §4.1) with PKCE S256 (RFC 7636) for provider adapters, kept
 * on the server: {@link org.dtp.auth.oauth2.OAuth2Authorizer} builds the authorization URL with a
 * single-use {@code state} bound to the user's session and the job, exchanges the code (exact redirect-URI
 * matching, least-privilege scopes per direction), refreshes (§6) and revokes (RFC 7009) tokens;
 * {@link org.dtp.auth.oauth2.OAuth2BearerSigner} is a {@link org.dtp.spi.http.RequestSigner} that sends
 * the access token (RFC 6750) and refreshes it before it expires. Pending authorizations live in a
 * {@link org.dtp.auth.oauth2.PendingAuthorizationStore}; {@link org.dtp.auth.oauth2.InMemoryPendingAuthorizations}
 * serves one node. No secret (client secret, code, verifier, token) is ever in a {@code toString()},
 * an exception message or a log. 1.1: {@link org.dtp.auth.oauth2.AuthorizationFlows}, the server's sign-in flow
 * for a user before a transfer, with the providers an operator registered. 1.2: {@link org.dtp.auth.oauth2.OAuth2Clients}
 * (and {@link org.dtp.auth.oauth2.RegisteredOAuth2Clients}): an adapter's signer from a transfer's tokens, renewed
 * tokens kept in the job, revocation at its end. 1.3: {@link org.dtp.auth.oauth2.AuthorizationFlows#lend}, a sign-in's
 * settings for a dry run without using it up.
 */
@Export
@Version("1.3.0")
package org.dtp.auth.oauth2;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
