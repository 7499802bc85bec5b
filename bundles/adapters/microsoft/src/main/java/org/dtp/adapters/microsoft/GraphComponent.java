package org.dtp.adapters.microsoft;

import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferEndpoint;

/**
 * What every exporter and importer of the adapter leaves to the {@link MicrosoftConnector}: checking an endpoint
 * before a job ({@code validate}) and letting go of what was kept for it after ({@code release}). Each component
 * stays a final class with its own {@code @Activate} constructor and {@code @Reference} to the connector.
 */
public abstract class GraphComponent {
    protected final MicrosoftConnector connector;

    protected GraphComponent(MicrosoftConnector connector) {
        this.connector = connector;
    }

    /** The exporter's source or the importer's destination, as the connector validates it. */
    public void validate(TransferEndpoint endpoint) throws InvalidEndpointException {
        connector.validate(endpoint);
    }

    /** The exporter's source or the importer's destination, released by the connector. */
    public void release(TransferEndpoint endpoint) throws AdapterException {
        connector.release(endpoint);
    }
}
