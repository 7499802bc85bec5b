package org.dtp.spi.net;

import org.dtp.spi.InvalidEndpointException;
import org.osgi.annotation.versioning.ProviderType;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * The addresses this server may connect to for a host named in an end user's settings (a CardDAV URL, an IMAP
 * host): public unicast addresses only, unless an operator allowed the host or its network (configuration
 * {@value #PID}). Loopback, link-local (169.254.169.254 among them), private (RFC 1918, fc00::/7), shared (100.64/10),
 * unspecified, multicast, reserved addresses and the addresses of this server's own network interfaces are refused.
 * Connect to an address {@link #resolve} returned or {@link #check} passed, never to the name once more (DNS
 * rebinding): {@link CheckedSockets} does so for sockets. Implemented by the core bundle.
 */
@ProviderType
public interface OutboundAddresses {
    /** The configuration PID of the allow-list. */
    String PID = "org.dtp.outbound";

    /**
     * The addresses of {@code host} (a name or an address literal, IPv6 with or without brackets), every one of them
     * allowed.
     *
     * @throws InvalidEndpointException when any of them is not allowed: the message names the host, the address and
     *                                  why, and that an operator can allow it
     * @throws UnknownHostException     when the name does not resolve
     */
    List<InetAddress> resolve(String host) throws InvalidEndpointException, UnknownHostException;

    /**
     * Checks one address already resolved for {@code host} (the name the user gave, for the message and for the
     * allowed host names).
     *
     * @throws InvalidEndpointException when it is not allowed
     */
    void check(String host, InetAddress address) throws InvalidEndpointException;

    /**
     * The check for a transfer the operators run ({@link org.dtp.spi.TransferContext#operatorTransfer()}): one that
     * allows every address when the operator exempted their own transfers ({@code exemptOperatorTransfers}), else
     * this same check.
     */
    OutboundAddresses forOperator();
}
