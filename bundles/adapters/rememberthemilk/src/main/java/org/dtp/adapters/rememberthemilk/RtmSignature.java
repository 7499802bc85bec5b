package org.dtp.adapters.rememberthemilk;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Remember The Milk's request signature (https://www.rememberthemilk.com/services/api/authentication.rtm): the
 * {@code api_sig} of a call is the MD5, in lower-case hex, of the shared secret followed by every parameter's name and
 * value, sorted by name, concatenated without separators. Every call of the adapter goes through {@link #signed}.
 */
final class RtmSignature {
    private RtmSignature() {
    }

    /** {@code parameters} and their {@code api_sig}. */
    static List<Map.Entry<String, String>> signed(String sharedSecret, List<Map.Entry<String, String>> parameters) {
        List<Map.Entry<String, String>> out = new ArrayList<>(parameters);
        out.add(Map.entry("api_sig", apiSig(sharedSecret, parameters)));
        return out;
    }

    static String apiSig(String sharedSecret, List<Map.Entry<String, String>> parameters) {
        List<Map.Entry<String, String>> sorted = new ArrayList<>(parameters);
        sorted.sort(Map.Entry.<String, String>comparingByKey().thenComparing(Map.Entry.comparingByValue(Comparator.naturalOrder())));
        StringBuilder text = new StringBuilder(sharedSecret);
        for (Map.Entry<String, String> p : sorted) {
            text.append(p.getKey()).append(p.getValue());
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
