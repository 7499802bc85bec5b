package org.dtp.kit.net;

import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.net.OutboundAddresses;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * {@link OutboundAddresses}: public unicast addresses only, plus the host names and networks an operator allowed.
 * The addresses of this server's own network interfaces are read again at most once a minute.
 */
@Component(service = OutboundAddresses.class, configurationPid = OutboundAddresses.PID)
@Designate(ocd = OutboundGuard.Config.class)
public final class OutboundGuard implements OutboundAddresses {
    private static final Logger LOG = LoggerFactory.getLogger(OutboundGuard.class);
    private static final long OWN_ADDRESSES_TTL = TimeUnit.MINUTES.toNanos(1);

    @ObjectClassDefinition(name = "dtp outbound connections", description = "Where the server may connect for the hosts "
            + "and URLs in end users' settings (a CardDAV or CalDAV URL, an IMAP host). Only public unicast addresses, "
            + "unless allowed here: never loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local "
            + "(169.254/16 with cloud metadata, fe80::/10), shared (100.64/10), unspecified, multicast, reserved, or an "
            + "address of this server itself.")
    public @interface Config {
        @AttributeDefinition(name = "Allowed hosts", description = "Host names (exactly as users give them, any case; separated by commas) "
                + "that may be connected to whatever they resolve to, e.g. a company's own IMAP server on its private network.",
                required = false)
        String[] allowedHosts() default {};

        @AttributeDefinition(name = "Allowed networks", description = "Addresses or networks in CIDR notation (separated by commas), e.g. "
                + "10.1.2.0/24 or fd12:3456::/48, that may be connected to although they are not public.", required = false)
        String[] allowedNetworks() default {};

        @AttributeDefinition(name = "Exempt operators' transfers", description = "Whether transfers the operators run "
                + "(owner 'operator') may connect anywhere, internal addresses included. End users' transfers and all "
                + "estimates are checked either way.")
        boolean exemptOperatorTransfers() default false;
    }

    /** Why an address is refused: its network and what it is. */
    private record Refusal(Cidr cidr, String what) {
        Refusal(String cidr, String what) {
            this(Cidr.parse(cidr), what);
        }
    }

    /**
     * Not public unicast (the IANA special-purpose address registries), in the order tried; an IPv4-mapped IPv6 address
     * is judged as its IPv4 address. {@link InetAddress}'s own tests (loopback, link-local...) are asked as well.
     */
    private static final List<Refusal> REFUSED = List.of(
            new Refusal("0.0.0.0/8", "an unspecified"), new Refusal("10.0.0.0/8", "a private"),
            new Refusal("100.64.0.0/10", "a shared (carrier-grade NAT)"), new Refusal("127.0.0.0/8", "a loopback"),
            new Refusal("169.254.0.0/16", "a link-local"), new Refusal("172.16.0.0/12", "a private"),
            new Refusal("192.0.0.0/24", "a reserved"), new Refusal("192.0.2.0/24", "a documentation"),
            new Refusal("192.168.0.0/16", "a private"), new Refusal("198.18.0.0/15", "a benchmarking"),
            new Refusal("198.51.100.0/24", "a documentation"), new Refusal("203.0.113.0/24", "a documentation"),
            new Refusal("224.0.0.0/4", "a multicast"), new Refusal("240.0.0.0/4", "a reserved"),
            new Refusal("::/128", "an unspecified"), new Refusal("::1/128", "a loopback"),
            new Refusal("::/96", "an IPv4-compatible"), new Refusal("64:ff9b::/96", "a NAT64"),
            new Refusal("100::/64", "a discard"), new Refusal("2001:db8::/32", "a documentation"),
            new Refusal("fc00::/7", "a private (unique local)"), new Refusal("fe80::/10", "a link-local"),
            new Refusal("fec0::/10", "a site-local"), new Refusal("ff00::/8", "a multicast"));

    private final Set<String> allowedHosts;
    private final List<Cidr> allowedNetworks;
    private final OutboundAddresses forOperator;
    private Set<InetAddress> ownAddresses = Set.of();
    private long ownAddressesRead = System.nanoTime() - 2 * OWN_ADDRESSES_TTL;

    @Activate
    public OutboundGuard(Config config) {
        this(split(config.allowedHosts()), split(config.allowedNetworks()), config.exemptOperatorTransfers());
    }

    /** The values of a list attribute; a .cfg file gives one text, so commas and spaces separate values as well. */
    private static List<String> split(String[] values) {
        List<String> out = new ArrayList<>();
        for (String v : values) {
            for (String part : v.split("[,\\s]+")) {
                if (!part.isBlank()) {
                    out.add(part);
                }
            }
        }
        return out;
    }

    /** A guard allowing {@code hosts} (names) and {@code networks} (CIDR) besides public addresses. */
    public OutboundGuard(List<String> hosts, List<String> networks) {
        this(hosts, networks, false);
    }

