package org.dtp.transfer;

import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class SecretSettingsTest {

    @Test
    public void keysNamingSecretsAreMaskedInAnyCase() {
        for (String key : List.of("password", "PASSWORD", "clientSecret", "access_token", "apiKey", "KEY")) {
            assertTrue(key, SecretSettings.isSecret(key));
        }
        for (String key : List.of("path", "account", "album", "user")) {
            assertFalse(key, SecretSettings.isSecret(key));
        }
    }

    @Test
    public void maskKeepsOtherValuesAndSortsKeys() {
        Map<String, String> masked = SecretSettings.mask(Map.of("user", "ann", "path", "/x", "appPassword", "p"));

        assertEquals(List.of("appPassword", "path", "user"), List.copyOf(masked.keySet()));
        assertEquals(Map.of("user", "ann", "path", "/x", "appPassword", "***"), masked);
    }
}
