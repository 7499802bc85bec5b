package org.dtp.webdav;

import org.dtp.spi.AdapterException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.dtp.spi.http.ProviderAnswer;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;
import org.dtp.spi.http.ProviderRejectedException;
import org.dtp.spi.http.ProviderRequest;
import org.dtp.spi.http.ProviderResponse;
import org.dtp.spi.http.ProviderStreamResponse;
import org.dtp.spi.http.RateLimiter;
import org.dtp.spi.http.TrustStores;
import org.dtp.spi.net.OutboundAddresses;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A WebDAV client for one DAV provider (a name for messages, e.g. {@code CardDAV}): the DAV requests and their XML, sent
 * through a {@link ProviderHttp} that checks every host (each redirect and discovery hop included) with
 * {@link OutboundAddresses}, follows redirects only within the same origin (scheme, host, port) so credentials never go
 * to another server, maps failures, slows the shared {@link RateLimiter} on a 429 or a 503 with a Retry-After and logs
 * at debug without headers or bodies. Every request carries the account's Basic authorization and ends by the
 * account's deadline, if it has one; nothing is retried here (the engine retries transient failures).
 * <p>
 * Failures say the status and the step. What a server answered is quoted only for a refused PUT (an item the
 * destination would not take: its reason, bounded, on one line, never a credential) and as a DAV precondition's name
 * ({@link DavRefusals}); other answers' text is logged at debug only, so that a user's URL cannot read a service this
 * server reaches. Thread-safe; one instance serves every account.
 */
public final class DavClient {
    private static final Logger LOG = LoggerFactory.getLogger(DavClient.class);
    private static final String XML = "application/xml; charset=utf-8";
    private static final int RANGE_NOT_SATISFIABLE = 416;

    private final String provider;
    private final ProviderHttp http;
    private final OutboundAddresses outbound;

    private DavClient(Builder b, ProviderHttp http) {
        this.provider = b.provider;
        this.http = http;
        this.outbound = b.outbound;
    }

    public static Builder builder(String provider) {
        return new Builder(provider);
    }

    public String provider() {
        return provider;
    }

    /**
     * The home of the account's collections of {@code service} (RFC 6764 §6): the {@code current-user-principal}
     * of the URL given (or, when that says nothing, of the service's well-known address), then the principal's
     * home set. A URL that names no principal is taken as the home itself (some servers answer a home address
     * only); its collections are then what a depth-1 PROPFIND of it lists.
     */
    public URI discoverHome(DavAccount account, DavService service) throws AdapterException {
        URI given = account.url();
        List<URI> starts = new ArrayList<>();
        URI wellKnown = given.resolve(service.wellKnownPath());
        if ("/".equals(given.getPath())) {
            starts.add(wellKnown);
            starts.add(given);
        } else {
            starts.add(given);
            starts.add(wellKnown);
        }
        URI principal = null;
        for (URI start : starts) {
            principal = hrefProperty(account, start, DavXml.DAV, "current-user-principal");
            if (principal != null) {
                break;
            }
        }
        URI home = hrefProperty(account, principal == null ? given : principal, service.namespace(), service.homeSet());
        if (home != null) {
            return home;
        }
        return principal == null ? given : principal;
    }

    /** The collections of {@code service} at {@code home} (itself included when it is one), sorted by address. */
    public List<DavCollection> listCollections(DavAccount account, URI home, DavService service) throws AdapterException {
        List<DavCollection> out = new ArrayList<>();
        for (DavCollection c : propfindCollections(account, home, "1")) {
            if (c.is(service)) {
                out.add(c);
            }
        }
        out.sort(Comparator.comparing(c -> c.href().toString()));
        return out;
    }