    /** {@link #OutboundGuard(List, List)}, with the operators' transfers allowed everywhere if {@code exemptOperators}. */
    public OutboundGuard(List<String> hosts, List<String> networks, boolean exemptOperators) {
        Set<String> names = new HashSet<>();
        for (String h : hosts) {
            if (h != null && !h.isBlank()) {
                names.add(normal(h));
            }
        }
        List<Cidr> cidrs = new ArrayList<>();
        for (String n : networks) {
            if (n != null && !n.isBlank()) {
                cidrs.add(Cidr.parse(n));
            }
        }
        this.allowedHosts = Set.copyOf(names);
        this.allowedNetworks = List.copyOf(cidrs);
        this.forOperator = exemptOperators ? new Unchecked() : this;
        if (!names.isEmpty() || !cidrs.isEmpty()) {
            LOG.info("Outbound connections for end users' settings may also reach hosts {} and networks {}", names, cidrs);
        }
        if (exemptOperators) {
            LOG.info("Transfers the operators run may connect to any address (exemptOperatorTransfers)");
        }
    }

    @Override
    public List<InetAddress> resolve(String host) throws InvalidEndpointException, UnknownHostException {
        String name = normal(host);
        if (name.isEmpty()) {
            throw new InvalidEndpointException("no host given");
        }
        List<InetAddress> addresses = List.of(InetAddress.getAllByName(name));
        for (InetAddress a : addresses) {
            check(host, a);
        }
        return addresses;
    }

    @Override
    public OutboundAddresses forOperator() {
        return forOperator;
    }

    /** The operators' transfers when they are exempted: every address. */
    private static final class Unchecked implements OutboundAddresses {
        @Override
        public List<InetAddress> resolve(String host) throws UnknownHostException {
            return List.of(InetAddress.getAllByName(normal(host)));
        }

        @Override
        public void check(String host, InetAddress address) {
            // exempted
        }

        @Override
        public OutboundAddresses forOperator() {
            return this;
        }
    }

    @Override
    public void check(String host, InetAddress address) throws InvalidEndpointException {
        String why = refusal(host, address);
        if (why != null) {
            String name = host == null ? address.getHostAddress() : normal(host);
            String resolves = name.equals(address.getHostAddress()) ? name + " is" : name + " resolves to " + address.getHostAddress() + ",";
            throw new InvalidEndpointException(resolves + " " + why + " address; this server does not connect to it "
                    + "for a user's settings (an operator can allow it in " + PID + ")");
        }
    }

    /** Why {@code address} is refused for {@code host} ("a private" ...), null when it is allowed. */
    String refusal(String host, InetAddress address) {
        if (host != null && allowedHosts.contains(normal(host))) {
            return null;
        }
        InetAddress judged = asV4(address);
        for (Cidr allowed : allowedNetworks) {
            if (allowed.contains(address) || allowed.contains(judged)) {
                return null;
            }
        }
        for (Refusal r : REFUSED) {
            if (r.cidr().contains(judged)) {
                return r.what();
            }
        }
        if (judged.isAnyLocalAddress()) {
            return "an unspecified";
        }
        if (judged.isLoopbackAddress()) {
            return "a loopback";
        }
        if (judged.isLinkLocalAddress()) {
            return "a link-local";
        }
        if (judged.isSiteLocalAddress()) {
            return "a private";
        }
        if (judged.isMulticastAddress()) {
            return "a multicast";
        }
        Set<InetAddress> own = ownAddresses();
        if (own.contains(judged) || own.contains(plain(address))) {
            return "this server's own";
        }
        return null;
    }

    private synchronized Set<InetAddress> ownAddresses() {
        long now = System.nanoTime();
        if (now - ownAddressesRead > OWN_ADDRESSES_TTL) {
            Set<InetAddress> own = new HashSet<>();
            try {
                for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                    own.addAll(Collections.list(nif.getInetAddresses()));
                }
            } catch (SocketException e) {
                LOG.warn("Cannot list this server's network interfaces: {}", e.getMessage());
            }
            // scope ids differ between the interface's address and one parsed from a name
            Set<InetAddress> plain = new HashSet<>();
            own.forEach(a -> plain.add(plain(a)));
            ownAddresses = Set.copyOf(plain);
            ownAddressesRead = now;
        }
        return ownAddresses;
    }

    /** {@code address} without a scope id or host name, as compared with the interfaces' addresses. */
    private static InetAddress plain(InetAddress address) {
        return plain(address.getAddress());
    }

    /** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) stands for, else {@code address} itself. */
    private static InetAddress asV4(InetAddress address) {
        byte[] b = address.getAddress();
        if (b.length != 16 || (b[10] & 0xff) != 0xff || (b[11] & 0xff) != 0xff) {
            return address;
        }
        for (int i = 0; i < 10; i++) {
            if (b[i] != 0) {
                return address;
            }
        }
        return plain(new byte[] {b[12], b[13], b[14], b[15]});
    }

    private static InetAddress plain(byte[] bytes) {
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // 4 or 16 bytes always
        }
    }

    private static String normal(String host) {
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }
}
