package org.dtp.adapters.google;

import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;

/**
 * What every Google exporter and importer does alike: it works through the {@link GoogleConnector}, which checks an
 * endpoint (validate) and revokes its grant (release) for all of them.
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
}
