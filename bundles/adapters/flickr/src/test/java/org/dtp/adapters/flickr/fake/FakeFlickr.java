package org.dtp.adapters.flickr.fake;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.dtp.auth.oauth1.OAuth1Signatures;
import org.dtp.kit.testing.FileStore;
import org.dtp.spi.http.FormEncoding;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A Flickr for tests on 127.0.0.1, one user, following Flickr's public documentation:
 * <ul>
 * <li>REST: https://www.flickr.com/services/api/request.rest.html and the JSON format
 *     https://www.flickr.com/services/api/response.json.html ({@code format=json&nojsoncallback=1}; without
 *     {@code nojsoncallback} the answer is wrapped in {@code jsonFlickrApi(...)}, as Flickr does). Methods, arguments,
 *     answers and error codes as on their pages: flickr.test.login (the user's NSID, each fake another user),
 *     flickr.photosets.getList, flickr.photosets.getPhotos (extras
 *     original_format, date_taken, description, geo, media, url_o), flickr.photos.getNotInSet, flickr.photos.search
 *     (user_id, machine_tags), flickr.photos.getAllContexts, flickr.photos.getSizes, flickr.photosets.create,
 *     flickr.photosets.addPhoto, flickr.photos.setDates, flickr.photos.geo.setLocation. Failures are HTTP 200 with
 *     {@code {"stat":"fail","code":N,"message":...}}.</li>
 * <li>Upload: https://www.flickr.com/services/api/upload.api.html: multipart POST with the file in {@code photo}, the
 *     other arguments as POST (or query) parameters, answered in REST XML {@code <photoid>} / {@code <err>}.</li>
 * <li>OAuth 1.0a: https://www.flickr.com/services/api/auth.oauth.html: HMAC-SHA1 in the Authorization header over the
 *     query and form parameters (never the photo). An unknown key is 100 "Invalid API Key", a wrong token 98 "Invalid
 *     auth token", a wrong signature 96 "Invalid signature", a missing one 97.</li>
 * <li>Limits: Flickr's terms allow 3,600 calls per hour per key but document no answer past it: this fake answers
 *     HTTP 429 with Retry-After (our assumption) past {@link #limitCallsPerHour}, and on {@link #throttleNext}.</li>
 * </ul>
 * Photo ids and photoset ids are numbers, as at Flickr. The signature check uses dtp-auth's RFC 5849 primitives on
 * what this server received (the request line, its query, its form), so a request whose signature does not cover
 * what was sent fails.
 */
public final class FakeFlickr implements AutoCloseable {
    public static final String NSID = "12345678@N00";
    private static final DateTimeFormatter DATE_TAKEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A photo or video held here; its bytes are in a file, as large videos would not fit in the test's heap. */
    public static final class StoredPhoto {
        public final String id;
        public volatile String title;
        public volatile String description;
        public final List<String> tags = new CopyOnWriteArrayList<>();
        public final boolean video;
        public final String format;
        private final FileStore.Stored file;
        public volatile double latitude;
        public volatile double longitude;
        public volatile String dateTaken;
        public volatile boolean originalDownloadable = true;
        final String originalSecret;

        StoredPhoto(String id, String title, String description, boolean video, String format, FileStore.Stored file) {
            this.id = id;
            this.title = title == null ? "" : title;
            this.description = description == null ? "" : description;
            this.video = video;
            this.format = format;
            this.file = file;
            this.originalSecret = Integer.toHexString(id.hashCode() & 0xfffffff);
        }

        public byte[] bytes() {
            return file.bytes();
        }

        public String sha256() {
            return file.sha256();
        }
    }

    /** A photoset held here. */
    public static final class StoredSet {
        public final String id;
        public final String title;
        public final String description;
        public final List<String> photoIds = new CopyOnWriteArrayList<>();

        StoredSet(String id, String title, String description) {
            this.id = id;
            this.title = title;
            this.description = description == null ? "" : description;
        }
    }

    private final HttpServer server;
    /** The user's NSID, as Flickr writes them ("12037949754@N01"). */
    private final String nsid = (10_000_000_000L + new java.util.Random().nextInt(Integer.MAX_VALUE)) + "@N01";
    private final FileStore storage = new FileStore("fake-flickr");
    private final String consumerKey = "fake-flickr-key";
    private final String consumerSecret = "fake-flickr-secret";
    private final String token = "72157-ann-token";
    private final String tokenSecret = "ann-token-secret";
    private final AtomicLong ids = new AtomicLong(50_000_000_000L);
    private final Map<String, StoredPhoto> photos = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<String, StoredSet> sets = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final List<Long> callTimes = new CopyOnWriteArrayList<>();
    private final Map<String, int[]> failures = new ConcurrentHashMap<>();
    private final AtomicInteger throttles = new AtomicInteger();
    private volatile int throttleSeconds;
    private volatile int limitCallsPerHour = Integer.MAX_VALUE;
    private final AtomicInteger lostUploadAnswers = new AtomicInteger();
    private final Set<String> nonces = ConcurrentHashMap.newKeySet();

    private FakeFlickr() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/services/rest/", this::rest);
        server.createContext("/services/upload/", this::upload);
        server.createContext("/media/", this::media);
        server.createContext("/photos/", this::media);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
    }

    public static FakeFlickr start() throws IOException {
        return new FakeFlickr();
    }

    public String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public URI restUri() {
        return URI.create(base() + "/services/rest/");
    }

    public URI uploadUri() {
        return URI.create(base() + "/services/upload/");
    }

    public String consumerKey() {
        return consumerKey;
    }

    public String consumerSecret() {
        return consumerSecret;
    }

    public String token() {
        return token;
    }

    public String tokenSecret() {
        return tokenSecret;
    }

    public StoredSet addPhotoset(String title, String description) {
        StoredSet set = new StoredSet(String.valueOf(ids.incrementAndGet()), title, description);
        sets.put(set.id, set);
        return set;
    }

    /** A photo (or video) of the user, in {@code set} when not null. */
    public StoredPhoto addPhoto(StoredSet set, String title, String description, boolean video, String format, byte[] bytes) {
        try {
            return addPhoto(set, title, description, video, format, storage.store(new ByteArrayInputStream(bytes)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private StoredPhoto addPhoto(StoredSet set, String title, String description, boolean video, String format,
                                 FileStore.Stored file) {
        StoredPhoto photo = new StoredPhoto(String.valueOf(ids.incrementAndGet()), title, description, video, format, file);
        photos.put(photo.id, photo);
        if (set != null) {
            set.photoIds.add(photo.id);
        }
        return photo;
    }

    public List<StoredPhoto> photos() {
        synchronized (photos) {
            return List.copyOf(photos.values());
        }
    }

    public List<StoredSet> photosets() {
        synchronized (sets) {
            return List.copyOf(sets.values());
        }
    }

    public StoredPhoto photo(String id) {
        return photos.get(id);
    }

    /** How often {@code method} (or "upload") was called and accepted past the signature check. */
    public int calls(String method) {
        AtomicInteger n = calls.get(method);
        return n == null ? 0 : n.get();
    }

    /** When each accepted call arrived (System.nanoTime). */
    public List<Long> callTimes() {
        return List.copyOf(callTimes);
    }

    /** The next {@code times} calls of {@code method} ("upload" for the Upload API) fail with {@code code}. */
    public void failNext(String method, int code, int times) {
        failures.put(method, new int[]{code, times});
    }

    /** The next {@code times} requests get 429 with Retry-After {@code seconds}. */
    public void throttleNext(int times, int seconds) {
        throttleSeconds = seconds;
        throttles.set(times);
    }

    public void limitCallsPerHour(int limit) {
        limitCallsPerHour = limit;
    }

    /** The next upload is stored, but its answer is lost (a 502 instead). */
    public void loseNextUploadAnswer() {
        lostUploadAnswers.incrementAndGet();
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
        storage.close();
    }

    // ---- REST ----

    private void rest(HttpExchange exchange) throws IOException {
        try (exchange) {
            List<Map.Entry<String, String>> query = FormEncoding.decode(exchange.getRequestURI().getRawQuery());
            List<Map.Entry<String, String>> form = "POST".equals(exchange.getRequestMethod())
                    ? FormEncoding.decode(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)) : List.of();
            Map<String, String> params = new LinkedHashMap<>();
            query.forEach(p -> params.put(p.getKey(), p.getValue()));
            form.forEach(p -> params.put(p.getKey(), p.getValue()));
            String method = params.getOrDefault("method", "");
            if (throttled(exchange)) {
                return;
            }
            Map<String, Object> answer;
            String problem = verify(exchange, query, form);
            if (problem != null) {
                answer = fail(Integer.parseInt(problem.substring(0, problem.indexOf(' '))), problem.substring(problem.indexOf(' ') + 1));
            } else {
                calls.computeIfAbsent(method, m -> new AtomicInteger()).incrementAndGet();
                callTimes.add(System.nanoTime());
                int[] failure = failures.get(method);
                if (failure != null && failure[1]-- > 0) {
                    answer = fail(failure[0], "injected failure");
                } else {
                    answer = call(method, params);
                }
            }
            if (!"json".equals(params.get("format"))) {
                send(exchange, 200, "text/xml", ("<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n<rsp stat=\"fail\"><err code=\"111\" "
                        + "msg=\"Format &quot;" + params.getOrDefault("format", "rest") + "&quot; not supported by this fake\"/></rsp>")
                        .getBytes(StandardCharsets.UTF_8));
                return;
            }
            String json = JSON.writeValueAsString(answer);
            send(exchange, 200, "application/json", ("1".equals(params.get("nojsoncallback")) ? json : "jsonFlickrApi(" + json + ")")
                    .getBytes(StandardCharsets.UTF_8));
        }
    }

    private Map<String, Object> call(String method, Map<String, String> p) {
        int page = Math.max(1, intOf(p.get("page"), 1));
        int perPage = Math.min(500, Math.max(1, intOf(p.get("per_page"), 100)));
        Set<String> extras = new HashSet<>(List.of(p.getOrDefault("extras", "").split(",")));
        switch (method) {
            case "flickr.test.login":
                return ok("user", Map.of("id", nsid, "username", Map.of("_content", "ann")));
            case "flickr.photosets.getList": {
                List<StoredSet> all = photosets();
                List<Object> list = new ArrayList<>();
                for (StoredSet s : slice(all, page, perPage)) {
                    Map<String, Object> set = new LinkedHashMap<>();
                    set.put("id", s.id);
                    set.put("primary", s.photoIds.isEmpty() ? "0" : s.photoIds.get(0));
                    set.put("photos", s.photoIds.size());
                    set.put("title", Map.of("_content", s.title));
                    set.put("description", Map.of("_content", s.description));
                    list.add(set);
                }
                return ok("photosets", listPage(list, page, perPage, all.size(), "photoset"));
            }
            case "flickr.photosets.getPhotos": {
                StoredSet set = sets.get(p.getOrDefault("photoset_id", ""));
                if (set == null) {
                    return fail(1, "Photoset not found");
                }
                List<StoredPhoto> all = set.photoIds.stream().map(photos::get).toList();
                Map<String, Object> body = listPage(json(slice(all, page, perPage), extras), page, perPage, all.size(), "photo");
                body.put("id", set.id);
                body.put("owner", NSID);
                body.put("title", set.title);
                return ok("photoset", body);
            }
            case "flickr.photos.getNotInSet": {
                Set<String> inSets = new HashSet<>();
                photosets().forEach(s -> inSets.addAll(s.photoIds));
                List<StoredPhoto> all = photos().stream().filter(ph -> !inSets.contains(ph.id)).toList();
                return ok("photos", listPage(json(slice(all, page, perPage), extras), page, perPage, all.size(), "photo"));
            }
            case "flickr.photos.search": {
                if (!"me".equals(p.get("user_id")) && !NSID.equals(p.get("user_id"))) {
                    return fail(2, "Unknown user");
                }
                Set<String> wanted = new HashSet<>(List.of(p.getOrDefault("machine_tags", "").split(",")));
                List<StoredPhoto> all = photos().stream().filter(ph -> ph.tags.stream().anyMatch(wanted::contains)).toList();
                return ok("photos", listPage(json(slice(all, page, perPage), extras), page, perPage, all.size(), "photo"));
            }
            case "flickr.photos.getAllContexts": {
                if (!photos.containsKey(p.getOrDefault("photo_id", ""))) {
                    return fail(1, "Photo not found");
                }
                List<Object> in = new ArrayList<>();
                for (StoredSet s : photosets()) {
                    if (s.photoIds.contains(p.get("photo_id"))) {
                        in.add(Map.of("id", s.id, "title", s.title));
                    }
                }
                Map<String, Object> answer = new LinkedHashMap<>();
                answer.put("set", in);
                answer.put("stat", "ok");
                return answer;
            }
            case "flickr.photos.getSizes": {
                StoredPhoto photo = photos.get(p.getOrDefault("photo_id", ""));
                if (photo == null) {
                    return fail(1, "Photo not found");
                }
                List<Object> sizes = new ArrayList<>();
                sizes.add(Map.of("label", "Square", "width", 75, "height", 75, "source", base() + "/media/" + photo.id + "_s.jpg", "media", photo.video ? "video" : "photo"));
                if (photo.video) {
                    sizes.add(Map.of("label", "Video Original", "source", videoUrl(photo), "media", "video"));
                } else if (photo.originalDownloadable) {
                    sizes.add(Map.of("label", "Original", "source", originalUrl(photo), "media", "photo"));
                }
                return ok("sizes", new LinkedHashMap<>(Map.of("candownload", 1, "size", sizes)));
            }
            case "flickr.photosets.create": {
                String title = p.getOrDefault("title", "");
                if (title.isEmpty()) {
                    return fail(1, "No title specified");
                }
                if (!photos.containsKey(p.getOrDefault("primary_photo_id", ""))) {
                    return fail(2, "Photo not found");
                }
                StoredSet set = addPhotoset(title, p.get("description"));
                set.photoIds.add(p.get("primary_photo_id"));
                return ok("photoset", Map.of("id", set.id, "url", base() + "/photos/" + NSID + "/sets/" + set.id + "/"));
            }
            case "flickr.photosets.addPhoto": {
                StoredSet set = sets.get(p.getOrDefault("photoset_id", ""));
                if (set == null) {
                    return fail(1, "Photoset not found");
                }
                if (!photos.containsKey(p.getOrDefault("photo_id", ""))) {
                    return fail(2, "Photo not found");
                }
                synchronized (set) {
                    if (set.photoIds.contains(p.get("photo_id"))) {
                        return fail(3, "Photo already in set");
                    }
                    set.photoIds.add(p.get("photo_id"));
                }
                return okEmpty();
            }
            case "flickr.photos.setDates": {
                StoredPhoto photo = photos.get(p.getOrDefault("photo_id", ""));
                if (photo == null) {
                    return fail(1, "Photo not found");
                }
                if (p.containsKey("date_taken")) {
                    try {
                        LocalDateTime.parse(p.get("date_taken"), DATE_TAKEN);
                    } catch (DateTimeParseException e) {
                        return fail(3, "Invalid date taken");
                    }
                    photo.dateTaken = p.get("date_taken");
                }
                return okEmpty();
            }
            case "flickr.photos.geo.setLocation": {
                StoredPhoto photo = photos.get(p.getOrDefault("photo_id", ""));
                if (photo == null) {
                    return fail(1, "Photo not found");
                }
                try {
                    double lat = Double.parseDouble(p.getOrDefault("lat", ""));
                    double lon = Double.parseDouble(p.getOrDefault("lon", ""));
                    if (lat < -90 || lat > 90 || lon < -180 || lon > 180) {
                        return fail(3, "Invalid latitude or longitude");
                    }
                    photo.latitude = lat;
                    photo.longitude = lon;
                } catch (NumberFormatException e) {
                    return fail(2, "Required arguments missing");
                }
                return okEmpty();
            }
            default:
                return fail(112, "Method \"" + method + "\" not found");
        }
    }

    private List<Object> json(List<StoredPhoto> page, Set<String> extras) {
        List<Object> out = new ArrayList<>();
        for (StoredPhoto ph : page) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", ph.id);
            m.put("owner", NSID);
            m.put("secret", "abc123");
            m.put("server", "65535");
            m.put("farm", 66);
            m.put("title", ph.title);
            m.put("ispublic", 0);
            m.put("isfriend", 0);
            m.put("isfamily", 0);
            if (extras.contains("description")) {
                m.put("description", Map.of("_content", ph.description));
            }
            if (extras.contains("original_format") && ph.originalDownloadable) {
                m.put("originalsecret", ph.originalSecret);
                m.put("originalformat", ph.format);
            }
            if (extras.contains("date_taken")) {
                m.put("datetaken", ph.dateTaken == null ? "2024-01-01 00:00:00" : ph.dateTaken);
                m.put("datetakengranularity", 0);
                m.put("datetakenunknown", ph.dateTaken == null ? "1" : "0");
            }
            if (extras.contains("geo")) {
                m.put("latitude", ph.latitude);
                m.put("longitude", ph.longitude);
                m.put("accuracy", ph.latitude == 0 && ph.longitude == 0 ? 0 : 16);
            }
            if (extras.contains("media")) {
                m.put("media", ph.video ? "video" : "photo");
                m.put("media_status", "ready");
            }
            if (extras.contains("url_o") && ph.originalDownloadable) {
                // for a video, url_o is its still frame, not the video
                m.put("url_o", ph.video ? base() + "/media/" + ph.id + "_o.jpg" : originalUrl(ph));
                m.put("width_o", 640);
                m.put("height_o", 480);
            }
            out.add(m);
        }
        return out;
    }

    private String originalUrl(StoredPhoto ph) {
        return base() + "/media/" + ph.id + "_" + ph.originalSecret + "_o." + ph.format;
    }

    private String videoUrl(StoredPhoto ph) {
        return base() + "/photos/" + NSID + "/" + ph.id + "/play/orig/" + ph.originalSecret + "/";
    }

    // ---- Upload API ----

    private void upload(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod())) {
                send(exchange, 405, "text/plain", new byte[0]);
                return;
            }
            if (throttled(exchange)) {
                return;
            }
            String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
            if (contentType == null || !contentType.startsWith("multipart/form-data; boundary=")) {
                sendXml(exchange, "<err code=\"2\" msg=\"No photo specified\"/>", false);
                return;
            }
            // The body goes to a file first: a video may be larger than the test's heap.
            FileStore.Stored body = storage.store(exchange.getRequestBody());
            try {
                receive(exchange, contentType.substring(contentType.indexOf('=') + 1), body);
            } finally {
                storage.delete(body);
            }
        }
    }

    private void receive(HttpExchange exchange, String boundary, FileStore.Stored body) throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        FileStore.Stored[] photo = new FileStore.Stored[1];
        String[] photoType = new String[1];
        parseMultipart(body, boundary, fields, photo, photoType);
        List<Map.Entry<String, String>> query = FormEncoding.decode(exchange.getRequestURI().getRawQuery());
        List<Map.Entry<String, String>> signedFields = new ArrayList<>(fields.entrySet());
        String problem = verify(exchange, query, signedFields);
        if (problem != null) {
            int space = problem.indexOf(' ');
            sendXml(exchange, "<err code=\"" + problem.substring(0, space) + "\" msg=\"" + problem.substring(space + 1) + "\"/>", false);
            return;
        }
        calls.computeIfAbsent("upload", m -> new AtomicInteger()).incrementAndGet();
        callTimes.add(System.nanoTime());
        Map<String, String> args = new LinkedHashMap<>();
        query.forEach(p -> args.put(p.getKey(), p.getValue()));
        args.putAll(fields);
        int[] failure = failures.get("upload");
        if (failure != null && failure[1]-- > 0) {
            sendXml(exchange, "<err code=\"" + failure[0] + "\" msg=\"injected failure\"/>", false);
            return;
        }
        if (photo[0] == null) {
            sendXml(exchange, "<err code=\"2\" msg=\"No photo specified\"/>", false);
            return;
        }
        if (photo[0].size() == 0) {
            sendXml(exchange, "<err code=\"4\" msg=\"Filesize was zero\"/>", false);
            return;
        }
        boolean video = photoType[0] != null && photoType[0].startsWith("video/");
        String format = video ? "mp4" : photoType[0] != null && photoType[0].equals("image/png") ? "png" : "jpg";
        StoredPhoto stored = addPhoto(null, args.get("title"), args.get("description"), video, format, photo[0]);
        for (String tag : args.getOrDefault("tags", "").split(" ")) {
            if (!tag.isBlank()) {
                stored.tags.add(tag);
            }
        }
        if (lostUploadAnswers.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            send(exchange, 502, "text/plain", "Bad Gateway".getBytes(StandardCharsets.US_ASCII));
            return;
        }
        sendXml(exchange, "<photoid>" + stored.id + "</photoid>", true);
    }

    /** The parts of a multipart body in a file: the photo's bytes are copied to a file of their own, never held. */
    private void parseMultipart(FileStore.Stored body, String boundary, Map<String, String> fields, FileStore.Stored[] photo,
                                String[] photoType) throws IOException {
        try (FileChannel channel = FileChannel.open(body.file())) {
            MappedByteBuffer bytes = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
            byte[] nextDelimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
            byte[] headersEnd = "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
            long at = indexOf(bytes, delimiter, 0);
            while (at >= 0) {
                int start = (int) at + delimiter.length;
                if (start + 1 < bytes.limit() && bytes.get(start) == '-' && bytes.get(start + 1) == '-') {
                    break;
                }
                int headersAt = indexOf(bytes, headersEnd, start);
                int next = headersAt < 0 ? -1 : indexOf(bytes, nextDelimiter, headersAt);
                if (next < 0) {
                    break;
                }
                byte[] headerBytes = new byte[headersAt - start];
                bytes.get(start, headerBytes);
                String headers = new String(headerBytes, StandardCharsets.ISO_8859_1);
                String name = headers.replaceAll("(?s).*?; name=\"([^\"]*)\".*", "$1");
                int valueAt = headersAt + headersEnd.length;
                if ("photo".equals(name)) {
                    long length = next - valueAt;
                    photo[0] = storage.store(out -> {
                        WritableByteChannel target = Channels.newChannel(out);
                        for (long copied = 0; copied < length; ) {
                            copied += channel.transferTo(valueAt + copied, length - copied, target);
                        }
                    });
                    String type = headers.replaceAll("(?is).*content-type: *([^\\r\\n]*).*", "$1");
                    photoType[0] = type.equals(headers) ? null : type.trim().toLowerCase(Locale.ROOT);
                } else {
                    byte[] value = new byte[next - valueAt];
                    bytes.get(valueAt, value);
                    fields.put(name, new String(value, StandardCharsets.UTF_8));
                }
                at = next + 2;
            }
        }
    }

    /** Where {@code pattern} first starts in {@code bytes} at or after {@code from}; -1 if nowhere. */
    private static int indexOf(ByteBuffer bytes, byte[] pattern, int from) {
        for (int i = from; i <= bytes.limit() - pattern.length; i++) {
            int j = 0;
            while (j < pattern.length && bytes.get(i + j) == pattern[j]) {
                j++;
            }
            if (j == pattern.length) {
                return i;
            }
        }
        return -1;
    }

    private void sendXml(HttpExchange exchange, String inner, boolean ok) throws IOException {
        send(exchange, 200, "text/xml; charset=utf-8", ("<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n<rsp stat=\""
                + (ok ? "ok" : "fail") + "\">\n" + inner + "\n</rsp>\n").getBytes(StandardCharsets.UTF_8));
    }

    // ---- media ----

    private void media(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            for (StoredPhoto ph : photos()) {
                if (path.equals(URI.create(originalUrl(ph)).getPath()) && !ph.video && ph.originalDownloadable
                        || path.equals(URI.create(videoUrl(ph)).getPath()) && ph.video) {
                    exchange.getResponseHeaders().set("Content-Type", ph.video ? "video/mp4" : "image/" + ph.format);
                    exchange.sendResponseHeaders(200, ph.file.size());
                    try (InputStream in = ph.file.open(); OutputStream out = exchange.getResponseBody()) {
                        in.transferTo(out);
                    }
                    return;
                }
                if (path.equals("/media/" + ph.id + "_o.jpg") && ph.video) {
                    send(exchange, 200, "image/jpeg", "still frame".getBytes(StandardCharsets.US_ASCII));
                    return;
                }
            }
            send(exchange, 404, "text/plain", "Not Found".getBytes(StandardCharsets.US_ASCII));
        }
    }

    // ---- OAuth, limits ----

    /** Null when the request is signed right, else "code message". */
    private String verify(HttpExchange exchange, List<Map.Entry<String, String>> query, List<Map.Entry<String, String>> form) {
        String header = exchange.getRequestHeaders().getFirst("Authorization");
        if (header == null || !header.startsWith("OAuth ")) {
            return "97 Missing signature";
        }
        Map<String, String> protocol = new LinkedHashMap<>();
        for (String part : header.substring(6).split(",")) {
            String p = part.trim();
            int eq = p.indexOf('=');
            if (eq < 0 || !p.endsWith("\"")) {
                return "96 Invalid signature";
            }
            protocol.put(FormEncoding.percentDecode(p.substring(0, eq)), FormEncoding.percentDecode(p.substring(eq + 2, p.length() - 1)));
        }
        if (!consumerKey.equals(protocol.get("oauth_consumer_key"))) {
            return "100 Invalid API Key (Key not found)";
        }
        if (!token.equals(protocol.get("oauth_token"))) {
            return "98 Invalid auth token";
        }
        String signature = protocol.remove("oauth_signature");
        if (signature == null || !"HMAC-SHA1".equals(protocol.get("oauth_signature_method"))) {
            return "97 Missing signature";
        }
        List<Map.Entry<String, String>> signed = new ArrayList<>(form);
        protocol.forEach((k, v) -> signed.add(Map.entry(k, v)));
        URI received = URI.create("http://" + exchange.getRequestHeaders().getFirst("Host") + exchange.getRequestURI().getRawPath()
                + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery()));
        String expected = OAuth1Signatures.hmacSha1(OAuth1Signatures.signatureBaseString(exchange.getRequestMethod(), received, signed),
                consumerSecret, tokenSecret);
        if (!MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII), signature.getBytes(StandardCharsets.US_ASCII))) {
            return "96 Invalid signature";
        }
        if (!nonces.add(protocol.get("oauth_timestamp") + "|" + protocol.get("oauth_nonce"))) {
            return "96 Invalid signature (nonce used before)";
        }
        return null;
    }

    private boolean throttled(HttpExchange exchange) throws IOException {
        long hourAgo = System.nanoTime() - 3_600_000_000_000L;
        boolean overLimit = callTimes.stream().filter(t -> t > hourAgo).count() >= limitCallsPerHour;
        if (throttles.getAndUpdate(n -> Math.max(0, n - 1)) > 0 || overLimit) {
            exchange.getResponseHeaders().set("Retry-After", String.valueOf(overLimit ? 3600 : throttleSeconds));
            send(exchange, 429, "text/plain", "Too Many Requests".getBytes(StandardCharsets.US_ASCII));
            return true;
        }
        return false;
    }

    // ---- helpers ----

    private static <T> List<T> slice(List<T> all, int page, int perPage) {
        int from = Math.min(all.size(), (page - 1) * perPage);
        return all.subList(from, Math.min(all.size(), from + perPage));
    }

    private static Map<String, Object> listPage(List<Object> items, int page, int perPage, int total, String name) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("page", page);
        m.put("pages", (total + perPage - 1) / perPage);
        m.put("perpage", perPage);
        m.put("total", String.valueOf(total)); // Flickr sends some counts as strings
        m.put(name, items);
        return m;
    }

    /** The user's NSID, as flickr.test.login answers it. */
    public String nsid() {
        return nsid;
    }

    private static Map<String, Object> ok(String name, Object value) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(name, value);
        m.put("stat", "ok");
        return m;
    }

    private static Map<String, Object> okEmpty() {
        return new LinkedHashMap<>(Map.of("stat", "ok"));
    }

    private static Map<String, Object> fail(int code, String message) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("stat", "fail");
        m.put("code", code);
        m.put("message", message);
        return m;
    }

    private static int intOf(String text, int otherwise) {
        try {
            return text == null ? otherwise : Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

}
