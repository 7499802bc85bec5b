package org.dtp.spi;

import java.util.Map;
import java.util.Objects;

/**
 * One side of a transfer: the provider and the settings a user gave for it (e.g. a folder path, an
 * account name). Settings are validated by the adapter before a job is created.
 */
public record TransferEndpoint(String provider, Map<String, String> settings) {
    public TransferEndpoint {
        Objects.requireNonNull(provider, "provider");
        settings = settings == null ? Map.of() : Map.copyOf(settings);
    }

    /** The setting's value, or an {@link InvalidEndpointException} naming the missing setting. */
    public String require(String name) throws InvalidEndpointException {
        String value = settings.get(name);
        if (value == null || value.isBlank()) {
            throw new InvalidEndpointException("provider '" + provider + "' needs the setting '" + name + "'");
        }
        return value;
    }

    /**
     * This endpoint with {@code changes} applied as {@link TransferContext#updateSettings} describes: named settings
     * replaced or added, a null value removing one.
     *
     * @since 1.3
     */
    public TransferEndpoint withSettings(Map<String, String> changes) {
        Map<String, String> merged = new java.util.HashMap<>(settings);
        changes.forEach((name, value) -> {
            if (value == null) {
                merged.remove(name);
            } else {
                merged.put(name, value);
            }
        });
        return new TransferEndpoint(provider, merged);
    }
}
