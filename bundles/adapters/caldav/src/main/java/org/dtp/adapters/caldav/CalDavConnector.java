package org.dtp.adapters.caldav;

import org.dtp.formats.fidelity.RecordDifferences;
import org.dtp.formats.ical.ICalendarFormat;
import org.dtp.formats.ical.ICalendarObjects;
import org.dtp.formats.ical.MalformedICalendarException;
import org.dtp.models.ExtendedProperty;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ImportContext;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.RateLimiter;
import org.dtp.spi.net.OutboundAddresses;
import org.dtp.webdav.CollectionPager;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavClient;
import org.dtp.webdav.DavCollection;
import org.dtp.webdav.DavPutResult;
import org.dtp.webdav.DavResource;
import org.dtp.webdav.DavService;
import org.dtp.webdav.ResourceNames;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * What the CalDAV exporters and importers (events and tasks) share: one DAV client (one rate limiter) for all of
 * this server's CalDAV requests, the limits, and the collection and resource handling both verticals use.
 * Reconfiguring it restarts all four services.
 */
@Component(service = CalDavConnector.class, configurationPid = CalDavConfig.PID)
@Designate(ocd = CalDavConfig.class)
public final class CalDavConnector {
    /** How often a resource changed by someone else between our GET and PUT is read and merged again. */
    private static final int MERGE_ATTEMPTS = 3;
    /** The PRODID of the iCalendar objects this adapter creates (RFC 5545 §3.7.3). */
    private static final String PRODID = "-//dtp//CalDAV adapter//EN";

    private final DavClient client;
    private final CollectionPager pager;

    @Activate
    public CalDavConnector(CalDavConfig config, @Reference OutboundAddresses outbound) {
        this(client(config, outbound), config.multigetBatchSize());
    }

    CalDavConnector(DavClient client, int batchSize) {
        this.client = client;
        this.pager = new CollectionPager(client, batchSize);
    }

    private static DavClient client(CalDavConfig c, OutboundAddresses outbound) {
        String store = c.trustStore() == null ? "" : c.trustStore().trim();
        return DavClient.builder("CalDAV")
                .rateLimiter(RateLimiter.perSecond(c.requestsPerSecond()))
                .requestTimeout(Duration.ofSeconds(Math.max(1, c.requestTimeoutSeconds())))
                .trustStore(store.isEmpty() ? null : Path.of(store), c.trustStoreType(), c.trustStorePassword().toCharArray())
                .outbound(outbound)
                .build();
    }

    DavClient client() {
        return client;
    }

    DavAccount account(TransferEndpoint endpoint) throws InvalidEndpointException {
        return DavAccount.of(endpoint);
    }

    /** The account of the context's endpoint, for its transfer (an operators' one may be exempt from the address check). */
    DavAccount account(org.dtp.spi.TransferContext context) throws InvalidEndpointException {
        return DavAccount.of(context);
    }

