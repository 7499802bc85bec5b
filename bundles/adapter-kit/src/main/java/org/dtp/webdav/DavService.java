package org.dtp.webdav;

/** The two DAV services, with the names that differ between them. */
public enum DavService {
    CARDDAV("/.well-known/carddav", DavXml.CARDDAV, "addressbook-home-set", "addressbook", "addressbook-multiget",
            "address-data", "addressbook-description", "text/vcard; charset=utf-8"),
    CALDAV("/.well-known/caldav", DavXml.CALDAV, "calendar-home-set", "calendar", "calendar-multiget",
            "calendar-data", "calendar-description", "text/calendar; charset=utf-8");

    private final String wellKnownPath;
    private final String namespace;
    private final String homeSet;
    private final String collectionType;
    private final String multiget;
    private final String dataProperty;
    private final String descriptionProperty;
    private final String contentType;

    DavService(String wellKnownPath, String namespace, String homeSet, String collectionType, String multiget,
               String dataProperty, String descriptionProperty, String contentType) {
        this.wellKnownPath = wellKnownPath;
        this.namespace = namespace;
        this.homeSet = homeSet;
        this.collectionType = collectionType;
        this.multiget = multiget;
        this.dataProperty = dataProperty;
        this.descriptionProperty = descriptionProperty;
        this.contentType = contentType;
    }

    /** RFC 6764 §5: where a client starts looking for the service. */
    public String wellKnownPath() {
        return wellKnownPath;
    }

    /** The XML namespace of the service's properties and reports. */
    public String namespace() {
        return namespace;
    }

    String homeSet() {
        return homeSet;
    }

    /** The local name of the resource type that marks a collection of this service. */
    String collectionType() {
        return collectionType;
    }

    String multiget() {
        return multiget;
    }

    String dataProperty() {
        return dataProperty;
    }

    String descriptionProperty() {
        return descriptionProperty;
    }

    /** The media type resources of this service are PUT with. */
    public String contentType() {
        return contentType;
    }
}
