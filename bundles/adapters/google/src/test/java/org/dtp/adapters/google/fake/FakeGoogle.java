package org.dtp.adapters.google.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.dtp.kit.testing.FileStore;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fake Google on loopback: the OAuth 2.0 token and revocation endpoints and the Photos Library API v1, for one user.
 * It follows the public documents:
 * <ul>
 * <li>tokens: https://developers.google.com/identity/protocols/oauth2/web-server#offline (refresh with
 *     {@code grant_type=refresh_token}, {@code client_id} and {@code client_secret} in the form; the answer has
 *     {@code access_token}, {@code expires_in}, {@code scope}, {@code token_type} and no new refresh token;
 *     {@code invalid_grant} for an unknown refresh token) and #tokenrevoke ({@code POST /revoke}, {@code token=});</li>
 * <li>every API call needs {@code Authorization: Bearer <token>}; without a valid, unexpired one it answers 401 with
 *     {@code WWW-Authenticate: Bearer ... error="invalid_token"} and Google's error body
 *     ({@code {"error": {"code": 401, "message": ..., "status": "UNAUTHENTICATED"}}});</li>
 * <li>Photos Library API (https://developers.google.com/photos/library/reference/rest): {@code GET /v1/albums}
 *     (pageSize default 20, at most 50, {@code excludeNonAppCreatedData}), {@code POST /v1/albums},
 *     {@code POST /v1/albums/{id}:addEnrichment}, {@code GET /v1/mediaItems} and {@code POST /v1/mediaItems:search}
 *     (pageSize default 25, at most 100; {@code nextPageToken}/{@code pageToken}), {@code GET /v1/mediaItems/{id}},
 *     {@code POST /v1/uploads} (raw protocol: {@code X-Goog-Upload-Protocol: raw},
 *     {@code X-Goog-Upload-Content-Type}; the answer is the upload token as text) and
 *     {@code POST /v1/mediaItems:batchCreate} (at most 50 items, only into albums the app created, a
 *     {@code newMediaItemResults} entry with a {@code status} per item, descriptions of at most 1,000 characters);
 *     MediaItem fields {@code id, description, productUrl, baseUrl, mimeType, filename, mediaMetadata{creationTime,
 *     width, height, photo{...} | video{status}}} with int64 width and height as strings, read from the uploaded
 *     file as Google does (an image's header here), creationTime the time of creation (no file metadata is read);
 *     media bytes in files;</li>
 * <li>Calendar API v3 under {@code /calendar/v3} (https://developers.google.com/calendar/api/v3/reference):
 *     {@code GET /users/me/calendarList} (maxResults default 100, at most 250), {@code PATCH
 *     /users/me/calendarList/{id}} (backgroundColor and foregroundColor "#rrggbb" only with
 *     {@code colorRgbFormat=true}), {@code POST /calendars} (without a timeZone, the user's: UTC here),
 *     {@code GET /calendars/{id}/events} with {@code singleEvents=false} only (masters with their {@code recurrence}
 *     lines, changed and cancelled occurrences as events with {@code recurringEventId} and {@code originalStartTime};
 *     cancelled occurrences listed even without {@code showDeleted}; {@code iCalUID} filter; maxResults default 250)
 *     and {@code POST /calendars/{id}/events/import} (iCalUID required; the same iCalUID and originalStartTime again
 *     updates that event; an occurrence is linked to its series by iCalUID; a dateTime without an offset needs a
 *     timeZone, "Missing time zone definition"; answers give dateTime with its offset, as Google does; an attendee's
 *     {@code resource} is kept as first imported, later values ignored); events.list's
 *     last page carries {@code nextSyncToken}, and with {@code syncToken}
 *     (https://developers.google.com/calendar/api/guides/sync) it lists the events changed since, deleted ones as
 *     {@code cancelled} (400 with {@code iCalUID} or {@code showDeleted=false}); an expired token answers 410 with the
 *     reason {@code fullSyncRequired};</li>
 * <li>Tasks API v1 under {@code /tasks/v1} (https://developers.google.com/tasks/reference/rest):
 *     {@code GET|POST /users/@me/lists}, {@code GET /lists/{id}/tasks} (maxResults default 20, at most 100;
 *     {@code showCompleted} default true, {@code showHidden} default false) and {@code POST /lists/{id}/tasks} with
 *     {@code parent} and {@code previous} (the new task goes first among its siblings without {@code previous});
 *     {@code position} is a zero-padded string; {@code due} keeps only its date; a completed task gets
 *     {@code completed};</li>
 * <li>baseUrl downloads (https://developers.google.com/photos/library/guides/access-media-items#base-urls):
 *     {@code =d} gives a photo's bytes, {@code =dv} a video's; {@code =d} on a video gives its thumbnail;</li>
 * <li>People API v1 under {@code /people}: see {@link FakePeople}; Gmail API v1: see {@link FakeGmail};</li>
 * <li>throttling: 429 {@code RESOURCE_EXHAUSTED} with {@code Retry-After}, or 403 with the reason
 *     {@code rateLimitExceeded} (https://developers.google.com/calendar/api/guides/errors), when a test asks.</li>
 * </ul>
 */
public final class FakeGoogle implements AutoCloseable {
    public static final String CLIENT_ID = "dtp-test.apps.googleusercontent.com";
    public static final String CLIENT_SECRET = "fake-client-secret";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A media item as the fake keeps it, its bytes in a file (as large as a test makes them, never in the heap). */
    public record Item(String id, String filename, String mimeType, String description, FileStore.Stored media, boolean video,
                       String creationTime, int width, int height, String cameraMake, boolean appCreated) {
        /** The item's bytes, for a test to compare. */
        public byte[] bytes() {
            return media.bytes();
        }
    }

    /** An album as the fake keeps it; {@code items} in album order. */
    public record Album(String id, String title, boolean appCreated, List<String> items, List<String> enrichments) {
    }

    private final HttpServer server;
    /** The media items' files. */
    private final FileStore mediaFiles;
    /** The People API, under {@code /people}. */
    public final FakePeople people = new FakePeople();
    /** The Gmail API, under {@code /gmail/v1} and {@code /upload/gmail/v1}. */
    public final FakeGmail gmail;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Instant> accessTokens = new ConcurrentHashMap<>();
    private final Map<String, Boolean> refreshTokens = new ConcurrentHashMap<>();
    private final Map<String, Item> items = new LinkedHashMap<>();
    private final Map<String, Album> albums = new LinkedHashMap<>();
    private final Map<String, Item> uploads = new HashMap<>();
    private final Map<String, String> videoStatuses = new HashMap<>();
    private final Map<String, JsonNode> calendars = new LinkedHashMap<>();
    private final Map<String, ObjectNode> taskLists = new LinkedHashMap<>();
    private final Map<String, List<ObjectNode>> tasks = new HashMap<>();
    private final Map<String, List<ObjectNode>> events = new HashMap<>();
    private final SyncTokens eventTokens = new SyncTokens();
    private final AtomicInteger ids = new AtomicInteger();
    private final AtomicInteger throttleNext = new AtomicInteger();
    private final AtomicInteger rateLimit403Next = new AtomicInteger();
    private final AtomicInteger loseNextCreateAnswers = new AtomicInteger();
    private final AtomicInteger refreshes = new AtomicInteger();
    private final AtomicInteger throttled = new AtomicInteger();
    private final AtomicInteger uploadsReceived = new AtomicInteger();
    private final AtomicInteger revocations = new AtomicInteger();
    private volatile int retryAfterSeconds = 1;
    private final AtomicInteger apiRequests = new AtomicInteger();
    private final Map<Integer, Runnable> atRequest = new ConcurrentHashMap<>();

    private FakeGoogle(HttpServer server) throws IOException {
        this.server = server;
        this.gmail = new FakeGmail();
        this.mediaFiles = new FileStore("fake-google-media");
    }

    public static FakeGoogle start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        FakeGoogle fake = new FakeGoogle(server);
        server.createContext("/", fake::handle);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
        return fake;
    }

    public URI base() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public URI tokenEndpoint() {
        return URI.create(base() + "/token");
    }

    public URI revocationEndpoint() {
        return URI.create(base() + "/revoke");
    }

    public URI authorizationEndpoint() {
        return URI.create(base() + "/o/oauth2/v2/auth");
    }

    /** A fresh grant: {access token, refresh token}; the access token lasts an hour. */
    public String[] grant() {
        String access = "ya29." + token();
        String refresh = "1//" + token();
        accessTokens.put(access, Instant.now().plusSeconds(3600));
        refreshTokens.put(refresh, true);
        return new String[]{access, refresh};
    }

    /** Every access token issued so far expires now (Google answers 401 to them from here on). */
    public void expireAccessTokens() {
        accessTokens.replaceAll((token, expiry) -> Instant.EPOCH);
    }

    public int refreshes() {
        return refreshes.get();
    }

    public int revocations() {
        return revocations.get();
    }

    /** The next {@code count} API requests answer 429 with {@code Retry-After: seconds}. */
    public void throttleNext(int count, int seconds) {
        retryAfterSeconds = seconds;
        throttleNext.set(count);
    }

    /** The next {@code count} API requests answer 403 rateLimitExceeded. */
    public void rateLimit403Next(int count) {
        rateLimit403Next.set(count);
    }

    public int throttled() {
        return throttled.get();
    }

    /** The next {@code count} batchCreate calls create their items and then answer 503, as if the answer were lost. */
    public void loseNextCreateAnswers(int count) {
        loseNextCreateAnswers.set(count);
    }

    /** Runs {@code action} just before the {@code n}-th API request (counted from 1) is answered. */
    public void atRequest(int n, Runnable action) {
        atRequest.put(n, action);
    }

    public int uploadsReceived() {
        return uploadsReceived.get();
    }

    // ---- the user's library, for tests

    public synchronized String addAlbum(String title) {
        String id = "AL" + ids.incrementAndGet();
        albums.put(id, new Album(id, title, false, new ArrayList<>(), new ArrayList<>()));
        return id;
    }

    /** Adds an item to the library and, when {@code albumId} is not null, to that album. */
    public synchronized String addItem(String albumId, String filename, String mimeType, String description, byte[] bytes,
                                       boolean video, String videoStatus) {
        String id = "MI" + ids.incrementAndGet();
        FileStore.Stored file;
        try {
            file = mediaFiles.store(new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        items.put(id, new Item(id, filename, mimeType, description, file, video, "2024-05-0" + (ids.get() % 9 + 1)
                + "T10:15:30Z", 4032, 3024, video ? null : "Canon", false));
        if (videoStatus != null) {
            videoStatuses.put(id, videoStatus);
        }
        if (albumId != null) {
            albums.get(albumId).items().add(id);
        }
        return id;
    }

    /** Puts an existing item into another album too. */
    public synchronized void addToAlbum(String albumId, String itemId) {
        albums.get(albumId).items().add(itemId);
    }

    public synchronized List<Album> albums() {
        return List.copyOf(albums.values());
    }

    public synchronized List<Item> itemsOf(String albumId) {
        return albums.get(albumId).items().stream().map(items::get).toList();
    }

    public synchronized Item item(String id) {
        return items.get(id);
    }

    // ---- calendars, for tests

    /** A calendar the user owns; returns its id. */
    public synchronized String addCalendar(String summary, String timeZone) {
        String id = "c" + ids.incrementAndGet() + "@group.calendar.google.com";
        ObjectNode calendar = JSON.createObjectNode();
        calendar.put("kind", "calendar#calendarListEntry");
        calendar.put("id", id);
        calendar.put("summary", summary);
        calendar.put("timeZone", timeZone);
        calendar.put("accessRole", "owner");
        calendar.put("backgroundColor", "#9fe1e7");
        calendars.put(id, calendar);
        events.put(id, new ArrayList<>());
        return id;
    }

    /** Adds an event (Google's JSON, without id) as it would be stored; returns its id. */
    public synchronized String addEvent(String calendarId, String json) {
        try {
            ObjectNode event = (ObjectNode) JSON.readTree(json);
            String id = "ev" + ids.incrementAndGet();
            event.put("id", id);
            event.put("kind", "calendar#event");
            events.get(calendarId).add(event);
            eventTokens.changed(id);
            return id;
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Changes an event as the user would: the fields of {@code json} replace its own. */
    public synchronized void changeEvent(String calendarId, String eventId, String json) {
        ObjectNode event = events.get(calendarId).stream().filter(e -> eventId.equals(e.path("id").asText())).findFirst().orElseThrow();
        try {
            event.setAll((ObjectNode) JSON.readTree(json));
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
        event.put("updated", Instant.now().toString());
        eventTokens.changed(eventId);
    }

    /** Every sync token of events.list given so far expires: using one answers 410 Gone. */
    public void expireEventSyncTokens() {
        eventTokens.expire();
    }

    public synchronized List<JsonNode> calendarEntries() {
        return List.copyOf(calendars.values());
    }

    public synchronized List<JsonNode> eventsOf(String calendarId) {
        return events.get(calendarId).stream().map(e -> (JsonNode) e.deepCopy()).toList();
    }

    private void calendar(HttpExchange exchange, String method, String path) throws IOException {
        Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
        if (method.equals("GET") && path.equals("/users/me/calendarList")) {
            List<JsonNode> list;
            synchronized (this) {
                list = List.copyOf(calendars.values());
            }
            sendPage(exchange, "items", list, query.get("pageToken"), pageSize(query.get("maxResults"), 100, 250));
            return;
        }
        if (method.equals("POST") && path.equals("/calendars")) {
            JsonNode body = body(exchange);
            if (!body.hasNonNull("summary")) {
                error(exchange, 400, "Missing title.", "INVALID_ARGUMENT");
                return;
            }
            String id = addCalendar(body.path("summary").asText(), body.path("timeZone").asText("UTC"));
            ObjectNode answer = JSON.createObjectNode().put("kind", "calendar#calendar").put("id", id)
                    .put("summary", body.path("summary").asText()).put("timeZone", body.path("timeZone").asText("UTC"));
            if (body.hasNonNull("description")) {
                synchronized (this) {
                    ((ObjectNode) calendars.get(id)).put("description", body.path("description").asText());
                }
            }
            send(exchange, 200, "application/json", answer.toString());
            return;
        }
        java.util.regex.Matcher entry = java.util.regex.Pattern.compile("/users/me/calendarList/([^/]+)").matcher(path);
        if (method.equals("PATCH") && entry.matches()) {
            patchCalendarListEntry(exchange, decode(entry.group(1)), "true".equals(query.get("colorRgbFormat")));
            return;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("/calendars/([^/]+)/events(/import)?").matcher(path);
        if (!m.matches()) {
            error(exchange, 404, "Not Found", "NOT_FOUND");
            return;
        }
        String calendarId = decode(m.group(1));
        synchronized (this) {
            if (!events.containsKey(calendarId)) {
                error(exchange, 404, "Not Found", "NOT_FOUND");
                return;
            }
        }
        if (method.equals("GET") && m.group(2) == null) {
            if ("true".equals(query.get("singleEvents"))) {
                error(exchange, 400, "this fake does not expand recurring events (singleEvents=true)", "INVALID_ARGUMENT");
                return;
            }
            String uid = query.get("iCalUID");
            String syncToken = query.get("syncToken");
            if (syncToken != null && (uid != null || "false".equals(query.get("showDeleted")))) {
                error(exchange, 400, "Sync token cannot be used with iCalUID or showDeleted=false.", "INVALID_ARGUMENT");
                return;
            }
            long since = syncToken == null ? 0 : eventTokens.since(syncToken);
            if (since < 0) {
                ObjectNode gone = JSON.createObjectNode();
                ObjectNode error = gone.putObject("error").put("code", 410).put("message", "Sync token is no longer valid, a full sync is required.");
                error.putArray("errors").addObject().put("domain", "calendar").put("reason", "fullSyncRequired")
                        .put("message", "Sync token is no longer valid, a full sync is required.");
                send(exchange, 410, "application/json; charset=UTF-8", gone.toString());
                return;
            }
            boolean showDeleted = syncToken != null || "true".equals(query.get("showDeleted"));
            List<JsonNode> list;
            String nextSyncToken;
            synchronized (this) {
                list = events.get(calendarId).stream()
                        .filter(e -> showDeleted || !"cancelled".equals(e.path("status").asText()) || e.hasNonNull("recurringEventId"))
                        .filter(e -> uid == null || uid.equals(e.path("iCalUID").asText()))
                        .filter(e -> syncToken == null || eventTokens.changedAfter(e.path("id").asText(), since))
                        .map(e -> (JsonNode) e.deepCopy()).toList();
                nextSyncToken = uid == null ? eventTokens.current() : null;
            }
            sendPage(exchange, "items", list, query.get("pageToken"), pageSize(query.get("maxResults"), 250, 2500), nextSyncToken);
        } else if (method.equals("POST") && m.group(2) != null) {
            importEvent(exchange, calendarId);
        } else {
            error(exchange, 405, "Method not allowed", "INVALID_ARGUMENT");
        }
    }

    /** calendarList.patch of the calendar's colours (the only fields the adapter patches): "#rrggbb" with colorRgbFormat=true. */
    private void patchCalendarListEntry(HttpExchange exchange, String calendarId, boolean colorRgbFormat) throws IOException {
        JsonNode body = body(exchange);
        List<String> colours = List.of("backgroundColor", "foregroundColor");
        for (String colour : colours) {
            if (body.has(colour) && (!colorRgbFormat || !body.path(colour).asText().matches("#[0-9a-f]{6}"))) {
                error(exchange, 400, "Invalid Value", "INVALID_ARGUMENT");
                return;
            }
        }
        JsonNode answer;
        synchronized (this) {
            ObjectNode calendar = (ObjectNode) calendars.get(calendarId);
            if (calendar == null) {
                error(exchange, 404, "Not Found", "NOT_FOUND");
                return;
            }
            for (String colour : colours) {
                if (body.has(colour)) {
                    calendar.set(colour, body.get(colour));
                }
            }
            answer = calendar.deepCopy();
        }
        send(exchange, 200, "application/json", answer.toString());
    }

    private void importEvent(HttpExchange exchange, String calendarId) throws IOException {
        ObjectNode body = (ObjectNode) body(exchange);
        String uid = body.path("iCalUID").asText("");
        if (uid.isEmpty()) {
            error(exchange, 400, "Missing iCalUID.", "INVALID_ARGUMENT");
            return;
        }
        for (String field : List.of("start", "end", "originalStartTime")) {
            if (!body.has(field)) {
                if (!field.equals("originalStartTime")) {
                    error(exchange, 400, "Missing " + field + " time.", "INVALID_ARGUMENT");
                    return;
                }
                continue;
            }
            String problem = normalizeTime((ObjectNode) body.path(field));
            if (problem != null) {
                error(exchange, 400, problem.replace("%s", field.equals("originalStartTime") ? "original start" : field), "INVALID_ARGUMENT");
                return;
            }
        }
        for (JsonNode line : body.path("recurrence")) {
            if (!line.asText().matches("(RRULE|EXRULE|RDATE|EXDATE)[;:].+")) {
                error(exchange, 400, "Invalid recurrence rule.", "INVALID_ARGUMENT");
                return;
            }
        }
        JsonNode answer;
        synchronized (this) {
            List<ObjectNode> list = events.get(calendarId);
            JsonNode occurrence = body.path("originalStartTime");
            if (!occurrence.isMissingNode()) {
                ObjectNode master = list.stream().filter(e -> uid.equals(e.path("iCalUID").asText()) && !e.has("recurringEventId"))
                        .findFirst().orElse(null);
                if (master == null) {
                    error(exchange, 400, "Invalid original start time: no recurring event with this iCalUID", "INVALID_ARGUMENT");
                    return;
                }
                if (body.hasNonNull("recurringEventId") && !body.path("recurringEventId").asText().equals(master.path("id").asText())) {
                    error(exchange, 400, "Invalid recurringEventId", "INVALID_ARGUMENT");
                    return;
                }
                body.put("recurringEventId", master.path("id").asText());
            }
            ObjectNode earlier = list.stream().filter(e -> uid.equals(e.path("iCalUID").asText())
                    && instantOf(e.path("originalStartTime")).equals(instantOf(occurrence))).findFirst().orElse(null);
            String now = Instant.now().toString();
            body.put("kind", "calendar#event");
            body.put("updated", now);
            if (earlier != null) {
                keepResourceFlags(earlier, body);
                body.put("id", earlier.path("id").asText());
                body.put("created", earlier.path("created").asText(now));
                list.set(list.indexOf(earlier), body);
            } else {
                body.put("id", "ev" + ids.incrementAndGet());
                body.put("created", now);
                list.add(body);
            }
            eventTokens.changed(body.path("id").asText());
            body.put("htmlLink", "https://www.google.com/calendar/event?eid=" + body.path("id").asText());
            if (!body.has("status")) {
                body.put("status", "confirmed");
            }
            answer = body.deepCopy();
        }
        send(exchange, 200, "application/json", answer.toString());
    }

    /**
     * Gives each attendee of {@code update} that {@code earlier} had its {@code resource} flag of then: "Can only be set
     * when the attendee is added to the event for the first time. Subsequent modifications are ignored."
     */
    private static void keepResourceFlags(JsonNode earlier, ObjectNode update) {
        for (JsonNode attendee : update.path("attendees")) {
            for (JsonNode before : earlier.path("attendees")) {
                if (before.path("email").asText().equalsIgnoreCase(attendee.path("email").asText())) {
                    if (before.has("resource")) {
                        ((ObjectNode) attendee).set("resource", before.path("resource"));
                    } else {
                        ((ObjectNode) attendee).remove("resource");
                    }
                }
            }
        }
    }

    /** Checks an EventDateTime and gives its dateTime an offset, as Google's answers have; a message when invalid. */
    private static String normalizeTime(ObjectNode t) {
        if (t.hasNonNull("date")) {
            try {
                java.time.LocalDate.parse(t.path("date").asText());
                return null;
            } catch (RuntimeException e) {
                return "Invalid %s date.";
            }
        }
        String value = t.path("dateTime").asText("");
        String zone = t.path("timeZone").asText("");
        try {
            java.time.OffsetDateTime at;
            if (value.matches(".*([+-]\\d\\d:\\d\\d|Z)$")) {
                at = java.time.OffsetDateTime.parse(value);
            } else if (zone.isEmpty()) {
                return "Missing time zone definition for %s time.";
            } else {
                at = java.time.LocalDateTime.parse(value).atZone(java.time.ZoneId.of(zone)).toOffsetDateTime();
            }
            java.time.ZoneOffset offset = zone.isEmpty() ? at.getOffset() : java.time.ZoneId.of(zone).getRules().getOffset(at.toInstant());
            t.put("dateTime", java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX")
                    .format(at.toInstant().atOffset(offset)));
            return null;
        } catch (RuntimeException e) {
            return "Invalid %s time.";
        }
    }

    private static String instantOf(JsonNode t) {
        if (t.isMissingNode() || t.isNull()) {
            return "";
        }
        if (t.hasNonNull("date")) {
            return t.path("date").asText();
        }
        return java.time.OffsetDateTime.parse(t.path("dateTime").asText()).toInstant().toString();
    }

    // ---- tasks, for tests

    public synchronized String addTaskList(String title) {
        String id = "TL" + ids.incrementAndGet();
        taskLists.put(id, JSON.createObjectNode().put("kind", "tasks#taskList").put("id", id).put("title", title)
                .put("updated", Instant.now().toString()));
        tasks.put(id, new ArrayList<>());
        return id;
    }

    /** Adds a task as tasks.insert would (last among its siblings); returns its id. */
    public synchronized String addTask(String listId, String parent, String json) {
        try {
            ObjectNode task = (ObjectNode) JSON.readTree(json);
            List<ObjectNode> siblings = siblings(listId, parent);
            return insertTask(listId, parent, siblings.isEmpty() ? null : siblings.get(siblings.size() - 1).path("id").asText(), task);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    public synchronized List<JsonNode> taskLists() {
        return List.copyOf(taskLists.values());
    }

    /** The list's tasks, parents before their children, siblings by position. */
    public synchronized List<JsonNode> tasksOf(String listId) {
        List<JsonNode> out = new ArrayList<>();
        addInOrder(listId, null, out);
        return out;
    }

    private void addInOrder(String listId, String parent, List<JsonNode> out) {
        for (ObjectNode t : siblings(listId, parent)) {
            out.add(t.deepCopy());
            addInOrder(listId, t.path("id").asText(), out);
        }
    }

    private List<ObjectNode> siblings(String listId, String parent) {
        return tasks.get(listId).stream().filter(t -> java.util.Objects.equals(parent, t.path("parent").asText(null)))
                .sorted(java.util.Comparator.comparing(t -> t.path("position").asText())).collect(java.util.stream.Collectors.toList());
    }

    private String insertTask(String listId, String parent, String previous, ObjectNode task) {
        List<ObjectNode> siblings = siblings(listId, parent);
        int at = 0;
        if (previous != null) {
            at = -1;
            for (int i = 0; i < siblings.size(); i++) {
                if (siblings.get(i).path("id").asText().equals(previous)) {
                    at = i + 1;
                }
            }
            if (at < 0) {
                return null;
            }
        }
        String id = "T" + ids.incrementAndGet();
        task.put("kind", "tasks#task");
        task.put("id", id);
        task.put("etag", "\"" + ids.get() + "\"");
        task.put("updated", Instant.now().toString());
        task.put("selfLink", base() + "/tasks/v1/lists/" + listId + "/tasks/" + id);
        task.put("webViewLink", "https://tasks.google.com/task/" + id);
        if (parent != null) {
            task.put("parent", parent);
        } else {
            task.remove("parent");
        }
        if (!task.has("status")) {
            task.put("status", "needsAction");
        }
        if ("completed".equals(task.path("status").asText()) && !task.hasNonNull("completed")) {
            task.put("completed", Instant.now().toString());
        }
        if (task.hasNonNull("due")) {
            task.put("due", java.time.OffsetDateTime.parse(task.path("due").asText()).toLocalDate() + "T00:00:00.000Z");
        }
        siblings.add(at, task);
        for (int i = 0; i < siblings.size(); i++) {
            siblings.get(i).put("position", String.format("%020d", (long) i * 1000));
        }
        tasks.get(listId).add(task);
        return id;
    }

    private void tasks(HttpExchange exchange, String method, String path) throws IOException {
        Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
        if (path.equals("/users/@me/lists")) {
            if (method.equals("GET")) {
                List<JsonNode> list;
                synchronized (this) {
                    list = List.copyOf(taskLists.values());
                }
                sendPage(exchange, "items", list, query.get("pageToken"), pageSize(query.get("maxResults"), 20, 100));
            } else {
                String title = body(exchange).path("title").asText("");
                if (title.isEmpty() || title.length() > 1024) {
                    error(exchange, 400, "Invalid Value", "INVALID_ARGUMENT");
                    return;
                }
                String id = addTaskList(title);
                synchronized (this) {
                    send(exchange, 200, "application/json", taskLists.get(id).toString());
                }
            }
            return;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("/lists/([^/]+)/tasks").matcher(path);
        String listId = m.matches() ? decode(m.group(1)) : null;
        synchronized (this) {
            if (listId == null || !tasks.containsKey(listId)) {
                error(exchange, 404, "Not Found", "NOT_FOUND");
                return;
            }
        }
        if (method.equals("GET")) {
            boolean showCompleted = !"false".equals(query.get("showCompleted"));
            boolean showHidden = "true".equals(query.get("showHidden"));
            List<JsonNode> list = tasksOf(listId).stream()
                    .filter(t -> showCompleted || !"completed".equals(t.path("status").asText()))
                    .filter(t -> showHidden || !t.path("hidden").asBoolean(false)).toList();
            sendPage(exchange, "items", list, query.get("pageToken"), pageSize(query.get("maxResults"), 20, 100));
            return;
        }
        ObjectNode task = (ObjectNode) body(exchange);
        if (task.path("title").asText("").length() > 1024 || task.path("notes").asText("").length() > 8192) {
            error(exchange, 400, "Invalid Value", "INVALID_ARGUMENT");
            return;
        }
        String parent = query.get("parent");
        String id;
        synchronized (this) {
            if (parent != null && tasks.get(listId).stream().noneMatch(t -> parent.equals(t.path("id").asText()))) {
                error(exchange, 400, "Invalid Value", "INVALID_ARGUMENT");
                return;
            }
            id = insertTask(listId, parent, query.get("previous"), task);
        }
        if (id == null) {
            error(exchange, 400, "Invalid Value", "INVALID_ARGUMENT");
            return;
        }
        send(exchange, 200, "application/json", task.toString());
    }

    // ---- HTTP

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            String method = exchange.getRequestMethod();
            if (path.equals("/token") && method.equals("POST")) {
                token(exchange);
                return;
            }
            if (path.equals("/revoke") && method.equals("POST")) {
                revocations.incrementAndGet();
                String token = form(exchange).getOrDefault("token", "");
                accessTokens.remove(token);
                refreshTokens.remove(token);
                send(exchange, 200, "application/json", "{}");
                return;
            }
            if (path.startsWith("/media/")) {
                media(exchange, path.substring("/media/".length()));
                return;
            }
            Runnable action = atRequest.remove(apiRequests.incrementAndGet());
            if (action != null) {
                action.run();
            }
            if (!authorized(exchange)) {
                exchange.getResponseHeaders().add("WWW-Authenticate",
                        "Bearer realm=\"https://accounts.google.com/\", error=\"invalid_token\"");
                error(exchange, 401, "Request had invalid authentication credentials. Expected OAuth 2 access token, login "
                        + "cookie or other valid authentication credential.", "UNAUTHENTICATED");
                return;
            }
            if (throttleNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throttled.incrementAndGet();
                exchange.getResponseHeaders().add("Retry-After", Integer.toString(retryAfterSeconds));
                error(exchange, 429, "Quota exceeded for quota metric 'All requests' and limit 'All requests per minute per user'",
                        "RESOURCE_EXHAUSTED");
                return;
            }
            if (rateLimit403Next.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throttled.incrementAndGet();
                send(exchange, 403, "application/json", "{\"error\": {\"errors\": [{\"domain\": \"usageLimits\", \"reason\": "
                        + "\"rateLimitExceeded\", \"message\": \"Rate Limit Exceeded\"}], \"code\": 403, \"message\": \"Rate Limit Exceeded\"}}");
                return;
            }
            if (path.startsWith("/people/v1/")) {
                people.handle(exchange, method, path.substring("/people".length()));
            } else if (path.startsWith("/gmail/v1/users/me/") || path.startsWith("/upload/gmail/v1/users/me/")) {
                gmail.handle(exchange, method, path);
            } else if (path.startsWith("/tasks/v1/")) {
                tasks(exchange, method, path.substring("/tasks/v1".length()));
            } else if (path.startsWith("/calendar/v3/")) {
                calendar(exchange, method, path.substring("/calendar/v3".length()));
            } else {
                photos(exchange, method, path);
            }
        } catch (RuntimeException e) {
            error(exchange, 500, "Internal error encountered.", "INTERNAL");
        }
    }

    private void photos(HttpExchange exchange, String method, String path) throws IOException {
        Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
        if (method.equals("GET") && path.equals("/v1/albums")) {
            int size = pageSize(query.get("pageSize"), 20, 50);
            boolean appOnly = "true".equals(query.get("excludeNonAppCreatedData"));
            List<JsonNode> list;
            synchronized (this) {
                list = albums.values().stream().filter(a -> !appOnly || a.appCreated()).map(this::albumJson).toList();
            }
            sendPage(exchange, "albums", list, query.get("pageToken"), size);
        } else if (method.equals("POST") && path.equals("/v1/albums")) {
            String title = body(exchange).path("album").path("title").asText("");
            if (title.isEmpty() || title.length() > 500) {
                error(exchange, 400, "Invalid album title", "INVALID_ARGUMENT");
                return;
            }
            JsonNode album;
            synchronized (this) {
                String id = "AL" + ids.incrementAndGet();
                albums.put(id, new Album(id, title, true, new ArrayList<>(), new ArrayList<>()));
                album = albumJson(albums.get(id));
            }
            send(exchange, 200, "application/json", album.toString());
        } else if (method.equals("POST") && path.startsWith("/v1/albums/") && path.endsWith(":addEnrichment")) {
            String id = decode(path.substring("/v1/albums/".length(), path.length() - ":addEnrichment".length()));
            String text = body(exchange).path("newEnrichmentItem").path("textEnrichment").path("text").asText("");
            synchronized (this) {
                Album album = albums.get(id);
                if (album == null || !album.appCreated()) {
                    error(exchange, 400, "Request contains an invalid album id", "INVALID_ARGUMENT");
                    return;
                }
                album.enrichments().add(text);
            }
            send(exchange, 200, "application/json", "{\"enrichmentItem\": {\"id\": \"EN" + ids.incrementAndGet() + "\"}}");
        } else if (method.equals("POST") && path.equals("/v1/mediaItems:search")) {
            JsonNode body = body(exchange);
            String albumId = body.path("albumId").asText("");
            List<JsonNode> list;
            synchronized (this) {
                Album album = albums.get(albumId);
                if (album == null) {
                    error(exchange, 400, "Invalid album ID.", "INVALID_ARGUMENT");
                    return;
                }
                list = album.items().stream().map(items::get).map(this::itemJson).toList();
            }
            sendPage(exchange, "mediaItems", list, body.path("pageToken").asText(null),
                    pageSize(body.path("pageSize").asText(null), 25, 100));
        } else if (method.equals("GET") && path.equals("/v1/mediaItems")) {
            List<JsonNode> list;
            synchronized (this) {
                list = items.values().stream().map(this::itemJson).toList();
            }
            sendPage(exchange, "mediaItems", list, query.get("pageToken"), pageSize(query.get("pageSize"), 25, 100));
        } else if (method.equals("GET") && path.startsWith("/v1/mediaItems/")) {
            Item item;
            synchronized (this) {
                item = items.get(decode(path.substring("/v1/mediaItems/".length())));
            }
            if (item == null) {
                error(exchange, 404, "Requested entity was not found.", "NOT_FOUND");
                return;
            }
            send(exchange, 200, "application/json", itemJson(item).toString());
        } else if (method.equals("POST") && path.equals("/v1/uploads")) {
            upload(exchange);
        } else if (method.equals("POST") && path.equals("/v1/mediaItems:batchCreate")) {
            batchCreate(exchange);
        } else {
            error(exchange, 404, "Not found: " + method + " " + path, "NOT_FOUND");
        }
    }

    private void upload(HttpExchange exchange) throws IOException {
        String protocol = exchange.getRequestHeaders().getFirst("X-Goog-Upload-Protocol");
        String contentType = exchange.getRequestHeaders().getFirst("X-Goog-Upload-Content-Type");
        if (!"raw".equals(protocol) || contentType == null || contentType.isBlank()) {
            error(exchange, 400, "X-Goog-Upload-Protocol: raw and X-Goog-Upload-Content-Type are required", "INVALID_ARGUMENT");
            return;
        }
        FileStore.Stored file;
        try (InputStream in = exchange.getRequestBody()) {
            file = mediaFiles.store(in); // an upload that breaks off is not stored: Google keeps nothing of it
        }
        uploadsReceived.incrementAndGet();
        String token = "UT" + token();
        String name = exchange.getRequestHeaders().getFirst("X-Goog-Upload-File-Name");
        int[] size = pixelSize(file.file());
        synchronized (this) {
            uploads.put(token, new Item(null, name, contentType, null, file, contentType.startsWith("video/"), null, size[0], size[1],
                    null, true));
        }
        send(exchange, 200, "text/plain; charset=utf-8", token);
    }

    private void batchCreate(HttpExchange exchange) throws IOException {
        JsonNode body = body(exchange);
        String albumId = body.path("albumId").asText(null);
        JsonNode newItems = body.path("newMediaItems");
        if (!newItems.isArray() || newItems.isEmpty() || newItems.size() > 50) {
            error(exchange, 400, "Request must contain between 1 and 50 media items", "INVALID_ARGUMENT");
            return;
        }
        ObjectNode answer = JSON.createObjectNode();
        ArrayNode results = answer.putArray("newMediaItemResults");
        synchronized (this) {
            Album album = albumId == null ? null : albums.get(albumId);
            if (albumId != null && (album == null || !album.appCreated())) {
                error(exchange, 400, "Request contains an invalid album id", "INVALID_ARGUMENT");
                return;
            }
            for (JsonNode n : newItems) {
                String token = n.path("simpleMediaItem").path("uploadToken").asText("");
                String fileName = n.path("simpleMediaItem").path("fileName").asText("");
                String description = n.path("description").asText(null);
                ObjectNode result = results.addObject();
                result.put("uploadToken", token);
                Item uploaded = uploads.remove(token);
                if (uploaded == null || (description != null && description.length() > 1000)) {
                    result.putObject("status").put("code", 3)
                            .put("message", "Failed: There was an error while trying to create this media item.");
                    continue;
                }
                String id = "MI" + ids.incrementAndGet();
                Item item = new Item(id, fileName.isEmpty() ? uploaded.filename() : fileName, uploaded.mimeType(), description,
                        uploaded.media(), uploaded.video(), Instant.now().toString(), uploaded.width(), uploaded.height(), null, true);
                items.put(id, item);
                if (album != null) {
                    album.items().add(id);
                }
                result.putObject("status").put("message", "Success");
                result.set("mediaItem", itemJson(item));
            }
        }
        if (loseNextCreateAnswers.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            error(exchange, 503, "The service is currently unavailable.", "UNAVAILABLE");
            return;
        }
        send(exchange, 200, "application/json", answer.toString());
    }

    private void media(HttpExchange exchange, String rest) throws IOException {
        int eq = rest.indexOf('=');
        String id = eq < 0 ? rest : rest.substring(0, eq);
        String options = eq < 0 ? "" : rest.substring(eq + 1);
        Item item;
        synchronized (this) {
            item = items.get(id);
        }
        if (item == null) {
            send(exchange, 404, "text/html", "Not found");
            return;
        }
        if (options.equals("dv") && item.video() || options.equals("d") && !item.video()) {
            exchange.getResponseHeaders().add("Content-Type", item.mimeType());
            exchange.sendResponseHeaders(200, item.media().size());
            try (InputStream in = item.media().open(); OutputStream out = exchange.getResponseBody()) {
                in.transferTo(out);
            }
        } else {
            send(exchange, 200, "image/jpeg", ("thumbnail of " + id).getBytes(StandardCharsets.UTF_8));
        }
    }

    private void token(HttpExchange exchange) throws IOException {
        Map<String, String> form = form(exchange);
        if (!CLIENT_ID.equals(form.get("client_id")) || !CLIENT_SECRET.equals(form.get("client_secret"))) {
            send(exchange, 401, "application/json", "{\"error\": \"invalid_client\", \"error_description\": \"Unauthorized\"}");
            return;
        }
        if (!"refresh_token".equals(form.get("grant_type")) || !refreshTokens.containsKey(form.getOrDefault("refresh_token", ""))) {
            send(exchange, 400, "application/json", "{\"error\": \"invalid_grant\", \"error_description\": \"Bad Request\"}");
            return;
        }
        refreshes.incrementAndGet();
        String access = "ya29." + token();
        accessTokens.put(access, Instant.now().plusSeconds(3599));
        send(exchange, 200, "application/json", "{\"access_token\": \"" + access + "\", \"expires_in\": 3599, \"scope\": "
                + "\"https://www.googleapis.com/auth/photoslibrary.appendonly\", \"token_type\": \"Bearer\"}");
    }

    private boolean authorized(HttpExchange exchange) {
        String header = exchange.getRequestHeaders().getFirst("Authorization");
        if (header == null || !header.startsWith("Bearer ")) {
            return false;
        }
        Instant expiry = accessTokens.get(header.substring("Bearer ".length()));
        return expiry != null && expiry.isAfter(Instant.now());
    }

    private JsonNode albumJson(Album a) {
        ObjectNode node = JSON.createObjectNode();
        node.put("id", a.id());
        node.put("title", a.title());
        node.put("productUrl", "https://photos.google.com/lr/album/" + a.id());
        node.put("isWriteable", a.appCreated());
        node.put("mediaItemsCount", Integer.toString(a.items().size()));
        return node;
    }

    private JsonNode itemJson(Item i) {
        ObjectNode node = JSON.createObjectNode();
        node.put("id", i.id());
        if (i.description() != null) {
            node.put("description", i.description());
        }
        node.put("productUrl", "https://photos.google.com/lr/photo/" + i.id());
        node.put("baseUrl", base() + "/media/" + i.id());
        node.put("mimeType", i.mimeType());
        node.put("filename", i.filename());
        ObjectNode metadata = node.putObject("mediaMetadata");
        metadata.put("creationTime", i.creationTime());
        if (i.width() > 0) {
            metadata.put("width", Integer.toString(i.width()));
            metadata.put("height", Integer.toString(i.height()));
        }
        if (i.video()) {
            metadata.putObject("video").put("fps", 30).put("status", videoStatuses.getOrDefault(i.id(), "READY"));
        } else {
            ObjectNode photo = metadata.putObject("photo");
            if (i.cameraMake() != null) {
                photo.put("cameraMake", i.cameraMake());
                photo.put("apertureFNumber", 2.8);
                photo.put("isoEquivalent", 100);
                photo.put("exposureTime", "0.008s");
            }
        }
        return node;
    }

    /**
     * The width and height Google reads from an uploaded file (mediaMetadata is Google's, not the uploader's):
     * here from an image's header; {0, 0}, and none in mediaMetadata, for bytes that are no image this JVM reads.
     */
    private static int[] pixelSize(Path file) {
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                return new int[]{0, 0};
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in);
                return new int[]{reader.getWidth(0), reader.getHeight(0)};
            } finally {
                reader.dispose();
            }
        } catch (IOException e) {
            return new int[]{0, 0};
        }
    }

    static void sendPage(HttpExchange exchange, String field, List<JsonNode> all, String pageToken, int size)
            throws IOException {
        sendPage(exchange, field, all, pageToken, size, null);
    }

    /** As {@link #sendPage(HttpExchange, String, List, String, int)}, with {@code nextSyncToken} on the last page (if not null). */
    static void sendPage(HttpExchange exchange, String field, List<JsonNode> all, String pageToken, int size, String syncToken)
            throws IOException {
        int offset = 0;
        if (pageToken != null && !pageToken.isEmpty()) {
            try {
                offset = Integer.parseInt(new String(Base64.getUrlDecoder().decode(pageToken), StandardCharsets.UTF_8).substring(2));
            } catch (RuntimeException e) {
                error(exchange, 400, "Invalid page token.", "INVALID_ARGUMENT");
                return;
            }
        }
        ObjectNode answer = JSON.createObjectNode();
        List<JsonNode> page = all.subList(Math.min(offset, all.size()), Math.min(offset + size, all.size()));
        if (!page.isEmpty()) {
            answer.putArray(field).addAll(page);
        }
        if (offset + size < all.size()) {
            answer.put("nextPageToken", Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(("o:" + (offset + size)).getBytes(StandardCharsets.UTF_8)));
        } else if (syncToken != null) {
            answer.put("nextSyncToken", syncToken);
        }
        send(exchange, 200, "application/json", answer.toString());
    }

    static int pageSize(String value, int defaultSize, int max) {
        try {
            int n = value == null ? 0 : Integer.parseInt(value);
            return n <= 0 ? defaultSize : Math.min(n, max);
        } catch (NumberFormatException e) {
            return defaultSize;
        }
    }

    static void error(HttpExchange exchange, int code, String message, String status) throws IOException {
        ObjectNode error = JSON.createObjectNode();
        error.putObject("error").put("code", code).put("message", message).put("status", status);
        send(exchange, code, "application/json; charset=UTF-8", error.toString());
    }

    static JsonNode body(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            JsonNode node = JSON.readTree(in);
            return node == null ? JSON.createObjectNode() : node;
        }
    }

    private static Map<String, String> form(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            return query(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    static Map<String, String> query(String raw) {
        Map<String, String> map = new HashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    map.put(decode(pair.substring(0, eq)), decode(pair.substring(eq + 1)));
                }
            }
        }
        return map;
    }

    static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        send(exchange, status, contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", contentType);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private String token() {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
        gmail.close();
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
        mediaFiles.close();
    }
}
