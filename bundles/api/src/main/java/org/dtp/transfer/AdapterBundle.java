package org.dtp.transfer;

/**
 * An adapter bundle installed on this node (a bundle that provides {@code org.dtp.spi.Exporter} or
 * {@code Importer} services), whether it serves, and why not. Since 1.4.
 *
 * @param location where it was installed from (e.g. {@code mvn:com.example/dtp-adapter-x/1.0.0}, {@code file:...})
 * @param signer   the subject of the trusted certificate that signed it; null when unsigned or not trusted
 * @param reason   why it does not serve, for an operator; null when it does
 */
public record AdapterBundle(long bundleId, String symbolicName, String version, String location, Status status,
                            String signer, String reason) {
    public enum Status {
        /** Resolved and started: its services are registered. */
        ACTIVE,
        /** Resolved, not started (stopped by an operator, or starting). */
        RESOLVED,
        /** Built against SPI or model versions this server does not have: it cannot resolve. */
        INCOMPATIBLE,
        /** Refused by this server's trust settings (unsigned or signed by an untrusted key). */
        REFUSED,
        /** Not resolved for another reason (a missing library). */
        UNRESOLVED
    }
}