    /** The collection at {@code href}, or empty when there is none (404). */
    public Optional<DavCollection> collection(DavAccount account, URI href) throws AdapterException {
        try {
            return propfindCollections(account, href, "0").stream().filter(c -> samePath(c.href(), href)).findFirst();
        } catch (ProviderRejectedException e) {
            if (e.status() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /**
     * The collections a PROPFIND of {@code href} lists. A server that fails on it (a 5xx) is asked again without the
     * collections' {@code getctag} and {@code sync-token}, which it makes from every member: one member it cannot load
     * then costs only those (no change feed for that collection in this transfer), not the listing of every collection.
     */
    private List<DavCollection> propfindCollections(DavAccount account, URI href, String depth) throws AdapterException {
        try {
            return propfindCollections(account, href, depth, "<CS:getctag/><D:sync-token/>");
        } catch (DavServerErrorException e) {
            LOG.warn("{}: PROPFIND of {} failed ({}); asking again without the collections' getctag and sync-token",
                    provider, href.getPath(), e.getMessage());
            return propfindCollections(account, href, depth, "");
        }
    }

    private List<DavCollection> propfindCollections(DavAccount account, URI href, String depth, String memberDigests)
            throws AdapterException {
        String body = DavXml.PROLOG + "<D:propfind" + DavXml.NAMESPACES + "><D:prop>"
                + "<D:resourcetype/><D:displayname/>" + memberDigests
                + "<C:supported-calendar-component-set/><A:addressbook-description/><C:calendar-description/>"
                + "<I:calendar-color/><C:calendar-timezone/></D:prop></D:propfind>";
        Document doc = sendXml(account, "PROPFIND", href, body, Map.of("Depth", depth), OnNotFound.REJECT_ITEM);
        List<DavCollection> out = new ArrayList<>();
        for (Element response : DavXml.children(doc.getDocumentElement(), DavXml.DAV, "response")) {
            URI at = resolveHref(href, response);
            Element prop = okProp(response);
            if (at == null || prop == null) {
                continue;
            }
            Set<String> types = new HashSet<>();
            Element resourceType = DavXml.child(prop, DavXml.DAV, "resourcetype");
            if (resourceType != null) {
                for (Element t : DavXml.elements(resourceType)) {
                    types.add("{" + t.getNamespaceURI() + "}" + t.getLocalName());
                }
            }
            if (!types.contains("{DAV:}collection")) {
                continue;
            }
            Set<String> components = new HashSet<>();
            Element set = DavXml.child(prop, DavXml.CALDAV, "supported-calendar-component-set");
            if (set != null) {
                for (Element comp : DavXml.children(set, DavXml.CALDAV, "comp")) {
                    components.add(comp.getAttribute("name").toUpperCase(Locale.ROOT));
                }
            }
            String description = DavXml.childText(prop, DavXml.CARDDAV, "addressbook-description");
            if (description == null) {
                description = DavXml.childText(prop, DavXml.CALDAV, "calendar-description");
            }
            out.add(new DavCollection(at, DavXml.childText(prop, DavXml.DAV, "displayname"), description, types, components,
                    DavXml.childText(prop, DavXml.CALENDARSERVER, "getctag"), DavXml.childText(prop, DavXml.DAV, "sync-token"),
                    DavXml.childText(prop, DavXml.APPLE_ICAL, "calendar-color"), DavXml.childText(prop, DavXml.CALDAV, "calendar-timezone")));
        }
        return out;
    }

    /**
     * The resources directly in {@code collection} (not sub-collections), sorted by address: from a
     * sync-collection REPORT when the collection offers a sync token (RFC 6578 §3.4, an initial sync lists every
     * member) and the server did not cut it short, else from a depth-1 PROPFIND.
     */
    public List<DavMember> listMembers(DavAccount account, DavCollection collection) throws AdapterException {
        if (collection.syncToken() != null) {
            Optional<List<DavMember>> synced = completeSync(account, collection, null);
            if (synced.isPresent()) {
                return synced.get();
            }
        }
        return propfindMembers(account, collection.href());
    }

    /**
     * The resources of {@code collection} added or changed since {@code syncToken} (a sync-collection REPORT, RFC 6578
     * §3.5), sorted by address; those removed since are left out. Empty when the server cannot say: it no longer takes
     * the token (403 or 409 with the {@code DAV:valid-sync-token} precondition, §3.2: tokens expire), does not do
     * sync-collection there (another 4xx), fails on it (a 5xx other than 503) or cut its answer short (507, §3.6). The
     * caller then lists every member.
     * Since 1.4.
     */
    public Optional<List<DavMember>> membersChangedSince(DavAccount account, DavCollection collection, String syncToken)
            throws AdapterException {
        return completeSync(account, collection, Objects.requireNonNull(syncToken, "syncToken"));
    }

    /** The members a sync-collection REPORT from {@code syncToken} lists, sorted; empty when refused or cut short. */
    private Optional<List<DavMember>> completeSync(DavAccount account, DavCollection collection, String syncToken)
            throws AdapterException {
        DavSyncResult sync;
        try {
            sync = syncCollection(account, collection.href(), syncToken);
        } catch (ProviderRejectedException | AuthorizationRefusedException e) {
            // Refused (a 403 or another 4xx for the REPORT): the caller lists the old way. A real refusal of the
            // account fails that PROPFIND as well.
            LOG.info("{}: sync-collection of {} refused ({}); listing every member", provider,
                    collection.href().getPath(), e.getMessage());
            return Optional.empty();
        } catch (DavServerErrorException e) {
            // The server failed on it (a 5xx): a PROPFIND may still list the members; if the server is down, it fails too.
            LOG.warn("{}: sync-collection of {} failed ({}); listing every member", provider,
                    collection.href().getPath(), e.getMessage());
            return Optional.empty();
        }
        if (sync.truncated()) {
            return Optional.empty();
        }
        List<DavMember> members = new ArrayList<>(sync.changed());
        members.sort(Comparator.comparing(m -> m.href().toString()));
        return Optional.of(members);
    }

    /** The members a depth-1 PROPFIND lists, sorted by address. */
    public List<DavMember> propfindMembers(DavAccount account, URI collection) throws AdapterException {
        String body = DavXml.PROLOG + "<D:propfind" + DavXml.NAMESPACES + "><D:prop><D:resourcetype/><D:getetag/></D:prop></D:propfind>";
        Document doc = sendXml(account, "PROPFIND", collection, body, Map.of("Depth", "1"), OnNotFound.FAIL);
        TreeMap<String, DavMember> members = new TreeMap<>();
        for (Element response : DavXml.children(doc.getDocumentElement(), DavXml.DAV, "response")) {
            URI at = resolveHref(collection, response);
            Element prop = okProp(response);
            if (at == null || prop == null || samePath(at, collection)) {
                continue;
            }
            Element type = DavXml.child(prop, DavXml.DAV, "resourcetype");
            if (type != null && DavXml.child(type, DavXml.DAV, "collection") != null) {
                continue;
            }
            members.put(at.toString(), new DavMember(at, DavXml.childText(prop, DavXml.DAV, "getetag")));
        }
        return new ArrayList<>(members.values());
    }

    /** A sync-collection REPORT (RFC 6578) from {@code syncToken}; null or empty for the initial sync. */
    public DavSyncResult syncCollection(DavAccount account, URI collection, String syncToken) throws AdapterException {
        String body = DavXml.PROLOG + "<D:sync-collection" + DavXml.NAMESPACES + "><D:sync-token>"
                + (syncToken == null ? "" : DavXml.escape(syncToken)) + "</D:sync-token><D:sync-level>1</D:sync-level>"
                + "<D:prop><D:getetag/></D:prop></D:sync-collection>";
        Document doc = sendXml(account, "REPORT", collection, body, Map.of(), OnNotFound.FAIL);
        List<DavMember> changed = new ArrayList<>();
        List<URI> removed = new ArrayList<>();
        boolean truncated = false;
        for (Element response : DavXml.children(doc.getDocumentElement(), DavXml.DAV, "response")) {
            URI at = resolveHref(collection, response);
            if (at == null) {
                continue;
            }
            String status = DavXml.childText(response, DavXml.DAV, "status");
            if (status != null && samePath(at, collection) && status.contains(" 507")) {
                truncated = true;
            } else if (status != null && status.contains(" 404")) {
                removed.add(at);
            } else if (!samePath(at, collection)) {
                Element prop = okProp(response);
                changed.add(new DavMember(at, prop == null ? null : DavXml.childText(prop, DavXml.DAV, "getetag")));
            }
        }
        return new DavSyncResult(changed, removed, DavXml.childText(doc.getDocumentElement(), DavXml.DAV, "sync-token"), truncated);
    }

    /**
     * The data of {@code hrefs} (all in {@code collection}) in one addressbook-multiget or calendar-multiget
     * REPORT, in the order asked. A resource the server does not return, or returns without data, comes back
     * with its status (404 if it said none).
     */
    public List<DavResource> multiget(DavAccount account, URI collection, DavService service, List<URI> hrefs)
            throws AdapterException {
        if (hrefs.isEmpty()) {
            return List.of();
        }
        String prefix = service == DavService.CARDDAV ? "A:" : "C:";
        StringBuilder body = new StringBuilder(DavXml.PROLOG).append('<').append(prefix).append(service.multiget())
                .append(DavXml.NAMESPACES).append("><D:prop><D:getetag/><").append(prefix).append(service.dataProperty())
                .append("/></D:prop>");
        for (URI href : hrefs) {
            body.append("<D:href>").append(DavXml.escape(href.getRawPath())).append("</D:href>");
        }
        body.append("</").append(prefix).append(service.multiget()).append('>');
        Document doc = sendXml(account, "REPORT", collection, body.toString(), Map.of("Depth", "1"), OnNotFound.FAIL);
        Map<String, DavResource> byPath = new TreeMap<>();
        for (Element response : DavXml.children(doc.getDocumentElement(), DavXml.DAV, "response")) {
            URI at = resolveHref(collection, response);
            if (at == null) {
                continue;
            }
            Element prop = okProp(response);
            String data = prop == null ? null : DavXml.childText(prop, service.namespace(), service.dataProperty());
            int status = data != null ? 200 : statusOf(response);
            byPath.put(at.getPath(), new DavResource(at, status, prop == null ? null : DavXml.childText(prop, DavXml.DAV, "getetag"),
                    data));
        }
        List<DavResource> out = new ArrayList<>();
        for (URI href : hrefs) {
            DavResource r = byPath.get(href.getPath());
            out.add(r != null ? r : new DavResource(href, 404, null, null));
        }
        return out;
    }

    /** GETs a resource's text and ETag; empty when it does not exist. */
    public Optional<DavResource> get(DavAccount account, URI href) throws AdapterException {
        ProviderResponse response = request(account, "GET", href).accept(404).send();
        if (response.status() == 404) {
            return Optional.empty();
        }
        return Optional.of(new DavResource(href, 200, response.header("ETag").orElse(null), response.text()));
    }

    /**
     * PUTs {@code body} to {@code href}: with {@code ifMatch} null, only if nothing is there ({@code If-None-Match: *},
     * RFC 7232 §3.2); else only if the resource still has that ETag. A failed precondition is an outcome, not an error.
     * A refusal says the server's reason ({@link DavRefusals}).
     */
    public DavPutResult put(DavAccount account, URI href, String body, String contentType, String ifMatch)
            throws AdapterException {
        ProviderResponse response = request(account, "PUT", href)
                .header(ifMatch == null ? "If-None-Match" : "If-Match", ifMatch == null ? "*" : ifMatch)
                .body(body.getBytes(StandardCharsets.UTF_8), contentType).accept(412).send();
        if (response.status() == 412) {
            return new DavPutResult(DavPutResult.Outcome.PRECONDITION_FAILED, null);
        }
        // By its precondition, not its status: some servers (Radicale) answer 201 to a replacement too.
        return new DavPutResult(ifMatch == null ? DavPutResult.Outcome.CREATED : DavPutResult.Outcome.REPLACED,
                response.header("ETag").orElse(null));
    }

    /**
     * PUTs {@code length} bytes of {@code body} ({@code -1}: unknown, sent chunked) to {@code href} as they are read,
     * never all in memory, only if nothing is there ({@code If-None-Match: *}, RFC 7232 §3.2), with {@code headers}
     * besides (e.g. a modification time the server may keep). Something already there is an outcome
     * ({@link DavPutResult.Outcome#PRECONDITION_FAILED}), not an error. The stream is sent once (see
     * {@link ProviderRequest#body(java.io.InputStream, long, String)}); the caller closes it. Since 1.3.
     */
    public DavPutResult putNew(DavAccount account, URI href, InputStream body, long length, String contentType,
                               Map<String, String> headers) throws AdapterException {
        ProviderRequest request = request(account, "PUT", href).header("If-None-Match", "*")
                .body(body, length, contentType).accept(412);
        headers.forEach(request::header);
        ProviderResponse response = request.send();
        if (response.status() == 412) {
            return new DavPutResult(DavPutResult.Outcome.PRECONDITION_FAILED, null);
        }
        return new DavPutResult(DavPutResult.Outcome.CREATED, response.header("ETag").orElse(null));
    }

    /**
     * PUTs {@code length} bytes of {@code body} ({@code -1}: unknown, sent chunked) to {@code href} as they are read,
     * never all in memory, whatever is there: a new file, or the file there replaced (no precondition). The stream is
     * sent once; the caller closes it. A refusal says the server's reason ({@link DavRefusals}). Since 1.5.
     */
    public void putReplacing(DavAccount account, URI href, InputStream body, long length, String contentType)
            throws AdapterException {
        request(account, "PUT", href).body(body, length, contentType).send();
    }

    /**
     * GETs the resource at {@code href} as a stream, unread (a file of any size in flat memory); a 404 rejects the
     * item. The caller closes it. Since 1.3.
     */
    public InputStream open(DavAccount account, URI href) throws AdapterException {
        return request(account, "GET", href).onNotFound(OnNotFound.REJECT_ITEM).open();
    }

    /**
     * GETs the resource at {@code href} from byte {@code offset} on, those before it not sent ({@code Range:
     * bytes=<offset>-}, RFC 9110 §14.2), as a stream, unread, with its ETag and whole size; empty when it does not exist
     * (404). A server that sends the whole resource (200) has the bytes before the offset skipped here; an offset at or
     * past the end (416) gives no bytes, with the ETag and size a PROPFIND gives when the answer said none. The caller
     * closes it. Since 1.6.
     */
    public Optional<DavFilePart> openFrom(DavAccount account, URI href, long offset) throws AdapterException {
        ProviderRequest request = request(account, "GET", href).accept(404, RANGE_NOT_SATISFIABLE);
        if (offset > 0) {
            request.header("Range", "bytes=" + offset + "-");
        }
        ProviderStreamResponse response = request.openResponse();
        String etag = response.header("ETag").orElse(null);
        Optional<String> range = response.header("Content-Range");
        try {
            switch (response.status()) {
                case 404 -> {
                    response.close();
                    return Optional.empty();
                }
                case RANGE_NOT_SATISFIABLE -> {
                    response.close(); // Apache's says neither ETag nor size: a PROPFIND does
                    Optional<DavEntry> entry = etag == null ? entry(account, href) : Optional.empty();
                    return Optional.of(new DavFilePart(InputStream.nullInputStream(), entry.map(DavEntry::etag).orElse(etag),
                            entry.map(DavEntry::length).orElse(wholeSize(range).orElse(-1L))));
                }
                case 206 -> {
                    return Optional.of(new DavFilePart(response.body(), etag, wholeSize(range).orElse(-1L)));
                }
                default -> {
                    long size = response.header("Content-Length").map(Long::parseLong).orElse(-1L);
                    response.body().skipNBytes(size >= 0 ? Math.min(offset, size) : offset);
                    return Optional.of(new DavFilePart(response.body(), etag, size));
                }
            }
        } catch (IOException | NumberFormatException e) {
            try {
                response.close();
            } catch (IOException ignored) {
                // the failure reported is the read's
            }
            throw new TransientAdapterException("reading " + ProviderHttp.redact(href) + " up to byte " + offset + " failed: " + e.getMessage(), e);
        }
    }

    /** The whole size a {@code Content-Range} says after its '/' ({@code bytes 10-99/100}); empty if unknown. */
    private static Optional<Long> wholeSize(Optional<String> contentRange) {
        return contentRange.map(r -> r.substring(r.lastIndexOf('/') + 1).trim()).filter(t -> t.matches("\\d+")).map(Long::parseLong);
    }

    /**
     * Makes a plain collection (a folder; MKCOL, RFC 4918 §9.3); false when something is already at {@code href}
     * (405). Since 1.3.
     */
    public boolean makeFolder(DavAccount account, URI href) throws AdapterException {
        return request(account, "MKCOL", href).accept(405).send().status() != 405;
    }

    /**
     * The files and collections directly in {@code collection} (itself left out), from a depth-1 PROPFIND, with their
     * lengths, modification times and ETags, sorted by address. Since 1.3.
     */
    public List<DavEntry> listEntries(DavAccount account, URI collection) throws AdapterException {
        return withoutItself(propfindEntries(account, collection, "1", OnNotFound.FAIL), collection);
    }

    private static List<DavEntry> withoutItself(List<DavEntry> found, URI collection) {
        List<DavEntry> entries = new ArrayList<>();
        for (DavEntry entry : found) {
            if (!samePath(entry.href(), collection)) {
                entries.add(entry);
            }
        }
        entries.sort(Comparator.comparing(e -> e.href().toString()));
        return entries;
    }

    /**
     * As {@link #listEntries}, or empty when there is nothing at {@code collection} (404): for a drive's folder that
     * may not have been made yet, where {@link #listEntries}' 404 would be a failure. Since 1.6.
     */
    public Optional<List<DavEntry>> listEntriesIfFound(DavAccount account, URI collection) throws AdapterException {
        return propfindEntriesIfFound(account, collection, "1").map(found -> withoutItself(found, collection));
    }

    /** The file or collection at {@code href} (a depth-0 PROPFIND), or empty when there is none (404). Since 1.3. */
    public Optional<DavEntry> entry(DavAccount account, URI href) throws AdapterException {
        return propfindEntriesIfFound(account, href, "0").flatMap(found -> found.stream()
                .filter(e -> samePath(e.href(), href)).findFirst());
    }

    /** A PROPFIND's entries, or empty when nothing is at {@code href} (404). */
    private Optional<List<DavEntry>> propfindEntriesIfFound(DavAccount account, URI href, String depth) throws AdapterException {
        try {
            return Optional.of(propfindEntries(account, href, depth, OnNotFound.REJECT_ITEM));
        } catch (ProviderRejectedException e) {
            if (e.status() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private List<DavEntry> propfindEntries(DavAccount account, URI href, String depth, OnNotFound onNotFound)
            throws AdapterException {
        String body = DavXml.PROLOG + "<D:propfind" + DavXml.NAMESPACES + "><D:prop><D:resourcetype/>"
                + "<D:getcontentlength/><D:getlastmodified/><D:getetag/></D:prop></D:propfind>";
        Document doc = sendXml(account, "PROPFIND", href, body, Map.of("Depth", depth), onNotFound);
        List<DavEntry> out = new ArrayList<>();
        for (Element response : DavXml.children(doc.getDocumentElement(), DavXml.DAV, "response")) {
            URI at = resolveHref(href, response);
            Element prop = okProp(response);
            if (at == null || prop == null) {
                continue;
            }
            Element type = DavXml.child(prop, DavXml.DAV, "resourcetype");
            boolean collection = type != null && DavXml.child(type, DavXml.DAV, "collection") != null;
            out.add(new DavEntry(at, collection, length(DavXml.childText(prop, DavXml.DAV, "getcontentlength")),
                    httpDate(DavXml.childText(prop, DavXml.DAV, "getlastmodified")), DavXml.childText(prop, DavXml.DAV, "getetag")));
        }
        return out;
    }

    private static long length(String text) {
        try {
            return text == null ? -1 : Long.parseLong(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** A {@code getlastmodified} value (an HTTP date, RFC 4918 §15.7), null when absent or unreadable. */
    private static Instant httpDate(String text) {
        try {
            return text == null ? null : DateTimeFormatter.RFC_1123_DATE_TIME.parse(text, Instant::from);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /**
     * Creates an address book (extended MKCOL, RFC 5689) or a calendar (MKCALENDAR, RFC 4791 §5.3.1) taking
     * {@code components}, with a display name and description. Returns false when something is already at
     * {@code href} (405, RFC 4918 §9.3.1; or MKCALENDAR's resource-must-be-null), which the caller then inspects.
     */
    public boolean makeCollection(DavAccount account, URI href, DavService service, String displayName, String description,
                                  List<String> components) throws AdapterException {
        StringBuilder props = new StringBuilder("<D:prop>");
        if (service == DavService.CARDDAV) {
            props.append("<D:resourcetype><D:collection/><A:addressbook/></D:resourcetype>");
        }
        props.append("<D:displayname>").append(DavXml.escape(displayName)).append("</D:displayname>");
        if (description != null) {
            String prefix = service == DavService.CARDDAV ? "A:" : "C:";
            props.append('<').append(prefix).append(service.descriptionProperty()).append('>').append(DavXml.escape(description))
                    .append("</").append(prefix).append(service.descriptionProperty()).append('>');
        }
        if (service == DavService.CALDAV && !components.isEmpty()) {
            props.append("<C:supported-calendar-component-set>");
            components.forEach(c -> props.append("<C:comp name=\"").append(DavXml.escape(c)).append("\"/>"));
            props.append("</C:supported-calendar-component-set>");
        }
        props.append("</D:prop>");
        String method = service == DavService.CARDDAV ? "MKCOL" : "MKCALENDAR";
        String root = service == DavService.CARDDAV ? "D:mkcol" : "C:mkcalendar";
        String body = DavXml.PROLOG + "<" + root + DavXml.NAMESPACES + "><D:set>" + props + "</D:set></" + root + ">";
        try {
            return xmlRequest(account, method, href, body).accept(405).send().status() != 405;
        } catch (ProviderRejectedException e) {
            // MKCALENDAR on an existing resource fails its DAV:resource-must-be-null precondition (RFC 4791 §5.3.1.1)
            if ((e.status() == 409 || e.status() == 403)
                    && e.answer().map(ProviderAnswer::bodyText).orElse("").contains("resource-must-be-null")) {
                return false;
            }
            throw e;
        }
    }

    /**
     * The href in property {@code local} of {@code at} (same-origin redirects followed); null when the server has none
     * there, refuses the request, redirects elsewhere or points to another server.
     */
    private URI hrefProperty(DavAccount account, URI at, String ns, String local) throws AdapterException {
        String body = DavXml.PROLOG + "<D:propfind" + DavXml.NAMESPACES + "><D:prop><X:" + local + " xmlns:X=\"" + ns
                + "\"/></D:prop></D:propfind>";
        ProviderResponse response;
        try {
            response = xmlRequest(account, "PROPFIND", at, body).header("Depth", "0").onNotFound(OnNotFound.REJECT_ITEM)
                    .accept(301, 302, 303, 307, 308).send();
        } catch (ProviderRejectedException e) {
            return null; // 404, 405, 501...: not here; the caller tries the next place
        }
        if (response.status() >= 300) {
            return null; // a redirect not followed: to another server
        }
        URI target = response.uri();
        Document doc = xml(response.body(), "PROPFIND", target);
        for (Element r : DavXml.children(doc.getDocumentElement(), DavXml.DAV, "response")) {
            Element prop = okProp(r);
            Element value = prop == null ? null : DavXml.child(prop, ns, local);
            String href = value == null ? null : DavXml.childText(value, DavXml.DAV, "href");
            if (href != null) {
                URI found = target.resolve(URI.create(href.trim()));
                if (!ProviderHttp.sameOrigin(found, at)) {
                    LOG.info("{}: {} points to another server; not followed", provider, local);
                    return null;
                }
                return found;
            }
        }
        return null;
    }

    /**
     * A request for {@code account}: its Basic authorization, its host checked as the account's transfer requires, by
     * its deadline. Every request here may reach the server twice: PROPFIND, REPORT and GET read; a repeated
     * conditional PUT or MKCOL finds its precondition false (412, 405), which callers take as "already there".
     */
    private ProviderRequest request(DavAccount account, String method, URI uri) {
        return http.withOutbound(account.operatorTransfer() ? outbound.forOperator() : outbound)
                .withSigner(request -> request.setHeader("Authorization", account.authorization()))
                .request(method, uri).deadline(account.deadline().orElse(null)).idempotent();
    }

    private ProviderRequest xmlRequest(DavAccount account, String method, URI uri, String body) {
        return request(account, method, uri).body(body.getBytes(StandardCharsets.UTF_8), XML);
    }

    private Document sendXml(DavAccount account, String method, URI uri, String body, Map<String, String> headers,
                             OnNotFound onNotFound) throws AdapterException {
        ProviderRequest request = xmlRequest(account, method, uri, body).onNotFound(onNotFound);
        headers.forEach(request::header);
        return xml(request.send().body(), method, uri);
    }

    private Document xml(byte[] bytes, String method, URI uri) throws AdapterException {
        try {
            return DavXml.parse(bytes);
        } catch (SAXException | IOException e) {
            LOG.debug("{} {} {}: unreadable XML: {}", provider, method, ProviderHttp.redact(uri), e.getMessage());
            throw new DavAnswerUnreadableException(provider + " answered " + method + (uri == null ? "" : " " + ProviderHttp.redact(uri))
                    + " with something that is not WebDAV XML: " + e.getMessage(), e);
        }
    }

    /** The absolute address of a multistatus response's href. */
    private static URI resolveHref(URI base, Element response) {
        String href = DavXml.childText(response, DavXml.DAV, "href");
        if (href == null) {
            return null;
        }
        try {
            return base.resolve(URI.create(href));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The prop of the response's propstat whose status is 200, null if none. */
    private static Element okProp(Element response) {
        for (Element propstat : DavXml.children(response, DavXml.DAV, "propstat")) {
            String status = DavXml.childText(propstat, DavXml.DAV, "status");
            if (status == null || status.contains(" 200")) {
                return DavXml.child(propstat, DavXml.DAV, "prop");
            }
        }
        return null;
    }

    private static int statusOf(Element response) {
        String status = DavXml.childText(response, DavXml.DAV, "status");
        if (status != null) {
            String[] parts = status.split(" ");
            if (parts.length > 1 && parts[1].matches("\\d{3}")) {
                return Integer.parseInt(parts[1]);
            }
        }
        return 404;
    }

    static boolean samePath(URI a, URI b) {
        return trimSlash(a.getPath()).equals(trimSlash(b.getPath()));
    }

    private static String trimSlash(String path) {
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** The settings of a {@link DavClient}. */
    public static final class Builder {
        private final String provider;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration requestTimeout = Duration.ofSeconds(60);
        private RateLimiter limiter = RateLimiter.unlimited();
        private long maxResponseBytes = 64L << 20;
        private SSLContext sslContext;
        private OutboundAddresses outbound;

        private Builder(String provider) {
            if (provider == null || provider.isBlank()) {
                throw new IllegalArgumentException("a provider name is needed for messages");
            }
            this.provider = provider;
        }

        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = Objects.requireNonNull(timeout);
            return this;
        }

        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = Objects.requireNonNull(timeout);
            return this;
        }

        public Builder rateLimiter(RateLimiter limiter) {
            this.limiter = Objects.requireNonNull(limiter);
            return this;
        }

        /** The largest answer read (a multistatus or a resource); a larger one fails. */
        public Builder maxResponseBytes(long bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("maxResponseBytes must be positive");
            }
            this.maxResponseBytes = bytes;
            return this;
        }

        /**
         * Trusts only the certificates in the key store at {@code path} (type {@code type}, e.g. PKCS12, JKS)
         * for HTTPS, in place of the JVM's default trust store: for servers with a private CA or a self-signed
         * certificate. {@code path} null keeps the default.
         */
        public Builder trustStore(Path path, String type, char[] password) {
            if (path == null) {
                this.sslContext = null;
                return this;
            }
            this.sslContext = TrustStores.sslContext(path, type, password);
            return this;
        }

        /** Checks the host of every request (required): the addresses come from users' settings. */
        public Builder outbound(OutboundAddresses outbound) {
            this.outbound = Objects.requireNonNull(outbound);
            return this;
        }

        public DavClient build() {
            if (outbound == null) {
                throw new IllegalStateException("a DavClient needs the OutboundAddresses to check its hosts");
            }
            ProviderHttp http = ProviderHttp.builder(provider).connectTimeout(connectTimeout).requestTimeout(requestTimeout)
                    .rateLimiter(limiter).maxJsonBytes(maxResponseBytes).sslContext(sslContext).outbound(outbound)
                    .userAgent("dtp-" + provider.toLowerCase(Locale.ROOT)).answerPolicy(new DavRefusals(provider)).build();
            return new DavClient(this, http);
        }
    }
}