    /** The account's calendars that take {@code component} (VEVENT or VTODO), in address order. */
    List<DavCollection> collections(DavAccount account, String component) throws AdapterException {
        URI home = client.discoverHome(account, DavService.CALDAV);
        List<DavCollection> out = new ArrayList<>();
        for (DavCollection c : client.listCollections(account, home, DavService.CALDAV)) {
            if (c.accepts(component)) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * A page of the calendar {@code containerId}, after {@code continuation}: of the resources changed since the last
     * transfer where the server keeps a change feed ({@link CollectionPager}).
     */
    CollectionPager.Page page(org.dtp.spi.TransferContext context, DavAccount account, String containerId,
                              String continuation) throws AdapterException {
        DavCollection collection = client.collection(account, at(account, containerId))
                .orElseThrow(() -> new AdapterException("the calendar " + containerId + " is no longer on the server"));
        return pager.page(context, account, collection, DavService.CALDAV, continuation);
    }

    /**
     * Creates (or finds, on a repeated import of the same key) the calendar {@code dtp-<hash>} in the account's home,
     * taking {@code component}; its path.
     */
    String calendar(ImportContext context, String key, String name, String description, String component)
            throws AdapterException {
        DavAccount account = account(context);
        URI home = client.discoverHome(account, DavService.CALDAV);
        URI href = home.resolve(ResourceNames.collection(context.jobId(), key) + "/");
        if (!client.makeCollection(account, href, DavService.CALDAV, name, description, List.of(component))) {
            DavCollection existing = client.collection(account, href).orElseThrow(() -> new TransientAdapterException(
                    "CalDAV refused to create " + href.getPath() + " (405) but shows nothing there", null));
            if (!existing.is(DavService.CALDAV)) {
                throw new AdapterException(href.getPath() + " exists and is not a calendar");
            }
        }
        return href.getPath();
    }

    /** The UID an item is written with: its own, or one derived from the job and key (the same on every attempt). */
    static String uidOf(UUID jobId, String key, String uid) {
        return uid != null && !uid.isBlank() ? uid
                : "urn:uuid:" + UUID.nameUUIDFromBytes((jobId + "\n" + key).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes one component into the calendar at {@code calendarPath}: into the resource of its UID (named from the
     * job and the UID, so that a master and its changed occurrences share one resource, RFC 4791 §4.1), created with
     * {@code If-None-Match: *} or, when it exists, merged with {@code If-Match} on its ETag. A component already there
     * (same UID and RECURRENCE-ID: a repeated import) is left alone. Returns the resource's path.
     *
     * @param occurrence {@code ""} for a master, else the RECURRENCE-ID text
     * @param tzids      the TZIDs the component uses, whose VTIMEZONE must be in the resource
     */
    String putComponent(ImportContext context, String sourceId, String calendarPath, String uid, String occurrence,
                        String componentName, String componentText, Set<String> tzids, List<ExtendedProperty> extended)
            throws AdapterException {
        DavAccount account = account(context);
        URI calendar = at(account, calendarPath.endsWith("/") ? calendarPath : calendarPath + "/");
        URI href = calendar.resolve(ResourceNames.resource(context.jobId(), "uid:" + uid, ".ics"));
        for (int attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
            Optional<DavResource> existing = client.get(account, href);
            if (existing.isEmpty()) {
                String text = ICalendarObjects.object(PRODID, zones(context, sourceId, tzids, extended, Set.of()), List.of(componentText));
                if (client.put(account, href, text, DavService.CALDAV.contentType(), null).outcome() == DavPutResult.Outcome.CREATED) {
                    return href.getPath();
                }
                continue; // made meanwhile (an earlier attempt whose answer was lost): merge into it
            }
            String current = existing.get().data();
            if (occurrences(current, componentName).contains(occurrence)) {
                return href.getPath();
            }
            List<String> missing = zones(context, sourceId, tzids, extended, ICalendarFormat.vtimezones(current).keySet());
            String merged = ICalendarObjects.insert(current, missing, componentText);
            String etag = existing.get().etag();
            if (etag == null) {
                throw new AdapterException("CalDAV gave no ETag for " + href.getPath() + ": it cannot be changed safely");
            }
            if (client.put(account, href, merged, DavService.CALDAV.contentType(), etag).outcome() == DavPutResult.Outcome.REPLACED) {
                return href.getPath();
            }
        }
        throw new TransientAdapterException(href.getPath() + " kept changing while it was merged into", null);
    }

    /**
     * Replaces, in the resource at {@code path}, the one component that stands for {@code occurrence} ({@code ""} the
     * master, else its RECURRENCE-ID text) with the one {@code writer} writes for the resource's UID (kept: a server
     * refuses a resource whose UID changes, RFC 4791 §5.3.2.1), PUT with {@code If-Match} on the ETag read. The
     * resource holds a series' master and its changed occurrences; each of them is an item of its own, so the others
     * keep their exact lines: replacing the whole object would drop overrides the source still has, or that are updated
     * as items of their own. A resource or occurrence gone since cannot be updated; one changed on the server between
     * the GET and the PUT (412) is tried again by the engine. Returns the component written.
     */
    String replaceComponent(ImportContext context, String sourceId, String path, String occurrence, String componentName,
                          ComponentWriter writer, Set<String> tzids, List<ExtendedProperty> extended) throws AdapterException {
        DavAccount account = account(context);
        URI href = at(account, path);
        DavResource stored = client.get(account, href)
                .orElseThrow(() -> new ItemNotUpdatableException(path + " is no longer on the server"));
        if (stored.etag() == null) {
            throw new ItemNotUpdatableException("the server gives no ETag for " + path + " to replace it safely");
        }
        String uid = ICalendarObjects.uid(stored.data())
                .orElseThrow(() -> new ItemNotUpdatableException(path + " on the server has no UID"));
        List<String> missing = zones(context, sourceId, tzids, extended, ICalendarFormat.vtimezones(stored.data()).keySet());
        String component = writer.write(uid);
        String replaced;
        try {
            replaced = ICalendarObjects.replace(stored.data(), componentName, occurrence, missing, component)
                    .orElseThrow(() -> new ItemNotUpdatableException(path + " on the server no longer holds "
                            + (occurrence.isEmpty() ? "the item" : "the occurrence " + occurrence)));
        } catch (MalformedICalendarException e) {
            throw new ItemNotUpdatableException(path + " on the server cannot be read: " + e.getMessage());
        }
        if (client.put(account, href, replaced, DavService.CALDAV.contentType(), stored.etag()).outcome()
                == DavPutResult.Outcome.PRECONDITION_FAILED) {
            throw new TransientAdapterException(path + " changed on the server meanwhile", null);
        }
        return component;
    }

    /** Writes an item's component with a given UID. */
    interface ComponentWriter {
        String write(String uid) throws AdapterException;
    }

    /**
     * Reads back the resource at {@code path} and reports each field of the item the server did not store as sent:
     * servers rewrite what they store, and the fidelity report must say so. {@code storedOf} finds the item among those
     * read from an object's text, as {@link ComparableComponents} makes them: from the object {@code sentText} was sent
     * in, and from what the server holds. A server that parses a property it does not know as TEXT (Radicale
     * 3.1.8's vobject) cuts its URI value at the first ',' (Apple's
     * {@code X-APPLE-STRUCTURED-LOCATION;VALUE=URI:geo:48.85,2.35}): the component is then written once more by
     * {@code escaped} (null when escaping changes none of its values), with such values TEXT-escaped, which that server keeps and dtp reads back as the URI it was
     * ({@link ICalendarFormat#textEscapedUris}); servers that keep a value as sent get it unescaped, as clients write it.
     */
    <I extends Record> void reportWhatTheServerChanged(ImportContext context, String sourceId, String path, String occurrence,
            String componentName, String sentText, Set<String> tzids, List<ExtendedProperty> extended, StoredItem<I> storedOf,
            ComponentWriter escaped, List<ExtendedProperty> escapedExtended) throws AdapterException {
        I sent;
        try {
            sent = storedOf.find(objectOf(sentText, tzids, extended)).orElse(null);
        } catch (MalformedICalendarException e) {
            return; // sent with a TZID it has no VTIMEZONE for (putComponent reported it): no reader takes it back, dtp's neither
        }
        if (sent == null) {
            return; // not read back from its own text as the same item: nothing to compare the server's with
        }
        Optional<List<RecordDifferences.Difference>> changed = whatTheServerChanged(context, sourceId, path, sent, storedOf);
        if (escaped != null && changed.isPresent() && changed.get().stream().anyMatch(CalDavConnector::isUriCutAtComma)) {
            try {
                replaceComponent(context, sourceId, path, occurrence, componentName, escaped, tzids, escapedExtended);
                changed = whatTheServerChanged(context, sourceId, path, sent, storedOf);
            } catch (ItemNotUpdatableException e) {
                // The item is stored; it cannot be sent again (no ETag, or gone): what the server changed is reported.
            }
        }
        I compared = sent;
        changed.ifPresent(differences -> differences.forEach(d -> {
            String property = ICalendarFormat.propertyAt(compared, d.path());
            context.reportNotKept(sourceId, d.path(), (property == null ? "" : property + ": ") + d.before()
                    + " stored by the server as " + d.after());
        }));
    }

    /** Each field the server stored other than sent; empty, reported, when it shows no such item there or one it cannot read. */
    private <I extends Record> Optional<List<RecordDifferences.Difference>> whatTheServerChanged(ImportContext context,
            String sourceId, String path, I sent, StoredItem<I> storedOf) throws AdapterException {
        DavResource stored = client.get(account(context), at(account(context), path))
                .orElseThrow(() -> new TransientAdapterException("CalDAV shows nothing at " + path + " after the PUT", null));
        Optional<I> kept;
        try {
            kept = storedOf.find(stored.data());
        } catch (MalformedICalendarException e) {
            context.reportNotKept(sourceId, "*", "the server stored an object that cannot be read back: " + e.getMessage());
            return Optional.empty();
        }
        if (kept.isEmpty()) {
            context.reportNotKept(sourceId, "*", "the server does not show the item in " + path + " after the PUT");
            return Optional.empty();
        }
        return Optional.of(RecordDifferences.between(sent, kept.get()).stream().filter(d -> !d.path().equals("id")).toList());
    }

    /** An extended property's value (the item's or an alarm's) the server stored only up to a ',' of it. */
    private static boolean isUriCutAtComma(RecordDifferences.Difference d) {
        return d.path().matches("(alarms\\[\\d+]\\.)?extended\\[\\d+]\\.value") && d.before() instanceof String before
                && d.after() instanceof String after && before.startsWith(after) && before.length() > after.length()
                && before.charAt(after.length()) == ',';
    }

    /** The item of an importer among those of a stored object's text. */
    interface StoredItem<I> {
        Optional<I> find(String storedText) throws MalformedICalendarException;
    }

    /** The object {@code componentText} is sent in: with the VTIMEZONEs it names, none reported (putComponent does). */
    static String objectOf(String componentText, Set<String> tzids, List<ExtendedProperty> extended) {
        return ICalendarObjects.object(PRODID, ICalendarObjects.vtimezonesFor(tzids, extended, Set.of(), tzid -> { }),
                List.of(componentText));
    }

    /** The VTIMEZONE texts for {@code tzids} not in {@code present}; a TZID without one is reported as not kept. */
    private static List<String> zones(ImportContext context, String sourceId, Set<String> tzids, List<ExtendedProperty> extended,
                                      Collection<String> present) {
        return ICalendarObjects.vtimezonesFor(tzids, extended, present,
                tzid -> context.reportNotKept(sourceId, "timeZones[" + tzid + "]", ICalendarObjects.NO_VTIMEZONE));
    }

    private static Set<String> occurrences(String resource, String componentName) throws AdapterException {
        try {
            return ICalendarFormat.occurrences(resource, componentName);
        } catch (MalformedICalendarException e) {
            throw new AdapterException("the calendar resource to merge into cannot be read: " + e.getMessage());
        }
    }

    /** The absolute address of a path this adapter made an id of; only paths on the account's own server. */
    static URI at(DavAccount account, String path) throws AdapterException {
        if (path == null || !path.startsWith("/") || path.startsWith("//")) {
            throw new AdapterException("'" + path + "' is not a CalDAV path of this adapter");
        }
        try {
            return account.url().resolve(new URI(null, null, path, null));
        } catch (URISyntaxException e) {
            throw new AdapterException("'" + path + "' is not a CalDAV path: " + e.getMessage());
        }
    }
}
