package org.dtp.adapters.microsoft;

import org.dtp.spi.AdapterException;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.util.Optional;

/**
 * What every exporter and importer of the adapter leaves to the {@link MicrosoftConnector}: checking an endpoint
 * before a job ({@code validate}), naming its account ({@code accountId}) and letting go of what was kept for it after
 * ({@code release}). Each component
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

    /**
     * The account as the Graph user's id ({@link GraphApi#userId}), the same for every vertical and both directions,
     * so that two Microsoft accounts of one owner are told apart.
     */
    public Optional<String> accountId(TransferContext context) throws AdapterException {
        return Optional.of(connector.api(context).userId());
    }
}
