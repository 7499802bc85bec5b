package org.dtp.transfer;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which endpoint settings are secret: a setting whose name contains {@code password}, {@code secret},
 * {@code token} or {@code key} (any case). Secret values are stored encrypted while a transfer runs, removed
 * when it ends, and masked as {@value #MASK} wherever settings are shown. The rule errs on the side of secrecy
 * ("apiKey", "keyword" and "monkey" are all secret). Since 1.3.
 */
public final class SecretSettings {
    public static final String MASK = "***";
    private static final String[] SECRET_WORDS = {"password", "secret", "token", "key"};

    private SecretSettings() {
    }

    public static boolean isSecret(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (String word : SECRET_WORDS) {
            if (n.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** A copy of {@code settings}, sorted by name, with secret values replaced by {@value #MASK}. */
    public static Map<String, String> mask(Map<String, String> settings) {
        Map<String, String> masked = new LinkedHashMap<>();
        new TreeMap<>(settings).forEach((k, v) -> masked.put(k, isSecret(k) ? MASK : v));
        return masked;
    }
}
