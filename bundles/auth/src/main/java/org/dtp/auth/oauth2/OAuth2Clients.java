package org.dtp.auth.oauth2;

import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.RequestSigner;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What an OAuth 2.0 adapter needs of the clients an operator registered: a signer for one side of a transfer,
 * from the tokens in its settings ({@link AuthorizationFlows#ACCESS_TOKEN}, {@link AuthorizationFlows#REFRESH_TOKEN},
 * {@link AuthorizationFlows#TOKEN_EXPIRES_AT}), refreshed with the registered client and written back into the
 * job; and revocation of those tokens when the transfer ends. A service of the auth bundle. Since 1.2.
 */
@ProviderType
public interface OAuth2Clients {
    /**
     * Signs requests with {@code context}'s tokens (RFC 6750). An access token about to expire, or one the provider
     * answers 401 to, is refreshed with {@code provider}'s registered client; the new tokens are stored with
     * {@link TransferContext#updateSettings} before use, so that a resumed job, on any node, has them.
     *
     * @throws org.dtp.spi.InvalidEndpointException when the settings hold no access token, or no client is
     *                                              registered for {@code provider}
     */
    RequestSigner signer(String provider, TransferContext context) throws AdapterException;

    /**
     * Revokes the tokens in {@code endpoint}'s settings at {@code provider} (RFC 7009), for
     * {@link org.dtp.spi.Exporter#release}/{@link org.dtp.spi.Importer#release}.
     *
     * @return whether a token was revoked; false when the settings hold none, no client is registered, or the
     *         provider revokes nothing
     */
    boolean revoke(String provider, TransferEndpoint endpoint) throws AdapterException;
}
