package org.dtp.adapters.s3;

import org.apache.http.conn.DnsResolver;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.net.OutboundAddresses;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The HTTP client's name lookups, through {@link OutboundAddresses}: the client connects only to addresses the check
 * returned (never to a name looked up again, so DNS rebinding changes nothing), and a refused one fails the request
 * before a packet is sent. Apache HttpClient asks the resolver for address literals too. The SDK's client follows no
 * redirects, so a server cannot send it elsewhere either.
 */
final class CheckedDnsResolver implements DnsResolver {
    private final OutboundAddresses outbound;

    CheckedDnsResolver(OutboundAddresses outbound) {
        this.outbound = outbound;
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        try {
            return outbound.resolve(host).toArray(new InetAddress[0]);
        } catch (InvalidEndpointException e) {
            throw new RefusedHostException(e);
        }
    }

    /** A host whose addresses this server may not connect to: a lookup failure to the client, with the check's reason. */
    static final class RefusedHostException extends UnknownHostException {
        private static final long serialVersionUID = 1L;

        RefusedHostException(InvalidEndpointException refusal) {
            super(refusal.getMessage());
        }
    }
}
