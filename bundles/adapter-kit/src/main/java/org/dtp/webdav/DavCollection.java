package org.dtp.webdav;

import java.net.URI;
import java.util.Objects;
import java.util.Set;

/**
 * A collection found by PROPFIND: its absolute address, its display name and description, its resource types
 * ({@code {namespace}local} names), the calendar components it takes (CalDAV; empty when the server does not
 * say, which RFC 4791 §5.2.3 reads as "any"), its change tags and, for calendars, colour and time zone as given.
 */
public record DavCollection(URI href, String displayName, String description, Set<String> resourceTypes,
                            Set<String> components, String ctag, String syncToken, String color, String timeZone) {
    public DavCollection {
        Objects.requireNonNull(href, "href");
        resourceTypes = resourceTypes == null ? Set.of() : Set.copyOf(resourceTypes);
        components = components == null ? Set.of() : Set.copyOf(components);
    }

    /** Whether this is an address book (CardDAV) or a calendar (CalDAV). */
    public boolean is(DavService service) {
        return resourceTypes.contains("{" + service.namespace() + "}" + service.collectionType());
    }

    /** Whether the collection takes {@code component} (e.g. VTODO): said so, or nothing said. */
    public boolean accepts(String component) {
        return components.isEmpty() || components.contains(component);
    }

    /** The last segment of the path, without slashes: a name when the server gives no display name. */
    public String lastSegment() {
        String path = href.getPath();
        String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return trimmed.substring(trimmed.lastIndexOf('/') + 1);
    }
}
