package org.dtp.kit.net;

import org.dtp.spi.InvalidEndpointException;
import org.junit.Test;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.Collections;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class OutboundGuardTest {
    private final OutboundGuard guard = new OutboundGuard(List.of(), List.of());

    @Test
    public void refusesEveryAddressThatIsNotPublicUnicast() {
        for (String address : List.of("127.0.0.1", "127.1.2.3", "10.0.0.5", "172.16.0.1", "172.31.255.254", "192.168.1.1",
                "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "239.255.255.250", "255.255.255.255",
                "::", "::1", "fc00::1", "fd12:3456::1", "fe80::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
                "::ffff:169.254.169.254", "::127.0.0.1", "64:ff9b::a00:1")) {
            InvalidEndpointException e = assertThrows(address, InvalidEndpointException.class, () -> guard.resolve(address));
            assertTrue(e.getMessage(), e.getMessage().contains("this server does not connect to it")
                    && e.getMessage().contains("org.dtp.outbound"));
        }
    }

    @Test
    public void refusesLocalhostByName() {
        InvalidEndpointException e = assertThrows(InvalidEndpointException.class, () -> guard.resolve("localhost"));
        assertTrue(e.getMessage(), e.getMessage().startsWith("localhost resolves to ") && e.getMessage().contains("a loopback address"));
    }

    @Test
    public void saysWhatTheAddressIs() throws Exception {
        assertEquals("a private", guard.refusal("imap.example.org", InetAddress.getByName("10.0.0.5")));
        assertEquals("a link-local", guard.refusal(null, InetAddress.getByName("169.254.169.254")));
        assertEquals("a private (unique local)", guard.refusal(null, InetAddress.getByName("fd00::5")));
        InvalidEndpointException e = assertThrows(InvalidEndpointException.class,
                () -> guard.check("imap.example.org", InetAddress.getByName("10.0.0.5")));
        assertEquals("imap.example.org resolves to 10.0.0.5, a private address; this server does not connect to it for a "
                + "user's settings (an operator can allow it in org.dtp.outbound)", e.getMessage());
    }

    @Test
    public void passesPublicAddresses() throws Exception {
        for (String address : List.of("8.8.8.8", "1.1.1.1", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111",
                "::ffff:8.8.8.8")) {
            assertNull(address, guard.refusal(null, InetAddress.getByName(address)));
        }
        assertEquals(1, guard.resolve("8.8.8.8").size());
    }

    @Test
    public void refusesThisServersOwnAddresses() throws Exception {
        for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress a : Collections.list(nif.getInetAddresses())) {
                assertTrue(a.toString(), guard.refusal(null, a) != null);
            }
        }
    }

    @Test
    public void passesAllowedNetworksAndHosts() throws Exception {
        OutboundGuard allowing = new OutboundGuard(List.of("Mail.Corp.Example."), List.of("10.1.2.0/24", "127.0.0.1", "fd12::/16"));
        assertNull(allowing.refusal(null, InetAddress.getByName("10.1.2.200")));
        assertNull(allowing.refusal(null, InetAddress.getByName("::ffff:10.1.2.200")));
        assertNull(allowing.refusal(null, InetAddress.getByName("fd12:1::1")));
        assertEquals(List.of(InetAddress.getByName("127.0.0.1")), allowing.resolve("127.0.0.1"));
        assertEquals("a private", allowing.refusal(null, InetAddress.getByName("10.1.3.1")));
        assertEquals("a loopback", allowing.refusal(null, InetAddress.getByName("127.0.0.2")));
        assertNull(allowing.refusal("mail.corp.example", InetAddress.getByName("192.168.7.7")));
        assertEquals("a private", allowing.refusal("other.corp.example", InetAddress.getByName("192.168.7.7")));
    }

    @Test
    public void aCfgFileGivesSeveralValuesInOneText() throws Exception {
        OutboundGuard.Config config = (OutboundGuard.Config) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {OutboundGuard.Config.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "allowedHosts" -> new String[] {"mail.corp.example, dav.corp.example"};
                    case "allowedNetworks" -> new String[] {"10.1.2.0/24,  fd12::/16"};
                    case "exemptOperatorTransfers" -> false;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        OutboundGuard guard = new OutboundGuard(config);
        assertNull(guard.refusal("dav.corp.example", InetAddress.getByName("192.168.7.7")));
        assertNull(guard.refusal(null, InetAddress.getByName("fd12::1")));
        assertNull(guard.refusal(null, InetAddress.getByName("10.1.2.3")));
    }

    @Test
    public void operatorsTransfersAreExemptOnlyWhenConfigured() throws Exception {
        assertThrows(InvalidEndpointException.class, () -> guard.forOperator().resolve("127.0.0.1"));
        OutboundGuard exempting = new OutboundGuard(List.of(), List.of(), true);
        assertEquals(List.of(InetAddress.getByName("127.0.0.1")), exempting.forOperator().resolve("127.0.0.1"));
        exempting.forOperator().check("metadata", InetAddress.getByName("169.254.169.254"));
        assertThrows("end users are checked as ever", InvalidEndpointException.class, () -> exempting.resolve("127.0.0.1"));
    }

    @Test
    public void refusesAWrongNetworkInTheConfiguration() {
        assertThrows(IllegalArgumentException.class, () -> new OutboundGuard(List.of(), List.of("10.0.0.0/33")));
        assertThrows(IllegalArgumentException.class, () -> new OutboundGuard(List.of(), List.of("intranet.example/8")));
    }
}
