package org.dtp.kit.net;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** A network in CIDR notation ({@code 10.0.0.0/8}, {@code fc00::/7}); a bare address is a network of one. */
record Cidr(byte[] network, int prefix, String text) {

    /** Parses {@code text}; only address literals, never a name (nothing is looked up). */
    static Cidr parse(String text) {
        String t = text.trim();
        int slash = t.indexOf('/');
        String address = slash < 0 ? t : t.substring(0, slash);
        if (address.startsWith("[") && address.endsWith("]")) {
            address = address.substring(1, address.length() - 1);
        }
        if (!address.matches("[0-9A-Fa-f.:]+") || !(address.contains(".") || address.contains(":"))) {
            throw new IllegalArgumentException("'" + text + "' is not an address or a network such as 10.0.0.0/8");
        }
        byte[] bytes;
        try {
            bytes = InetAddress.getByName(address).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("'" + text + "' is not an address or a network such as 10.0.0.0/8");
        }
        int bits = bytes.length * 8;
        int prefix = bits;
        if (slash >= 0) {
            try {
                prefix = Integer.parseInt(t.substring(slash + 1));
            } catch (NumberFormatException e) {
                prefix = -1;
            }
            if (prefix < 0 || prefix > bits) {
                throw new IllegalArgumentException("'" + text + "': the prefix length must be 0 to " + bits);
            }
        }
        return new Cidr(bytes, prefix, t);
    }

    boolean contains(InetAddress address) {
        return contains(address.getAddress());
    }

    boolean contains(byte[] bytes) {
        if (bytes.length != network.length) {
            return false;
        }
        int full = prefix / 8;
        for (int i = 0; i < full; i++) {
            if (bytes[i] != network[i]) {
                return false;
            }
        }
        int rest = prefix % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xff << (8 - rest)) & 0xff;
        return (bytes[full] & mask) == (network[full] & mask);
    }

    @Override
    public String toString() {
        return text;
    }
}
