package org.dtp.core.registry;

import org.dtp.models.Vertical;

/**
 * An exporter or importer service as registered, with the bundle that serves it. {@code version}
 * reads {@code symbolic-name/version} and is what a job records as the adapter that served it.
 */
public record AdapterService<T>(
        String provider,
        String name,
        Vertical vertical,
        T service,
        String bundleSymbolicName,
        String bundleVersion,
        long serviceId) {

    public String version() {
        return bundleSymbolicName + "/" + bundleVersion;
    }
}
