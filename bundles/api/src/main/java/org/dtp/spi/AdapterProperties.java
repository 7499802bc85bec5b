package org.dtp.spi;

/** Service properties every {@link Exporter} and {@link Importer} service is registered with. */
public final class AdapterProperties {
    /** The provider id, lower case, e.g. {@code localfs}, {@code smugmug}. Required. */
    public static final String PROVIDER = "dtp.provider";
    /** A name for people, e.g. {@code Local folder}. Optional; defaults to the provider id. */
    public static final String PROVIDER_NAME = "dtp.provider.name";
    /** The {@link org.dtp.models.Vertical} name the service handles, e.g. {@code MEDIA}. Required. */
    public static final String VERTICAL = "dtp.vertical";

    private AdapterProperties() {
    }
}
