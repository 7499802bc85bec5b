package org.dtp.rest;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one place where settings are masked before they leave the server: a value whose key contains
 * {@code password}, {@code secret}, {@code token} or {@code key} (any case) is replaced by {@value #MASK}.
 * The rule errs on the side of masking ("apiKey", "keyword" and "monkey" are all masked).
 */
final class Secrets {
    static final String MASK = "***";
    private static final String[] SECRET_WORDS = {"password", "secret", "token", "key"};

    private Secrets() {
    }

    static boolean isSecret(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        for (String word : SECRET_WORDS) {
            if (k.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** A copy of {@code settings}, sorted by key, with secret values masked. */
    static Map<String, String> mask(Map<String, String> settings) {
        Map<String, String> masked = new LinkedHashMap<>();
        new TreeMap<>(settings).forEach((k, v) -> masked.put(k, isSecret(k) ? MASK : v));
        return masked;
    }
}
