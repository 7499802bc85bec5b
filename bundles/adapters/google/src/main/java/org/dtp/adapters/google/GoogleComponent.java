package org.dtp.adapters.google;

import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.net.URI;
import java.util.Optional;

/**
 * What every Google exporter and importer does alike: it works through the {@link GoogleConnector}, which checks an
 * endpoint (validate) and revokes its grant (release) for all of them, and names its account alike (accountId).
 */
public abstract class GoogleComponent {
    protected final GoogleConnector connector;

    protected GoogleComponent(GoogleConnector connector) {
        this.connector = connector;
    }

    /** Checks that the endpoint holds a user's tokens; makes no request. */
    public void validate(TransferEndpoint endpoint) throws InvalidEndpointException {
        connector.validate(endpoint);
    }

    /** Revokes the transfer's grant at Google (when the operator configured a revocation endpoint). */
    public void release(TransferEndpoint endpoint) throws AdapterException {
        connector.release(endpoint);
    }

    /**
     * The account as the user's own People resource name ({@code GET /v1/people/me?personFields=metadata},
     * https://developers.google.com/people/api/rest/v1/people/get: {@code people/<id>}, stable and not secret), the
     * same for every vertical and both directions. Empty (the account is then named by the provider alone) when the
     * grant's scopes do not let one read it: it needs {@code profile} or a contacts scope.
     */
    public Optional<String> accountId(TransferContext context) throws AdapterException {
        String name;
        try {
            name = connector.http(context).get(URI.create(connector.settings().peopleBaseUrl() + "/v1/people/me?personFields=metadata"),
                    OnNotFound.FAIL).path("resourceName").asText("");
        } catch (AuthorizationRefusedException e) {
            if (e.status() != 403) {
                throw e; // the grant itself is refused (401): the transfer cannot go on either
            }
            return Optional.empty();
        }
        if (!name.startsWith("people/")) {
            throw new AdapterException("Google answered GET /v1/people/me without the user's resource name");
        }
        return Optional.of(name);
    }
}
