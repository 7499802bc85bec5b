package org.dtp.spi.net;

import org.dtp.spi.InvalidEndpointException;

import java.net.SocketException;

/**
 * A socket of {@link CheckedSockets} refused to connect to an address {@link OutboundAddresses} does not allow;
 * nothing was sent. {@link #refusal()} is the endpoint error to report.
 */
public final class AddressRefusedException extends SocketException {
    private static final long serialVersionUID = 1L;
    private final transient InvalidEndpointException refusal;

    public AddressRefusedException(InvalidEndpointException refusal) {
        super(refusal.getMessage());
        this.refusal = refusal;
        initCause(refusal);
    }

    public InvalidEndpointException refusal() {
        return refusal;
    }

    /** The refusal among {@code e}'s causes, or null. */
    public static InvalidEndpointException in(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof AddressRefusedException refused) {
                return refused.refusal();
            }
        }
        return null;
    }
}
