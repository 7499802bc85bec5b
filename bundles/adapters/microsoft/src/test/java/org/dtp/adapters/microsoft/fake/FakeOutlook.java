package org.dtp.adapters.microsoft.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.InternetHeaders;
import jakarta.mail.internet.MimeUtility;
import org.dtp.spi.http.FormEncoding;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UnsupportedEncodingException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Outlook part of the fake Graph (contacts, calendars, mail) for one user, following the public documents:
 * <ul>
 * <li>contacts: https://learn.microsoft.com/en-us/graph/api/resources/contact, user-list-contacts, user-post-contacts,
 *     user-list-contactfolders, contactfolder-list-childfolders, contactfolder-post-contacts (the default folder is
 *     {@code /me/contacts}; {@code /me/contactFolders} are its child folders);</li>
 * <li>calendars: https://learn.microsoft.com/en-us/graph/api/resources/event, user-list-calendars, calendar-list-events,
 *     calendar-post-events, event-list-instances ({@code startDateTime}/{@code endDateTime}, occurrences and
 *     exceptions with {@code originalStart} and {@code seriesMasterId}), event-update (a PATCH of an occurrence makes it
 *     an exception), event-delete (a deleted occurrence is no longer among the instances), {@code originalStartTimeZone}; times answered in the zone of {@code Prefer: outlook.timezone}
 *     (UTC without it) and bodies as text with {@code Prefer: outlook.body-content-type="text"}
 *     (https://learn.microsoft.com/en-us/graph/api/user-list-events#request-headers);</li>
 * <li>mail: https://learn.microsoft.com/en-us/graph/api/resources/mailfolder (well-known folder names),
 *     user-list-mailfolders, mailfolder-list-childfolders, mailfolder-list-messages, user-post-messages (MIME as
 *     base64 in a {@code text/plain} body, 400 {@code ErrorMimeContentInvalidBase64String}; the message is a draft),
 *     message-update, message-get ({@code /$value}: the MIME), {@code internetMessageHeaders} only with
 *     {@code $select}; requests over 4 MB answer 413
 *     (https://learn.microsoft.com/en-us/graph/outlook-large-attachments);</li>
 * <li>delta queries of contacts and messages: https://learn.microsoft.com/en-us/graph/api/contact-delta,
 *     https://learn.microsoft.com/en-us/graph/api/message-delta, https://learn.microsoft.com/en-us/graph/delta-query-overview
 *     ({@code …/contacts/delta}, {@code …/messages/delta}: a round's pages of at most {@code Prefer: odata.maxpagesize}
 *     items follow {@code @odata.nextLink}, its last page carries the {@code @odata.deltaLink} of the next round, which
 *     lists what was added or changed since; the query options of the round's first request hold for all of it; an
 *     expired delta link answers 410 Gone {@code syncStateNotFound});</li>
 * <li>extended properties: https://learn.microsoft.com/en-us/graph/api/singlevaluelegacyextendedproperty-get
 *     ({@code $expand=singleValueExtendedProperties($filter=id eq '…')}, {@code $filter=singleValueExtendedProperties/Any(ep:
 *     ep/id eq '…' and ep/value eq '…')}), and {@code $filter=internetMessageId eq '…'}; other filters answer 400.</li>
 * </ul>
 * Recurring series expand every pattern type of https://learn.microsoft.com/en-us/graph/api/resources/recurrencepattern
 * (daily, weekly, absoluteMonthly, relativeMonthly, absoluteYearly, relativeYearly, with their {@code interval},
 * {@code month}, {@code dayOfMonth}, {@code daysOfWeek} and {@code index}) over the range of
 * https://learn.microsoft.com/en-us/graph/api/resources/recurrencerange; a series without an end goes on as far as
 * a request looks. A day of the month a month lacks (the 31st, February 29th) has no occurrence that month.
 */
public final class FakeOutlook {
    public static final String USER_ADDRESS = "megan@contoso.example";
    private static final int MAX_REQUEST_BYTES = 4 * 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter GRAPH_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSS");
    private static final Pattern PROPERTY_FILTER = Pattern.compile(
            "singleValueExtendedProperties/Any\\(ep: ep/id eq '((?:[^']|'')*)' and ep/value eq '((?:[^']|'')*)'\\)");
    private static final Pattern MESSAGE_ID_FILTER = Pattern.compile("internetMessageId eq '((?:[^']|'')*)'");
    private static final Pattern EXPAND = Pattern.compile("singleValueExtendedProperties\\(\\$filter=(.*)\\)");
    private static final Pattern EXPAND_ID = Pattern.compile("id eq '((?:[^']|'')*)'");
    private static final String DEFAULT_CONTACTS = "AAMkContactsDefault=";
    /**
     * Some Windows time zone names (https://learn.microsoft.com/en-us/graph/api/resources/datetimetimezone: "for
     * example, Pacific Standard Time") with their IANA zone for territory 001 of CLDR's windowsZones.xml.
     */
    private static final Map<String, String> WINDOWS_ZONES = Map.of(
            "W. Europe Standard Time", "Europe/Berlin",
            "GMT Standard Time", "Europe/London",
            "Eastern Standard Time", "America/New_York",
            "Pacific Standard Time", "America/Los_Angeles",
            "Tokyo Standard Time", "Asia/Tokyo");

    private final FakeGraph graph;
    private final AtomicInteger ids = new AtomicInteger();
    /** Folders of contacts, calendars and mail by id: each an object with id, a name field and parentFolderId. */
    private final Map<String, ObjectNode> folders = new LinkedHashMap<>();
    /** Items (contacts, events, messages) per folder id, in creation order. */
    private final Map<String, List<ObjectNode>> items = new HashMap<>();
    private final Map<String, byte[]> mime = new HashMap<>();
    /** Exceptions of a series by occurrence id. */
    private final Map<String, ObjectNode> exceptions = new LinkedHashMap<>();
    /** Deleted occurrences of series, by occurrence id: instances no longer lists them. */
    private final Set<String> cancelled = new HashSet<>();
    private final Map<String, String> wellKnown = new HashMap<>();
    private final String mailRoot;
    /** The change number of each contact and message: each creation or change takes the next, as delta tracks them. */
    private final Map<String, Long> changes = new HashMap<>();
    private long changeCount;
    /** Delta links name their generation: those of an earlier one have expired. */
    private int deltaGeneration;
    private String defaultCalendar;
    private boolean loseCreateAnswer;

    FakeOutlook(FakeGraph graph) {
        this.graph = graph;
        folders.put(DEFAULT_CONTACTS, JSON.createObjectNode().put("id", DEFAULT_CONTACTS).put("kind", "contacts").put("displayName", "Contacts"));
        items.put(DEFAULT_CONTACTS, new ArrayList<>());
        mailRoot = folder("mail", null, "Top of Information Store").path("id").asText();
        wellKnown.put("msgfolderroot", mailRoot);
        for (String[] known : new String[][]{{"inbox", "Inbox"}, {"drafts", "Drafts"}, {"sentitems", "Sent Items"},
                {"deleteditems", "Deleted Items"}, {"junkemail", "Junk Email"}, {"archive", "Archive"}}) {
            wellKnown.put(known[0], folder("mail", mailRoot, known[1]).path("id").asText());
        }
        defaultCalendar = calendar("Calendar");
    }

    // ---- seeding and inspection by tests

    public synchronized String calendar(String name) {
        ObjectNode calendar = folder("calendar", null, name);
        calendar.put("hexColor", "").put("canEdit", true).put("isDefaultCalendar", defaultCalendar == null);
        return calendar.path("id").asText();
    }

    public synchronized String contactFolder(String parentId, String name) {
        return folder("contacts", parentId == null ? DEFAULT_CONTACTS : parentId, name).path("id").asText();
    }

    public synchronized String mailFolder(String parentId, String name) {
        return folder("mail", parentId == null ? mailRoot : parentId, name).path("id").asText();
    }

    /** The default contact folder's id: its contacts are {@code /me/contacts}. */
    public String defaultContactFolder() {
        return DEFAULT_CONTACTS;
    }

    public synchronized String wellKnownFolder(String name) {
        return wellKnown.get(name);
    }

    /** Adds an item as a POST would; returns it as stored. */
    public synchronized ObjectNode add(String folderId, String json) throws IOException {
        ObjectNode folder = folders.get(folderId);
        ObjectNode item = (ObjectNode) JSON.readTree(json);
        return switch (folder.path("kind").asText()) {
            case "contacts" -> contact(folderId, item);
            case "calendar" -> event(folderId, item);
            default -> throw new IllegalArgumentException("messages are added with addMessage");
        };
    }

    public synchronized ObjectNode addMessage(String folderId, byte[] bytes) throws IOException {
        return message(folderId, bytes);
    }

    /** Changes the occurrence of series {@code masterId} that originally starts at {@code originalStart} (UTC), as Outlook would. */
    public synchronized ObjectNode changeOccurrence(String masterId, String originalStart, String patchJson) throws IOException {
        return exception(master(masterId), LocalDate.ofInstant(Instant.parse(originalStart), ZoneOffset.UTC).plusDays(1),
                o -> originalStart.equals(o.path("originalStart").asText()), (ObjectNode) JSON.readTree(patchJson));
    }

    /** Changes a contact or message as the user would (its fields replaced by those of {@code patchJson}). */
    public synchronized void change(String itemId, String patchJson) throws IOException {
        ObjectNode item = items.values().stream().flatMap(List::stream).filter(i -> itemId.equals(i.path("id").asText()))
                .findFirst().orElseThrow();
        item.setAll((ObjectNode) JSON.readTree(patchJson));
        item.put("lastModifiedDateTime", Instant.now().toString());
        changed(item);
    }

    /** Every delta link given so far expires: using one answers 410 Gone. */
    public synchronized void expireDeltaLinks() {
        deltaGeneration++;
    }

    public synchronized List<ObjectNode> items(String folderId) {
        return items.getOrDefault(folderId, List.of()).stream().map(ObjectNode::deepCopy).toList();
    }

    public synchronized List<ObjectNode> foldersNamed(String name) {
        return folders.values().stream().filter(f -> name.equals(f.path("displayName").asText(f.path("name").asText())))
                .map(ObjectNode::deepCopy).toList();
    }

    public synchronized byte[] mime(String messageId) {
        return mime.get(messageId);
    }

    /** The next POST that creates a contact or an event creates it, but its answer is lost with the connection. */
    public synchronized void loseNextCreateAnswer() {
        loseCreateAnswer = true;
    }

    public synchronized int cancelledCount() {
        return cancelled.size();
    }

    /** The days (in the series' zone) of the instances of series {@code masterId} that start in [from, to), as instances lists them. */
    public synchronized List<String> instanceDays(String masterId, String from, String to) {
        return instances(master(masterId), Instant.parse(from), Instant.parse(to)).stream()
                .map(o -> o.path("start").path("dateTime").asText().substring(0, 10)).toList();
    }

    public synchronized int exceptionCount() {
        return exceptions.size();
    }

    boolean handles(String path) {
        return path.matches("/v1\\.0/me/(contacts|contactFolders|calendars|calendar|events|mailFolders|messages)(/.*)?");
    }

    // ---- requests (called with the FakeGraph's lock held)

    synchronized void handle(HttpExchange x, String rest) throws IOException {
        String[] p = rest.split("/");
        for (int i = 0; i < p.length; i++) {
            p[i] = FormEncoding.percentDecode(p[i]);
        }
        String method = x.getRequestMethod();
        String route = method + " " + p[0] + (p.length > 1 ? "/{id}" : "") + (p.length > 2 ? "/" + p[2] : "") + (p.length > 3 ? "/more" : "");
        switch (route) {
            case "GET contacts" -> list(x, DEFAULT_CONTACTS);
            case "GET contacts/{id}" -> {
                if (p[1].equals("delta")) {
                    delta(x, DEFAULT_CONTACTS);
                } else {
                    notFound(x);
                }
            }
            case "GET contactFolders/{id}/contacts/more", "GET mailFolders/{id}/messages/more" -> {
                ObjectNode folder = folder(p[1], kindOf(p[0]));
                if (folder == null || p.length != 4 || !p[3].equals("delta")) {
                    notFound(x);
                } else {
                    delta(x, folder.path("id").asText());
                }
            }
            case "POST contacts" -> created(x, contact(DEFAULT_CONTACTS, body(x)));
            case "GET contactFolders" -> listFolders(x, "contacts", DEFAULT_CONTACTS);
            case "POST contactFolders" -> createFolder(x, "contacts", DEFAULT_CONTACTS, "displayName");
            case "GET contactFolders/{id}", "GET mailFolders/{id}" -> {
                ObjectNode folder = folder(p[1], p[0].equals("contactFolders") ? "contacts" : "mail");
                if (folder == null) {
                    notFound(x);
                } else {
                    send(x, 200, view(folder));
                }
            }
            case "GET contactFolders/{id}/childFolders", "GET mailFolders/{id}/childFolders" -> {
                ObjectNode folder = folder(p[1], p[0].equals("contactFolders") ? "contacts" : "mail");
                if (folder == null) {
                    notFound(x);
                } else {
                    listFolders(x, folder.path("kind").asText(), folder.path("id").asText());
                }
            }
            case "POST contactFolders/{id}/childFolders", "POST mailFolders/{id}/childFolders" -> {
                ObjectNode folder = folder(p[1], p[0].equals("contactFolders") ? "contacts" : "mail");
                if (folder == null) {
                    notFound(x);
                } else {
                    createFolder(x, folder.path("kind").asText(), folder.path("id").asText(), "displayName");
                }
            }
            case "GET contactFolders/{id}/contacts", "GET calendars/{id}/events", "GET mailFolders/{id}/messages" -> {
                ObjectNode folder = folder(p[1], kindOf(p[0]));
                if (folder == null) {
                    notFound(x);
                } else {
                    list(x, folder.path("id").asText());
                }
            }
            case "POST contactFolders/{id}/contacts", "POST calendars/{id}/events" -> {
                ObjectNode folder = folder(p[1], kindOf(p[0]));
                if (folder == null) {
                    notFound(x);
                } else {
                    ObjectNode body = body(x);
                    created(x, p[0].equals("calendars") ? event(folder.path("id").asText(), body)
                            : contact(folder.path("id").asText(), body));
                }
            }
            case "GET calendars" -> listFolders(x, "calendar", null);
            case "POST calendars" -> createFolder(x, "calendar", null, "name");
            case "GET calendar/{id}" -> {
                if (p[1].equals("events")) {
                    list(x, defaultCalendar);
                } else {
                    notFound(x);
                }
            }
            case "POST calendar/{id}" -> {
                if (p[1].equals("events")) {
                    created(x, event(defaultCalendar, body(x)));
                } else {
                    notFound(x);
                }
            }
            case "GET events/{id}/instances" -> instances(x, p[1]);
            case "PATCH events/{id}" -> updateEvent(x, p[1]);
            case "DELETE events/{id}" -> deleteOccurrence(x, p[1]);
            case "GET mailFolders" -> listFolders(x, "mail", mailRoot);
            case "POST mailFolders" -> createFolder(x, "mail", mailRoot, "displayName");
            case "POST mailFolders/{id}/messages" -> {
                ObjectNode folder = folder(p[1], "mail");
                if (folder == null) {
                    notFound(x);
                } else {
                    postMime(x, folder.path("id").asText());
                }
            }
            case "PATCH messages/{id}" -> updateMessage(x, p[1]);
            case "GET messages/{id}/$value" -> {
                byte[] bytes = mime.get(p[1]);
                if (bytes == null) {
                    notFound(x);
                    return;
                }
                x.getResponseHeaders().set("Content-Type", "text/plain");
                x.sendResponseHeaders(200, bytes.length);
                x.getResponseBody().write(bytes);
            }
            default -> FakeGraph.error(x, 400, "BadRequest", "Resource not found for the segment '" + rest + "'.");
        }
    }

    /** Answers 201 with a contact or event just created, unless its answer is to be lost ({@link #loseNextCreateAnswer}). */
    private void created(HttpExchange x, ObjectNode item) throws IOException {
        if (loseCreateAnswer) {
            loseCreateAnswer = false;
            throw new FakeGraph.DroppedConnection();
        }
        send(x, 201, view(item, x, Map.of()));
    }

    private static String kindOf(String segment) {
        return switch (segment) {
            case "contactFolders" -> "contacts";
            case "calendars" -> "calendar";
            default -> "mail";
        };
    }

    /** A folder by id, or (mail) by well-known name; null when there is none of that kind. */
    private ObjectNode folder(String id, String kind) {
        ObjectNode folder = folders.get(kind.equals("mail") && wellKnown.containsKey(id.toLowerCase(Locale.ROOT))
                ? wellKnown.get(id.toLowerCase(Locale.ROOT)) : id);
        return folder != null && kind.equals(folder.path("kind").asText()) && !folder.path("id").asText().equals(DEFAULT_CONTACTS)
                ? folder : null;
    }

    private ObjectNode folder(String kind, String parentId, String name) {
        String id = "AAMk" + kind + ids.incrementAndGet() + "=";
        ObjectNode folder = JSON.createObjectNode().put("id", id).put("kind", kind);
        folder.put(kind.equals("calendar") ? "name" : "displayName", name);
        if (parentId != null) {
            folder.put("parentFolderId", parentId);
        }
        if (kind.equals("mail")) {
            folder.put("childFolderCount", 0).put("unreadItemCount", 0).put("totalItemCount", 0).put("isHidden", false);
        }
        folders.put(id, folder);
        items.put(id, new ArrayList<>());
        return folder;
    }

    private void listFolders(HttpExchange x, String kind, String parentId) throws IOException {
        graph.page(x, folders.values().stream().filter(f -> kind.equals(f.path("kind").asText())
                && (parentId == null || parentId.equals(f.path("parentFolderId").asText(null)))).map(this::view).toList(),
                FakeGraph.query(x.getRequestURI().getRawQuery()));
    }

    private void createFolder(HttpExchange x, String kind, String parentId, String nameField) throws IOException {
        String name = body(x).path(nameField).asText("");
        if (name.isBlank()) {
            FakeGraph.error(x, 400, "ErrorInvalidParameter", nameField + " is required.");
            return;
        }
        boolean taken = folders.values().stream().anyMatch(f -> kind.equals(f.path("kind").asText())
                && (parentId == null || parentId.equals(f.path("parentFolderId").asText(null))) && name.equalsIgnoreCase(f.path(nameField).asText()));
        if (taken) {
            FakeGraph.error(x, 409, "ErrorFolderExists", "A folder with the specified name already exists.");
            return;
        }
        send(x, 201, view(folder(kind, parentId, name)));
    }

    private ObjectNode view(ObjectNode folder) {
        ObjectNode copy = folder.deepCopy();
        copy.remove("kind");
        return copy;
    }

    private ObjectNode contact(String folderId, ObjectNode c) {
        c.put("id", "AAMkContact" + ids.incrementAndGet() + "=").put("parentFolderId", folderId)
                .put("createdDateTime", Instant.now().toString()).put("lastModifiedDateTime", Instant.now().toString());
        for (String list : List.of("businessPhones", "homePhones", "emailAddresses", "categories", "children", "imAddresses")) {
            if (!c.has(list)) {
                c.putArray(list);
            }
        }
        items.get(folderId).add(c);
        changed(c);
        return c;
    }

    private ObjectNode event(String calendarId, ObjectNode e) {
        String id = "AAMkEvent" + ids.incrementAndGet() + "=";
        e.put("id", id).put("iCalUId", "040000008200E00074C5B7101A82E008" + String.format("%08d", ids.get()))
                .put("type", e.path("recurrence").isObject() ? "seriesMaster" : "singleInstance")
                .put("createdDateTime", Instant.now().toString()).put("lastModifiedDateTime", Instant.now().toString())
                .put("isOrganizer", true).put("isCancelled", false)
                .put("originalStartTimeZone", e.path("start").path("timeZone").asText("UTC"))
                .put("originalEndTimeZone", e.path("end").path("timeZone").asText("UTC"));
        if (!e.has("responseRequested")) {
            e.put("responseRequested", true);
        }
        e.putObject("organizer").putObject("emailAddress").put("name", "Megan Bowen").put("address", USER_ADDRESS);
        for (JsonNode attendee : e.path("attendees")) {
            ((ObjectNode) attendee).putObject("status").put("response", "none").put("time", "0001-01-01T00:00:00Z");
        }
        items.get(calendarId).add(e);
        return e;
    }

    private ObjectNode body(HttpExchange x) throws IOException {
        return (ObjectNode) JSON.readTree(x.getRequestBody());
    }

    /** The items of a folder, filtered, as the request's options and Prefer header ask. */
    private void list(HttpExchange x, String folderId) throws IOException {
        Map<String, String> query = FakeGraph.query(x.getRequestURI().getRawQuery());
        Predicate<ObjectNode> filter = filter(query.get("$filter"));
        if (filter == null) {
            FakeGraph.error(x, 400, "BadRequest", "Invalid filter clause");
            return;
        }
        graph.page(x, items.get(folderId).stream().filter(filter).map(i -> view(i, x, query)).toList(), query);
    }

    private static Predicate<ObjectNode> filter(String filter) {
        if (filter == null) {
            return i -> true;
        }
        Matcher property = PROPERTY_FILTER.matcher(filter);
        if (property.matches()) {
            String id = property.group(1).replace("''", "'");
            String value = property.group(2).replace("''", "'");
            return i -> {
                for (JsonNode p : i.path("singleValueExtendedProperties")) {
                    if (id.equalsIgnoreCase(p.path("id").asText()) && value.equals(p.path("value").asText())) {
                        return true;
                    }
                }
                return false;
            };
        }
        Matcher messageId = MESSAGE_ID_FILTER.matcher(filter);
        if (messageId.matches()) {
            String value = messageId.group(1).replace("''", "'");
            return i -> value.equals(i.path("internetMessageId").asText());
        }
        return null;
    }

    /** An item as Graph answers it: extended properties only as expanded, $select, times and body as preferred. */
    private ObjectNode view(ObjectNode item, HttpExchange x, Map<String, String> query) {
        ObjectNode copy = item.deepCopy();
        List<String> expanded = new ArrayList<>();
        Matcher expand = EXPAND.matcher(query.getOrDefault("$expand", ""));
        if (expand.matches()) {
            Matcher id = EXPAND_ID.matcher(expand.group(1));
            while (id.find()) {
                expanded.add(id.group(1).replace("''", "'").toLowerCase(Locale.ROOT));
            }
        }
        ArrayNode kept = JSON.createArrayNode();
        item.path("singleValueExtendedProperties").forEach(p -> {
            if (expanded.contains(p.path("id").asText().toLowerCase(Locale.ROOT))) {
                kept.add(p);
            }
        });
        copy.remove("singleValueExtendedProperties");
        if (expand.matches()) {
            copy.set("singleValueExtendedProperties", kept);
        }
        if (query.containsKey("$select")) {
            List<String> select = List.of(query.get("$select").split(","));
            copy.retain(copy.properties().stream().map(Map.Entry::getKey)
                    .filter(f -> f.equals("id") || select.contains(f) || f.equals("singleValueExtendedProperties")).toList());
        } else {
            copy.remove("internetMessageHeaders");
        }
        String prefer = String.valueOf(x.getRequestHeaders().getFirst("Prefer"));
        Matcher zone = Pattern.compile("outlook\\.timezone=\"([^\"]+)\"").matcher(prefer);
        String targetName = zone.find() ? zone.group(1) : "UTC";
        ZoneId target = zoneOf(targetName);
        for (String field : List.of("start", "end")) {
            if (copy.path(field).isObject()) {
                LocalDateTime local = LocalDateTime.parse(copy.path(field).path("dateTime").asText());
                ZoneId from = zoneOf(copy.path(field).path("timeZone").asText("UTC"));
                copy.putObject(field).put("dateTime", GRAPH_TIME.format(local.atZone(from).withZoneSameInstant(target).toLocalDateTime()))
                        .put("timeZone", targetName);
            }
        }
        if (prefer.contains("outlook.body-content-type=\"text\"") && "html".equals(copy.path("body").path("contentType").asText())) {
            copy.putObject("body").put("contentType", "text").put("content", item.path("body").path("content").asText().replaceAll("<[^>]*>", ""));
        }
        return copy;
    }

    /** An IANA zone, or one of the Windows zone names Graph takes and answers in (the fake knows those of WINDOWS_ZONES). */
    private static ZoneId zoneOf(String name) {
        return name.equalsIgnoreCase("UTC") ? ZoneOffset.UTC : ZoneId.of(WINDOWS_ZONES.getOrDefault(name, name));
    }

    private void changed(ObjectNode item) {
        changes.put(item.path("id").asText(), ++changeCount);
    }

    /**
     * A page of a delta round over a folder's items. The fake's tokens are readable: a delta link's
     * {@code $deltatoken} is "generation.changeNumber", a next link's {@code $skiptoken} "since.upTo.offset" (items
     * changed after {@code since} up to {@code upTo}, when the round began, from {@code offset}).
     */
    private void delta(HttpExchange x, String folderId) throws IOException {
        Map<String, String> query = FakeGraph.query(x.getRequestURI().getRawQuery());
        long since = 0;
        long upTo = changeCount;
        int offset = 0;
        if (query.containsKey("$deltatoken")) {
            String[] token = query.get("$deltatoken").split("\\.");
            if (Integer.parseInt(token[0]) != deltaGeneration) {
                FakeGraph.error(x, 410, "syncStateNotFound", "The sync state generation is not found.");
                return;
            }
            since = Long.parseLong(token[1]);
        } else if (query.containsKey("$skiptoken")) {
            String[] token = query.get("$skiptoken").split("\\.");
            since = Long.parseLong(token[0]);
            upTo = Long.parseLong(token[1]);
            offset = Integer.parseInt(token[2]);
        }
        Matcher size = Pattern.compile("odata\\.maxpagesize=(\\d+)").matcher(String.valueOf(x.getRequestHeaders().getFirst("Prefer")));
        int pageSize = size.find() ? Integer.parseInt(size.group(1)) : 10;
        long after = since;
        long until = upTo;
        List<ObjectNode> round = items.get(folderId).stream().filter(i -> {
            long change = changes.getOrDefault(i.path("id").asText(), 0L);
            return change > after && change <= until;
        }).toList();
        StringBuilder options = new StringBuilder();
        String raw = x.getRequestURI().getRawQuery();
        for (String option : raw == null ? new String[0] : raw.split("&")) {
            String name = FormEncoding.percentDecode(option.split("=", 2)[0]);
            if (!name.equals("$deltatoken") && !name.equals("$skiptoken")) {
                options.append(option).append('&');
            }
        }
        String link = graph.graphBase() + x.getRequestURI().getRawPath().substring("/v1.0".length()) + "?" + options;
        ObjectNode body = JSON.createObjectNode();
        ArrayNode value = body.putArray("value");
        round.stream().skip(offset).limit(pageSize).forEach(i -> value.add(view(i, x, query)));
        if (offset + pageSize < round.size()) {
            body.put("@odata.nextLink", link + "$skiptoken=" + since + "." + upTo + "." + (offset + pageSize));
        } else {
            body.put("@odata.deltaLink", link + "$deltatoken=" + deltaGeneration + "." + upTo);
        }
        send(x, 200, body);
    }

    // ---- recurring series

    private ObjectNode master(String id) {
        return items.values().stream().flatMap(List::stream).filter(e -> id.equals(e.path("id").asText())
                && "seriesMaster".equals(e.path("type").asText())).findFirst().orElse(null);
    }

    private void instances(HttpExchange x, String masterId) throws IOException {
        Map<String, String> query = FakeGraph.query(x.getRequestURI().getRawQuery());
        ObjectNode master = master(masterId);
        if (master == null) {
            notFound(x);
            return;
        }
        if (!query.containsKey("startDateTime") || !query.containsKey("endDateTime")) {
            FakeGraph.error(x, 400, "ErrorInvalidParameter", "This request requires a time window specified by the query "
                    + "string parameters StartDateTime and EndDateTime.");
            return;
        }
        Instant from = OffsetDateTime.parse(query.get("startDateTime")).toInstant();
        Instant to = OffsetDateTime.parse(query.get("endDateTime")).toInstant();
        graph.page(x, instances(master, from, to).stream().map(i -> view(i, x, query)).toList(), query);
    }

    /** The occurrences and exceptions of a series originally starting in [from, to), without the deleted ones. */
    private List<ObjectNode> instances(ObjectNode master, Instant from, Instant to) {
        List<ObjectNode> found = new ArrayList<>();
        for (ObjectNode occurrence : occurrences(master, LocalDate.ofInstant(to, ZoneOffset.UTC).plusDays(1))) {
            Instant start = Instant.parse(occurrence.path("originalStart").asText());
            if (!start.isBefore(from) && start.isBefore(to) && !cancelled.contains(occurrence.path("id").asText())) {
                found.add(exceptions.getOrDefault(occurrence.path("id").asText(), occurrence));
            }
        }
        return found;
    }

    /** The series' occurrences on the days of its range up to {@code through} (in the series' zone). */
    private List<ObjectNode> occurrences(ObjectNode master, LocalDate through) {
        JsonNode pattern = master.path("recurrence").path("pattern");
        JsonNode range = master.path("recurrence").path("range");
        ZoneId zone = zoneOf(master.path("start").path("timeZone").asText("UTC"));
        LocalDateTime start = LocalDateTime.parse(master.path("start").path("dateTime").asText());
        long length = ChronoUnit.SECONDS.between(start, LocalDateTime.parse(master.path("end").path("dateTime").asText()));
        int interval = Math.max(1, pattern.path("interval").asInt(1));
        LocalDate first = LocalDate.parse(range.path("startDate").asText(start.toLocalDate().toString()));
        LocalDate last = range.path("type").asText().equals("endDate") ? LocalDate.parse(range.path("endDate").asText()) : through;
        int count = range.path("type").asText().equals("numbered") ? range.path("numberOfOccurrences").asInt() : Integer.MAX_VALUE;
        List<String> days = new ArrayList<>();
        pattern.path("daysOfWeek").forEach(d -> days.add(d.asText().toUpperCase(Locale.ROOT)));
        List<ObjectNode> occurrences = new ArrayList<>();
        LocalDate weekOfFirst = first.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        for (LocalDate day = first; !day.isAfter(last) && !day.isAfter(through) && occurrences.size() < count; day = day.plusDays(1)) {
            long months = ChronoUnit.MONTHS.between(first.withDayOfMonth(1), day.withDayOfMonth(1));
            boolean inMonth = pattern.path("month").asInt() == day.getMonthValue();
            boolean on = switch (pattern.path("type").asText()) {
                case "daily" -> ChronoUnit.DAYS.between(first, day) % interval == 0;
                case "weekly" -> days.contains(day.getDayOfWeek().name())
                        && ChronoUnit.WEEKS.between(weekOfFirst, day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))) % interval == 0;
                case "absoluteMonthly" -> day.getDayOfMonth() == pattern.path("dayOfMonth").asInt() && months % interval == 0;
                case "relativeMonthly" -> relativeDay(day, days, pattern.path("index").asText("first")) && months % interval == 0;
                case "absoluteYearly" -> inMonth && day.getDayOfMonth() == pattern.path("dayOfMonth").asInt()
                        && (day.getYear() - first.getYear()) % interval == 0;
                case "relativeYearly" -> inMonth && relativeDay(day, days, pattern.path("index").asText("first"))
                        && (day.getYear() - first.getYear()) % interval == 0;
                default -> throw new IllegalStateException("Graph has no " + pattern.path("type").asText() + " pattern");
            };
            if (on) {
                LocalDateTime at = day.atTime(start.toLocalTime());
                ObjectNode occurrence = master.deepCopy();
                occurrence.remove(List.of("recurrence", "singleValueExtendedProperties"));
                occurrence.put("id", master.path("id").asText() + "_" + day.toString().replace("-", ""))
                        .put("type", "occurrence").put("seriesMasterId", master.path("id").asText())
                        .put("originalStart", at.atZone(zone).toInstant().toString());
                occurrence.putObject("start").put("dateTime", GRAPH_TIME.format(at)).put("timeZone", master.path("start").path("timeZone").asText());
                occurrence.putObject("end").put("dateTime", GRAPH_TIME.format(at.plusSeconds(length)))
                        .put("timeZone", master.path("end").path("timeZone").asText());
                occurrences.add(occurrence);
            }
        }
        return occurrences;
    }

    /**
     * Whether {@code day} is the {@code index} (first to fourth, or last) of the days of its month that are among
     * {@code daysOfWeek} (recurrencePattern's {@code index}: "counted from the first instance in the month").
     */
    private static boolean relativeDay(LocalDate day, List<String> daysOfWeek, String index) {
        if (!daysOfWeek.contains(day.getDayOfWeek().name())) {
            return false;
        }
        List<LocalDate> matching = day.withDayOfMonth(1).datesUntil(day.plusMonths(1).withDayOfMonth(1))
                .filter(d -> daysOfWeek.contains(d.getDayOfWeek().name())).toList();
        if (index.equals("last")) {
            return day.equals(matching.get(matching.size() - 1));
        }
        int position = List.of("first", "second", "third", "fourth").indexOf(index);
        return position >= 0 && position < matching.size() && day.equals(matching.get(position));
    }

    /** The day (in the series' zone) an occurrence id names (FakeOutlook's ids end in _yyyyMMdd); null when it names none. */
    private static LocalDate dayOf(String occurrenceId) {
        try {
            return LocalDate.parse(occurrenceId.substring(occurrenceId.lastIndexOf('_') + 1), DateTimeFormatter.BASIC_ISO_DATE);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private void updateEvent(HttpExchange x, String id) throws IOException {
        ObjectNode patch = body(x);
        int cut = id.lastIndexOf('_');
        ObjectNode master = cut < 0 || dayOf(id) == null ? null : master(id.substring(0, cut));
        if (master != null) {
            ObjectNode exception = exception(master, dayOf(id), o -> id.equals(o.path("id").asText()), patch);
            if (exception == null) {
                notFound(x);
            } else {
                send(x, 200, view(exception, x, Map.of()));
            }
            return;
        }
        ObjectNode event = items.values().stream().flatMap(List::stream).filter(e -> id.equals(e.path("id").asText())
                && e.has("iCalUId")).findFirst().orElse(null);
        if (event == null) {
            notFound(x);
            return;
        }
        event.setAll(patch);
        send(x, 200, view(event, x, Map.of()));
    }

    /** The occurrence up to {@code through} that {@code which} picks, changed by {@code patch} into an exception; null when there is none. */
    private ObjectNode exception(ObjectNode master, LocalDate through, Predicate<ObjectNode> which, ObjectNode patch) {
        ObjectNode occurrence = exceptions.values().stream().filter(which).findFirst()
                .orElseGet(() -> occurrences(master, through).stream().filter(which).findFirst().orElse(null));
        if (occurrence == null) {
            return null;
        }
        occurrence.setAll(patch);
        occurrence.put("type", "exception").put("lastModifiedDateTime", Instant.now().toString());
        exceptions.put(occurrence.path("id").asText(), occurrence);
        return occurrence;
    }

    /** Deletes an occurrence of a series (event-delete); other events are not deleted by the adapter. */
    private void deleteOccurrence(HttpExchange x, String id) throws IOException {
        int cut = id.lastIndexOf('_');
        ObjectNode master = cut < 0 || dayOf(id) == null ? null : master(id.substring(0, cut));
        if (master == null || cancelled.contains(id)
                || occurrences(master, dayOf(id)).stream().noneMatch(o -> id.equals(o.path("id").asText()))) {
            notFound(x);
            return;
        }
        exceptions.remove(id);
        cancelled.add(id);
        x.sendResponseHeaders(204, -1);
    }

    // ---- mail

    private void postMime(HttpExchange x, String folderId) throws IOException {
        byte[] request = x.getRequestBody().readNBytes(MAX_REQUEST_BYTES + 1);
        if (request.length > MAX_REQUEST_BYTES) {
            x.getRequestBody().readAllBytes();
            FakeGraph.error(x, 413, "RequestEntityTooLarge", "The request is larger than 4 MB.");
            return;
        }
        if (!String.valueOf(x.getRequestHeaders().getFirst("Content-Type")).startsWith("text/plain")) {
            FakeGraph.error(x, 415, "UnsupportedMediaType", "A MIME message is posted as base64 text/plain.");
            return;
        }
        byte[] bytes;
        try {
            bytes = Base64.getMimeDecoder().decode(request);
        } catch (IllegalArgumentException e) {
            FakeGraph.error(x, 400, "ErrorMimeContentInvalidBase64String", "Invalid base64 string for MIME content.");
            return;
        }
        send(x, 201, view(message(folderId, bytes), x, Map.of()));
    }

    private ObjectNode message(String folderId, byte[] bytes) throws IOException {
        InternetHeaders headers;
        try {
            headers = new InternetHeaders(new ByteArrayInputStream(bytes));
        } catch (MessagingException e) {
            throw new IOException(e);
        }
        String id = "AAMkMessage" + ids.incrementAndGet() + "=";
        ObjectNode m = JSON.createObjectNode().put("id", id).put("parentFolderId", folderId)
                .put("createdDateTime", Instant.now().toString()).put("receivedDateTime", Instant.now().toString())
                .put("isRead", true).put("isDraft", true);
        String messageId = header(headers, "Message-ID");
        m.put("internetMessageId", messageId == null ? "<" + id + "@fake.outlook.example>" : messageId);
        m.put("subject", decoded(header(headers, "Subject")));
        String date = header(headers, "Date");
        if (date != null) {
            m.put("sentDateTime", OffsetDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toString());
        }
        ArrayNode from = addresses(header(headers, "From"));
        if (!from.isEmpty()) {
            m.set("from", from.get(0));
        }
        m.set("toRecipients", addresses(header(headers, "To")));
        m.putObject("flag").put("flagStatus", "notFlagged");
        m.putArray("categories");
        ArrayNode list = m.putArray("internetMessageHeaders");
        Collections.list(headers.getAllHeaders()).forEach(h -> list.addObject().put("name", h.getName()).put("value", h.getValue()));
        m.putArray("singleValueExtendedProperties");
        items.get(folderId).add(m);
        changed(m);
        mime.put(id, bytes);
        return m;
    }

    private static String header(InternetHeaders headers, String name) {
        String value = headers.getHeader(name, ",");
        return value == null ? null : value.strip();
    }

    private static String decoded(String text) throws UnsupportedEncodingException {
        return text == null ? "" : MimeUtility.decodeText(text);
    }

    private static ArrayNode addresses(String header) {
        ArrayNode list = JSON.createArrayNode();
        if (header == null) {
            return list;
        }
        try {
            for (InternetAddress address : InternetAddress.parseHeader(header, false)) {
                list.addObject().putObject("emailAddress").put("name", address.getPersonal() == null ? address.getAddress()
                        : address.getPersonal()).put("address", address.getAddress());
            }
        } catch (AddressException e) {
            // Outlook keeps what it cannot read in the headers only
        }
        return list;
    }

    private void updateMessage(HttpExchange x, String id) throws IOException {
        ObjectNode message = items.values().stream().flatMap(List::stream).filter(m -> id.equals(m.path("id").asText())
                && mime.containsKey(id)).findFirst().orElse(null);
        if (message == null) {
            notFound(x);
            return;
        }
        ObjectNode patch = body(x);
        JsonNode properties = patch.remove("singleValueExtendedProperties");
        message.setAll(patch);
        if (properties != null) {
            ArrayNode stored = (ArrayNode) message.path("singleValueExtendedProperties");
            for (JsonNode property : properties) {
                for (int i = stored.size() - 1; i >= 0; i--) {
                    if (stored.get(i).path("id").asText().equalsIgnoreCase(property.path("id").asText())) {
                        stored.remove(i);
                    }
                }
                stored.add(property);
            }
        }
        changed(message);
        send(x, 200, view(message, x, Map.of()));
    }

    private static void notFound(HttpExchange x) throws IOException {
        FakeGraph.error(x, 404, "ErrorItemNotFound", "The specified object was not found in the store.");
    }

    private static void send(HttpExchange x, int status, ObjectNode body) throws IOException {
        FakeGraph.send(x, status, body);
    }
}
