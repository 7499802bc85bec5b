package org.dtp.fakes.smugmug;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A fake of the SmugMug API v2 for tests, serving on 127.0.0.1 on an ephemeral port until {@link #close()}.
 *
 * <p>It follows SmugMug's public API v2 documentation:
 * <ul>
 * <li>response envelope {@code {"Response":{"Uri","Locator","LocatorType",<Locator>:...},"Code","Message"}} and
 *     {@code Uris} links: https://api.smugmug.com/api/v2/doc/tutorial/basics.html and the reference pages
 *     https://api.smugmug.com/api/v2/doc/reference/user.html (incl. {@code /api/v2!authuser}),
 *     https://api.smugmug.com/api/v2/doc/reference/album.html, https://api.smugmug.com/api/v2/doc/reference/folder.html,
 *     https://api.smugmug.com/api/v2/doc/reference/node.html;</li>
 * <li>paging with {@code start} (1-based) and {@code count}, {@code Response.Pages} with Total, Start, Count,
 *     RequestedCount (count clamped to a per-endpoint maximum), FirstPage, PrevPage, NextPage, LastPage:
 *     https://api.smugmug.com/api/v2/doc/tutorial/paging.html;</li>
 * <li>uploads: POST to the uploader with the raw bytes, {@code X-Smug-AlbumUri}, {@code X-Smug-ResponseType: JSON},
 *     {@code X-Smug-Version: v2} required, optional {@code Content-MD5} (base64), {@code X-Smug-FileName},
 *     {@code X-Smug-Title}, {@code X-Smug-Caption}, {@code X-Smug-Keywords}, {@code X-Smug-Latitude/Longitude/Altitude},
 *     OAuth parameters only in the Authorization header: https://api.smugmug.com/api/v2/doc/reference/upload.html;</li>
 * <li>OAuth 1.0a with HMAC-SHA1, request token with {@code oauth_callback} (5 minutes, single use), authorize with
 *     {@code Access} (Public|Full) and {@code Permissions} (Read|Add|Modify), access token with {@code oauth_verifier}:
 *     https://api.smugmug.com/api/v2/doc/tutorial/authorization.html and
 *     https://api.smugmug.com/api/v2/doc/tutorial/oauth/faq.html ({@code oauth_problem=...} messages), checked per
 *     RFC 5849 §3.2 (https://www.rfc-editor.org/rfc/rfc5849);</li>
 * <li>429 with {@code Retry-After} in seconds and {@code X-RateLimit-Remaining}/{@code X-RateLimit-Reset} headers:
 *     https://api.smugmug.com/api/v2/doc/advanced/rate-limits.html.</li>
 * </ul>
 * Field names and value shapes (AlbumKey, ImageKey, FileName, Title, Caption, Keywords/KeywordArray, Format, IsVideo,
 * ArchivedUri/ArchivedSize/ArchivedMD5, OriginalWidth/OriginalHeight, DateTimeOriginal, Latitude/Longitude as text,
 * UrlName of 1 to 60 characters, Name of up to 255) are those SmugMug's live API browser shows for public albums.
 *
 * <p>Where the documents are silent it makes assumptions, named here so that tests do not mistake them for SmugMug's
 * word: the upload answer is HTTP 200 with {@code {"stat":"ok","method":"smugmug.images.upload","Image":{ImageUri,
 * AlbumImageUri,StatusImageReplaceUri,URL}}} or {@code {"stat":"fail","code":N,"message":...}} (the shape open-source
 * clients read); a full album answers code {@value #CODE_ALBUM_FULL}; a UrlName must start with a capital letter or a
 * digit and hold only ASCII letters, digits and hyphens (SmugMug's generated UrlNames look like that, and users report
 * 400s otherwise); a UrlName already used in the folder answers 409; a token without the permission a write needs
 * answers 403; header values are stored as they come (bytes above 127 read as UTF-8; the JDK's own client sends only
 * ASCII, so dtp percent-encodes other characters, and the fake stores that text as it is, as SmugMug may); an album holds at most {@link #albumImageCap(int)} images
 * (default {@value #DEFAULT_ALBUM_IMAGE_CAP}).
 *
 * <p>Tests can inject faults ({@link #failNext}, {@link #loseNextUploadResponses}), cap albums, clamp page sizes, and
 * inspect what was stored. Bytes are kept in a temporary folder, deleted on close. Thread-safe.
 */
public final class FakeSmugMug implements AutoCloseable {
    public static final String DEFAULT_CONSUMER_KEY = "fake-consumer-key";
    public static final String DEFAULT_CONSUMER_SECRET = "fake-consumer-secret";
    public static final int DEFAULT_ALBUM_IMAGE_CAP = 5000;
    /** Upload failure codes answered in {@code "code"}; from SmugMug's 1.x fault list except where noted. */
    public static final int CODE_SYSTEM_ERROR = 5;
    public static final int CODE_WRONG_FORMAT = 6;
    public static final int CODE_INVALID_ALBUM = 9;
    /** Our assumption (open-source clients call 63 "album full"; SmugMug does not document it). */
    public static final int CODE_ALBUM_FULL = 63;

    private static final int MAX_JSON_BODY = 1 << 20;
    private static final Pattern URL_NAME = Pattern.compile("[A-Z0-9][A-Za-z0-9-]{0,59}");
    private static final Pattern AUTH_USER = Pattern.compile("/api/v2!authuser");
    private static final Pattern USER = Pattern.compile("/api/v2/user/([A-Za-z0-9-]+)");
    private static final Pattern USER_ALBUMS = Pattern.compile("/api/v2/user/([A-Za-z0-9-]+)!albums");
    private static final Pattern FOLDER = Pattern.compile("/api/v2/folder/user/([A-Za-z0-9-]+)");
    private static final Pattern FOLDER_ALBUMS = Pattern.compile("/api/v2/folder/user/([A-Za-z0-9-]+)!albums");
    private static final Pattern ALBUM = Pattern.compile("/api/v2/album/([A-Za-z0-9]+)");
    private static final Pattern ALBUM_IMAGES = Pattern.compile("/api/v2/album/([A-Za-z0-9]+)!images");
    private static final Pattern ALBUM_IMAGE = Pattern.compile("/api/v2/album/([A-Za-z0-9]+)/image/([A-Za-z0-9]+)-(\\d+)");
    private static final Pattern IMAGE = Pattern.compile("/api/v2/image/([A-Za-z0-9]+)-(\\d+)");
    private static final Pattern ARCHIVE = Pattern.compile("/photos/([A-Za-z0-9]+)/(\\d+)/D/([^/]+)");
    private static final String OAUTH = "/services/oauth/1.0a/";

    /** A user and the access token a test signs with. */
    public record Account(String nickName, String token, String tokenSecret) {
    }

    /** An album as stored. */
    public record StoredAlbum(String albumKey, String nickName, String name, String urlName, String description,
                              List<String> keywords, String privacy, int imageCount) {
    }

    /** An image as stored; {@code md5} and {@code sha256} in hex. */
    public record StoredImage(String imageKey, String albumKey, String fileName, String title, String caption,
                              List<String> keywords, boolean video, long size, String md5, String sha256,
                              String latitude, String longitude, String altitude) {
    }

    private static final class User {
        final String nick;
        final String nodeId;

        User(String nick, String nodeId) {
            this.nick = nick;
            this.nodeId = nodeId;
        }
    }

    private static final class Token {
        final String token;
        final String secret;
        final String nick;
        final String access;
        final String permissions;

        Token(String token, String secret, String nick, String access, String permissions) {
            this.token = token;
            this.secret = secret;
            this.nick = nick;
            this.access = access;
            this.permissions = permissions;
        }
    }

    private static final class RequestToken {
        final String token;
        final String secret;
        final String callback;
        final Instant expires;
        String verifier;
        String nick;
        String access = "Public";
        String permissions = "Read";

        RequestToken(String token, String secret, String callback, Instant expires) {
            this.token = token;
            this.secret = secret;
            this.callback = callback;
            this.expires = expires;
        }
    }

    private static final class Album {
        final String key;
        final String nick;
        final String nodeId;
        final Instant created;
        String name;
        String urlName;
        String description = "";
        List<String> keywords = List.of();
        String privacy = "Public";
        final List<Image> images = new ArrayList<>();

        Album(String key, String nick, String nodeId, Instant created) {
            this.key = key;
            this.nick = nick;
            this.nodeId = nodeId;
            this.created = created;
        }
    }

    private static final class Image {
        final String key;
        final Album album;
        final Path file;
        final long size;
        final String md5;
        final String sha256;
        final Instant uploaded;
        final String uploadKey;
        String fileName;
        String title = "";
        String caption = "";
        List<String> keywords = List.of();
        boolean video;
        String format;
        String latitude = "0";
        String longitude = "0";
        String altitude = "0";
        Integer width;
        Integer height;
        String dateTimeOriginal;

        Image(String key, Album album, Path file, long size, String md5, String sha256, Instant uploaded, String uploadKey) {
            this.key = key;
            this.album = album;
            this.file = file;
            this.size = size;
            this.md5 = md5;
            this.sha256 = sha256;
            this.uploaded = uploaded;
            this.uploadKey = uploadKey;
        }
    }

    private record Fault(int status, String retryAfter, String pathPrefix) {
    }

    private final ObjectMapper json = new ObjectMapper();
    private final Clock clock;
    private final String consumerKey;
    private final String consumerSecret;
    private final HttpServer server;
    private final ExecutorService executor;
    private final Path storage;
    private final OAuthVerifier verifier;
    private final Random random = new Random();
    private final Object lock = new Object();
    private final Map<String, User> users = new LinkedHashMap<>();
    private final Map<String, Token> tokens = new LinkedHashMap<>();
    private final Map<String, RequestToken> requestTokens = new LinkedHashMap<>();
    private final Map<String, Album> albums = new LinkedHashMap<>();
    private final Map<String, Image> images = new LinkedHashMap<>();
    private final List<Fault> faults = new ArrayList<>();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger uploads = new AtomicInteger();
    private int lostUploadResponses;
    private int albumImageCap = DEFAULT_ALBUM_IMAGE_CAP;
    private int maxPageCount = 1000;
    private String authorizingNick;

    private FakeSmugMug(String consumerKey, String consumerSecret, Clock clock) throws IOException {
        this.consumerKey = consumerKey;
        this.consumerSecret = consumerSecret;
        this.clock = clock;
        this.verifier = new OAuthVerifier(clock);
        this.storage = Files.createTempDirectory("fake-smugmug");
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        this.executor = Executors.newFixedThreadPool(8, r -> {
            Thread t = new Thread(r, "fake-smugmug");
            t.setDaemon(true);
            return t;
        });
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    /** A fake with the default consumer key and secret. */
    public static FakeSmugMug start() throws IOException {
        return start(DEFAULT_CONSUMER_KEY, DEFAULT_CONSUMER_SECRET);
    }

    /** A fake that knows one application, {@code consumerKey} with {@code consumerSecret}. */
    public static FakeSmugMug start(String consumerKey, String consumerSecret) throws IOException {
        // The JDK's HTTP server sends headers and body in separate writes; without TCP_NODELAY each small reply
        // waits out the client's delayed ACK (about 40 ms), which would make the fake, not dtp, the bottleneck.
        // Read once when the server classes load, for the whole JVM: harmless in a test JVM.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
        return new FakeSmugMug(consumerKey, consumerSecret, Clock.systemUTC());
    }

    /** Where the API is: what {@code https://api.smugmug.com} is to SmugMug. */
    public URI apiBaseUri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Where uploads go: what {@code https://upload.smugmug.com/} is to SmugMug. */
    public URI uploadUri() {
        return URI.create(apiBaseUri() + "/");
    }

    /** The three OAuth 1.0a endpoints, in the order request token, authorize, access token. */
    public List<URI> oauthEndpoints() {
        return List.of(URI.create(apiBaseUri() + OAUTH + "getRequestToken"), URI.create(apiBaseUri() + OAUTH + "authorize"),
                URI.create(apiBaseUri() + OAUTH + "getAccessToken"));
    }

    public String consumerKey() {
        return consumerKey;
    }

    public String consumerSecret() {
        return consumerSecret;
    }

    /** Adds a user with an access token of Full access and Modify permissions. */
    public Account addUser(String nickName) {
        synchronized (lock) {
            if (!nickName.matches("[A-Za-z0-9-]+") || users.containsKey(nickName)) {
                throw new IllegalArgumentException("bad or taken nick name: " + nickName);
            }
            users.put(nickName, new User(nickName, newKey(6)));
            Token token = new Token(newKey(24), newKey(32), nickName, "Full", "Modify");
            tokens.put(token.token, token);
            return new Account(nickName, token.token, token.secret);
        }
    }

    /** Adds an access token for an existing user with the given access and permissions. */
    public Account addToken(String nickName, String access, String permissions) {
        synchronized (lock) {
            requireUser(nickName);
            Token token = new Token(newKey(24), newKey(32), nickName, access, permissions);
            tokens.put(token.token, token);
            return new Account(nickName, token.token, token.secret);
        }
    }

    /** Revokes an access token, as a user does in Account Settings. */
    public void revoke(String token) {
        synchronized (lock) {
            tokens.remove(token);
        }
    }

    /** Who approves requests at the authorize page from now on (there is no login page); null: nobody. */
    public void authorizeAs(String nickName) {
        synchronized (lock) {
            authorizingNick = nickName;
        }
    }

    /** Adds an album to a user's root folder; returns its AlbumKey. */
    public String addAlbum(String nickName, String name) {
        synchronized (lock) {
            requireUser(nickName);
            Album album = new Album(newKey(6), nickName, newKey(6), clock.instant());
            album.name = name;
            album.urlName = uniqueUrlName(nickName, generatedUrlName(name));
            albums.put(album.key, album);
            return album.key;
        }
    }

    /** Adds a photo to an album as if it had been uploaded; returns its ImageKey. */
    public String addImage(String albumKey, String fileName, byte[] bytes, String title, String caption) throws IOException {
        Path temp = Files.createTempFile(storage, "seed", ".bin");
        Files.write(temp, bytes);
        return addImage(albumKey, fileName, temp, title, caption, false);
    }

    /** Adds a photo or video (moving {@code file} into the fake's storage); returns its ImageKey. */
    public String addImage(String albumKey, String fileName, Path file, String title, String caption, boolean video) throws IOException {
        Digests digests;
        try (InputStream in = Files.newInputStream(file)) {
            digests = Digests.of(in, null);
        }
        synchronized (lock) {
            Album album = albums.get(albumKey);
            if (album == null) {
                throw new IllegalArgumentException("no album " + albumKey);
            }
            Path stored = storage.resolve(newKey(12));
            Files.move(file, stored);
            Image image = new Image(newKey(7), album, stored, digests.size, digests.md5Hex, digests.sha256Hex, clock.instant(),
                    String.valueOf(1_000_000_000L + random.nextInt(1_000_000_000)));
            image.fileName = fileName;
            image.title = title == null ? "" : title;
            image.caption = caption == null ? "" : caption;
            image.video = video;
            image.format = formatOf(fileName);
            album.images.add(image);
            images.put(image.key, image);
            return image.key;
        }
    }

    /** Sets what SmugMug would have read from a seeded image's EXIF. */
    public void setImageDetails(String imageKey, Integer width, Integer height, String dateTimeOriginal,
                                String latitude, String longitude, String altitude) {
        synchronized (lock) {
            Image image = images.get(imageKey);
            image.width = width;
            image.height = height;
            image.dateTimeOriginal = dateTimeOriginal;
            image.latitude = latitude;
            image.longitude = longitude;
            image.altitude = altitude;
        }
    }

    /** A user's albums, in creation order. */
    public List<StoredAlbum> albums(String nickName) {
        synchronized (lock) {
            return albums.values().stream().filter(a -> a.nick.equals(nickName)).map(FakeSmugMug::stored).toList();
        }
    }

    /** An album's images, in album order. */
    public List<StoredImage> images(String albumKey) {
        synchronized (lock) {
            Album album = albums.get(albumKey);
            return album == null ? List.of() : album.images.stream().map(FakeSmugMug::stored).toList();
        }
    }

    /** The bytes of an image as stored. */
    public InputStream openImage(String imageKey) throws IOException {
        Path file;
        synchronized (lock) {
            file = images.get(imageKey).file;
        }
        return Files.newInputStream(file);
    }

    /** Uploads stored so far (a lost answer counts: the image was stored). */
    public int uploads() {
        return uploads.get();
    }

    /** Requests answered so far, of any kind. */
    public int requests() {
        return requests.get();
    }

    /** The next {@code count} requests answer {@code status} (with {@code Retry-After} unless null). */
    public void failNext(int count, int status, String retryAfter) {
        failNext(count, status, retryAfter, "");
    }

    /** The next {@code count} requests whose path starts with {@code pathPrefix} answer {@code status}. */
    public void failNext(int count, int status, String retryAfter, String pathPrefix) {
        synchronized (lock) {
            for (int i = 0; i < count; i++) {
                faults.add(new Fault(status, retryAfter, pathPrefix));
            }
        }
    }

    /** The next {@code count} uploads are stored, but answered with 503 as if the answer was lost on the way. */
    public void loseNextUploadResponses(int count) {
        synchronized (lock) {
            lostUploadResponses += count;
        }
    }

    /** The most images an album holds; uploads past it fail with {@value #CODE_ALBUM_FULL}. */
    public void albumImageCap(int cap) {
        synchronized (lock) {
            albumImageCap = cap;
        }
    }

    /** The per-endpoint maximum {@code count} of a page (requests for more get this many). */
    public void maxPageCount(int max) {
        synchronized (lock) {
            maxPageCount = max;
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        try (Stream<Path> files = Files.walk(storage)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort: a temp folder
        }
    }

    // ---------------------------------------------------------------------------------------------- dispatch

    private void handle(HttpExchange ex) throws IOException {
        try {
            requests.incrementAndGet();
            String path = ex.getRequestURI().getRawPath();
            Fault fault = takeFault(path);
            if (fault != null) {
                drain(ex.getRequestBody());
                if (fault.retryAfter() != null) {
                    ex.getResponseHeaders().set("Retry-After", fault.retryAfter());
                }
                sendJson(ex, fault.status(), error(fault.status(), fault.status() == 429 ? "Too Many Requests" : "Injected failure"));
                return;
            }
            route(ex, path, ex.getRequestMethod().toUpperCase(Locale.ROOT));
        } catch (OAuthVerifier.Problem p) {
            drainQuietly(ex);
            sendJson(ex, 401, error(401, "oauth_problem=" + p.problem));
        } catch (Answer a) {
            drainQuietly(ex);
            sendJson(ex, a.status, a.body);
        } catch (IOException e) {
            drainQuietly(ex);
            sendJson(ex, 400, error(400, "Bad Request: " + e.getMessage()));
        } catch (RuntimeException e) {
            drainQuietly(ex);
            sendJson(ex, 500, error(500, "Internal Server Error: " + e));
        } finally {
            ex.close(); // after the catch blocks answered (a try-with-resources would close before them)
        }
    }

    private void route(HttpExchange ex, String path, String method) throws IOException, OAuthVerifier.Problem, Answer {
        if (path.startsWith(OAUTH)) {
            oauth(ex, path.substring(OAUTH.length()), method);
            return;
        }
        if (path.equals("/") && method.equals("POST")) {
            upload(ex);
            return;
        }
        Matcher m;
        if ((m = ARCHIVE.matcher(path)).matches() && method.equals("GET")) {
            Token token = authenticate(ex, List.of(), false);
            archive(ex, token, m.group(1));
            return;
        }
        if (!path.startsWith("/api/v2")) {
            throw new Answer(404, error(404, "Not Found"));
        }
        List<Map.Entry<String, String>> form = List.of();
        JsonNode body = null;
        if (method.equals("POST") || method.equals("PATCH")) {
            byte[] bytes = readBounded(ex.getRequestBody(), MAX_JSON_BODY);
            String type = String.valueOf(ex.getRequestHeaders().getFirst("Content-Type")).toLowerCase(Locale.ROOT);
            if (type.startsWith("application/x-www-form-urlencoded")) {
                form = OAuthVerifier.decodePairs(new String(bytes, StandardCharsets.UTF_8));
                ObjectNode node = json.createObjectNode();
                form.forEach(p -> node.put(p.getKey(), p.getValue()));
                body = node;
            } else {
                try {
                    body = bytes.length == 0 ? json.createObjectNode() : json.readTree(bytes);
                } catch (IOException e) {
                    throw new Answer(400, error(400, "Bad Request: the body is not JSON"));
                }
                if (!body.isObject()) {
                    throw new Answer(400, error(400, "Bad Request: the body must be a JSON object"));
                }
            }
        }
        Token token = authenticate(ex, form, false);
        synchronized (lock) {
            if (AUTH_USER.matcher(path).matches() && method.equals("GET")) {
                sendJson(ex, 200, envelope(path, "User", "Object", user(users.get(token.nick))));
            } else if ((m = USER.matcher(path)).matches() && method.equals("GET")) {
                sendJson(ex, 200, envelope(path, "User", "Object", user(requireUserAnswer(m.group(1)))));
            } else if ((m = USER_ALBUMS.matcher(path)).matches() && method.equals("GET")
                    || (m = FOLDER_ALBUMS.matcher(path)).matches() && method.equals("GET")) {
                User owner = requireUserAnswer(m.group(1));
                List<Album> list = albums.values().stream().filter(a -> a.nick.equals(owner.nick) && visible(a, token)).toList();
                sendJson(ex, 200, page(ex, path, "Album", list.stream().map(this::album).toList()));
            } else if ((m = FOLDER_ALBUMS.matcher(path)).matches() && method.equals("POST")) {
                createAlbum(ex, path, token, requireUserAnswer(m.group(1)), body);
            } else if ((m = FOLDER.matcher(path)).matches() && method.equals("GET")) {
                sendJson(ex, 200, envelope(path, "Folder", "Object", folder(requireUserAnswer(m.group(1)))));
            } else if ((m = ALBUM_IMAGES.matcher(path)).matches() && method.equals("GET")) {
                Album album = requireAlbum(m.group(1), token);
                sendJson(ex, 200, page(ex, path, "AlbumImage", album.images.stream().map(this::albumImage).toList()));
            } else if ((m = ALBUM_IMAGE.matcher(path)).matches() && method.equals("GET")) {
                Album album = requireAlbum(m.group(1), token);
                String imageKey = m.group(2);
                Image image = album.images.stream().filter(i -> i.key.equals(imageKey)).findFirst()
                        .orElseThrow(() -> new Answer(404, error(404, "Not Found")));
                sendJson(ex, 200, envelope(path, "AlbumImage", "Object", albumImage(image)));
            } else if ((m = ALBUM.matcher(path)).matches() && (method.equals("GET") || method.equals("PATCH"))) {
                Album album = requireAlbum(m.group(1), token);
                if (method.equals("PATCH")) {
                    requirePermission(token, "Modify");
                    patchAlbum(album, body);
                }
                sendJson(ex, 200, envelope(path, "Album", "Object", album(album)));
            } else if ((m = IMAGE.matcher(path)).matches() && (method.equals("GET") || method.equals("PATCH"))) {
                Image image = images.get(m.group(1));
                if (image == null || !visible(image.album, token)) {
                    throw new Answer(404, error(404, "Not Found"));
                }
                if (method.equals("PATCH")) {
                    requirePermission(token, "Modify");
                    patchImage(image, body);
                }
                sendJson(ex, 200, envelope(path, "Image", "Object", image(image)));
            } else {
                throw new Answer(404, error(404, "Not Found"));
            }
        }
    }

    private Fault takeFault(String path) {
        synchronized (lock) {
            for (int i = 0; i < faults.size(); i++) {
                if (path.startsWith(faults.get(i).pathPrefix())) {
                    return faults.remove(i);
                }
            }
            return null;
        }
    }

    private Token authenticate(HttpExchange ex, List<Map.Entry<String, String>> form, boolean headerOnly) throws OAuthVerifier.Problem {
        OAuthVerifier.Verified verified = verifier.verify(ex.getRequestMethod(), baseUriOf(ex), ex.getRequestURI().getRawPath(),
                ex.getRequestURI().getRawQuery(), ex.getRequestHeaders().getFirst("Authorization"), form, headerOnly, true,
                secrets(false));
        synchronized (lock) {
            return tokens.get(verified.token());
        }
    }

    private OAuthVerifier.Secrets secrets(boolean temporary) {
        return new OAuthVerifier.Secrets() {
            @Override
            public String consumerSecret(String key) {
                return consumerKey.equals(key) ? consumerSecret : null;
            }

            @Override
            public String tokenSecret(String token) {
                synchronized (lock) {
                    if (temporary) {
                        RequestToken rt = requestTokens.get(token);
                        return rt == null || rt.expires.isBefore(clock.instant()) ? null : rt.secret;
                    }
                    Token t = tokens.get(token);
                    return t == null ? null : t.secret;
                }
            }
        };
    }

    private static String baseUriOf(HttpExchange ex) {
        String host = ex.getRequestHeaders().getFirst("Host");
        if (host == null) {
            host = "127.0.0.1:" + ex.getLocalAddress().getPort();
        }
        host = host.toLowerCase(Locale.ROOT);
        if (host.endsWith(":80")) {
            host = host.substring(0, host.length() - 3);
        }
        return "http://" + host;
    }

    // ---------------------------------------------------------------------------------------------- OAuth flow

    private void oauth(HttpExchange ex, String endpoint, String method) throws IOException, OAuthVerifier.Problem {
        List<Map.Entry<String, String>> form = List.of();
        if (method.equals("POST")) {
            String type = String.valueOf(ex.getRequestHeaders().getFirst("Content-Type")).toLowerCase(Locale.ROOT);
            byte[] bytes = readBounded(ex.getRequestBody(), MAX_JSON_BODY);
            if (type.startsWith("application/x-www-form-urlencoded")) {
                form = OAuthVerifier.decodePairs(new String(bytes, StandardCharsets.UTF_8));
            }
        }
        try {
            switch (endpoint) {
                case "getRequestToken" -> {
                    OAuthVerifier.Verified v = verifier.verify(method, baseUriOf(ex), ex.getRequestURI().getRawPath(),
                            ex.getRequestURI().getRawQuery(), ex.getRequestHeaders().getFirst("Authorization"), form, false, false,
                            secrets(false));
                    String callback = v.protocol().get("oauth_callback");
                    if (callback == null || callback.isBlank()) {
                        throw new OAuthVerifier.Problem("parameter_absent", "oauth_callback is required with OAuth 1.0a");
                    }
                    RequestToken rt = new RequestToken(newKey(24), newKey(32), callback, clock.instant().plus(5, ChronoUnit.MINUTES));
                    synchronized (lock) {
                        requestTokens.put(rt.token, rt);
                    }
                    sendForm(ex, 200, "oauth_token=" + rt.token + "&oauth_token_secret=" + rt.secret + "&oauth_callback_confirmed=true");
                }
                case "authorize" -> authorizePage(ex);
                case "getAccessToken" -> {
                    OAuthVerifier.Verified v = verifier.verify(method, baseUriOf(ex), ex.getRequestURI().getRawPath(),
                            ex.getRequestURI().getRawQuery(), ex.getRequestHeaders().getFirst("Authorization"), form, false, true,
                            secrets(true));
                    Token token;
                    synchronized (lock) {
                        RequestToken rt = requestTokens.get(v.token());
                        if (rt == null || rt.verifier == null || !rt.verifier.equals(v.protocol().get("oauth_verifier"))) {
                            throw new OAuthVerifier.Problem("verifier_invalid", "the request token was not authorized with this verifier");
                        }
                        requestTokens.remove(rt.token); // single use
                        token = new Token(newKey(24), newKey(32), rt.nick, rt.access, rt.permissions);
                        tokens.put(token.token, token);
                    }
                    sendForm(ex, 200, "oauth_token=" + token.token + "&oauth_token_secret=" + token.secret);
                }
                default -> sendForm(ex, 404, "oauth_problem=unknown_endpoint");
            }
        } catch (OAuthVerifier.Problem p) {
            sendForm(ex, 401, "oauth_problem=" + p.problem);
        }
    }

    private void authorizePage(HttpExchange ex) throws IOException {
        Map<String, String> query = new LinkedHashMap<>();
        OAuthVerifier.decodePairs(ex.getRequestURI().getRawQuery()).forEach(p -> query.putIfAbsent(p.getKey(), p.getValue()));
        String location;
        String code;
        synchronized (lock) {
            RequestToken rt = requestTokens.get(query.get("oauth_token"));
            if (rt == null || rt.expires.isBefore(clock.instant())) {
                sendText(ex, 400, "text/html", "<p>This authorization link is invalid or expired.</p>");
                return;
            }
            if (authorizingNick == null) {
                sendText(ex, 200, "text/html", "<p>Log in to SmugMug to authorize this application.</p>");
                return;
            }
            rt.nick = authorizingNick;
            rt.access = "Full".equals(query.get("Access")) ? "Full" : "Public";
            rt.permissions = List.of("Read", "Add", "Modify").contains(query.get("Permissions")) ? query.get("Permissions") : "Read";
            rt.verifier = String.format("%06d", random.nextInt(1_000_000));
            code = rt.verifier;
            location = "oob".equals(rt.callback) ? null : rt.callback + (rt.callback.contains("?") ? "&" : "?")
                    + "oauth_token=" + rt.token + "&oauth_verifier=" + rt.verifier;
        }
        if (location == null) {
            sendText(ex, 200, "text/html", "<p>Your verification code is <b id=\"verifier\">" + code + "</b></p>");
        } else {
            ex.getResponseHeaders().set("Location", location);
            ex.sendResponseHeaders(302, -1);
        }
    }

    // ---------------------------------------------------------------------------------------------- albums

    private void createAlbum(HttpExchange ex, String path, Token token, User owner, JsonNode body) throws IOException, Answer {
        if (!owner.nick.equals(token.nick)) {
            throw new Answer(403, error(403, "Forbidden: not your folder"));
        }
        requirePermission(token, "Add");
        String name = text(body, "Name", text(body, "Title", null));
        if (name == null || name.isEmpty() || name.length() > 255) {
            throw new Answer(400, error(400, "Bad Request: Name must have 1 to 255 characters"));
        }
        String urlName = text(body, "UrlName", text(body, "NiceName", null));
        if (urlName == null) {
            urlName = uniqueUrlName(owner.nick, generatedUrlName(name));
        } else {
            if (!URL_NAME.matcher(urlName).matches()) {
                throw new Answer(400, error(400, "Bad Request: UrlName must start with a capital letter or a digit and hold only "
                        + "letters, digits and hyphens, 1 to 60 characters"));
            }
            String taken = urlName;
            if (albums.values().stream().anyMatch(a -> a.nick.equals(owner.nick) && a.urlName.equalsIgnoreCase(taken))) {
                if (body.path("AutoRename").asBoolean(false)) {
                    urlName = uniqueUrlName(owner.nick, urlName);
                } else {
                    throw new Answer(409, error(409, "Conflict: the UrlName " + urlName + " is already in use in this folder"));
                }
            }
        }
        String privacy = text(body, "Privacy", "Public");
        if (!List.of("Public", "Unlisted", "Private").contains(privacy)) {
            throw new Answer(400, error(400, "Bad Request: Privacy must be Public, Unlisted or Private"));
        }
        String description = text(body, "Description", "");
        if (description.length() > 65535) {
            throw new Answer(400, error(400, "Bad Request: Description is longer than 65535 characters"));
        }
        Album album = new Album(newKey(6), owner.nick, newKey(6), clock.instant());
        album.name = name;
        album.urlName = urlName;
        album.privacy = privacy;
        album.description = description;
        album.keywords = keywordsOf(body.path("Keywords"));
        albums.put(album.key, album);
        ObjectNode envelope = envelope(path, "Album", "Object", album(album));
        envelope.put("Code", 201);
        envelope.put("Message", "Created");
        sendJson(ex, 201, envelope);
    }

    private void patchAlbum(Album album, JsonNode body) throws Answer {
        if (body.has("Name")) {
            String name = body.path("Name").asText();
            if (name.isEmpty() || name.length() > 255) {
                throw new Answer(400, error(400, "Bad Request: Name must have 1 to 255 characters"));
            }
            album.name = name;
        }
        if (body.has("Description")) {
            album.description = body.path("Description").asText();
        }
        if (body.has("Keywords")) {
            album.keywords = keywordsOf(body.path("Keywords"));
        }
    }

    private void patchImage(Image image, JsonNode body) {
        if (body.has("Title")) {
            image.title = body.path("Title").asText();
        }
        if (body.has("Caption")) {
            image.caption = body.path("Caption").asText();
        }
        if (body.has("Keywords")) {
            image.keywords = keywordsOf(body.path("Keywords"));
        }
        // FileName cannot be changed after upload (it is silently kept), as SmugMug does.
    }

    // ---------------------------------------------------------------------------------------------- uploads and originals

    private void upload(HttpExchange ex) throws IOException, OAuthVerifier.Problem {
        Token token = authenticate(ex, List.of(), true);
        String lengthHeader = ex.getRequestHeaders().getFirst("Content-Length");
        if (lengthHeader == null) {
            drain(ex.getRequestBody());
            sendJson(ex, 411, uploadFail(CODE_SYSTEM_ERROR, "Content-Length is required"));
            return;
        }
        long length = Long.parseLong(lengthHeader.trim());
        Path temp = Files.createTempFile(storage, "upload", ".part");
        Digests digests;
        try (InputStream in = ex.getRequestBody(); OutputStream out = Files.newOutputStream(temp)) {
            digests = Digests.of(in, out);
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        try {
            if (digests.size != length) {
                sendJson(ex, 400, uploadFail(CODE_SYSTEM_ERROR, "received " + digests.size + " bytes of " + length));
                return;
            }
            String version = header(ex, "X-Smug-Version");
            String responseType = header(ex, "X-Smug-ResponseType");
            String albumUri = header(ex, "X-Smug-AlbumUri");
            if (!"v2".equals(version) || responseType == null || albumUri == null) {
                sendJson(ex, 400, uploadFail(CODE_SYSTEM_ERROR, "X-Smug-Version: v2, X-Smug-ResponseType and X-Smug-AlbumUri are required"));
                return;
            }
            String md5 = header(ex, "Content-MD5");
            if (md5 != null && !md5Matches(md5, digests)) {
                sendJson(ex, 200, uploadFail(CODE_SYSTEM_ERROR, "Content-MD5 does not match the bytes received"));
                return;
            }
            Matcher m = ALBUM.matcher(albumUri);
            String imageKey;
            String albumKey;
            boolean lose;
            synchronized (lock) {
                Album album = m.matches() ? albums.get(m.group(1)) : null;
                if (album == null || !album.nick.equals(token.nick)) {
                    sendJson(ex, 200, uploadFail(CODE_INVALID_ALBUM, "invalid album"));
                    return;
                }
                if (!List.of("Add", "Modify").contains(token.permissions)) {
                    sendJson(ex, 200, uploadFail(CODE_SYSTEM_ERROR, "The user has not granted the required permissions"));
                    return;
                }
                if (album.images.size() >= albumImageCap) {
                    sendJson(ex, 200, uploadFail(CODE_ALBUM_FULL, "album full"));
                    return;
                }
                String fileName = header(ex, "X-Smug-FileName");
                if (fileName == null || fileName.isBlank()) {
                    fileName = "image";
                }
                Path stored = storage.resolve(newKey(12));
                Files.move(temp, stored);
                Image image = new Image(newKey(7), album, stored, digests.size, digests.md5Hex, digests.sha256Hex, clock.instant(),
                        String.valueOf(1_000_000_000L + random.nextInt(1_000_000_000)));
                image.fileName = fileName;
                image.title = orEmpty(header(ex, "X-Smug-Title"));
                image.caption = orEmpty(header(ex, "X-Smug-Caption"));
                image.keywords = keywordsOf(json.getNodeFactory().textNode(orEmpty(header(ex, "X-Smug-Keywords"))));
                String type = orEmpty(ex.getRequestHeaders().getFirst("Content-Type")).toLowerCase(Locale.ROOT);
                image.format = formatOf(fileName);
                image.video = type.startsWith("video/") || List.of("MP4", "MOV", "M4V", "AVI", "MTS", "3GP", "MKV", "WEBM").contains(image.format);
                image.latitude = numberOr(header(ex, "X-Smug-Latitude"), "0");
                image.longitude = numberOr(header(ex, "X-Smug-Longitude"), "0");
                image.altitude = numberOr(header(ex, "X-Smug-Altitude"), "0");
                album.images.add(image);
                images.put(image.key, image);
                uploads.incrementAndGet();
                imageKey = image.key;
                albumKey = album.key;
                lose = lostUploadResponses > 0;
                if (lose) {
                    lostUploadResponses--;
                }
            }
            if (lose) {
                sendJson(ex, 503, error(503, "Service Unavailable"));
                return;
            }
            ObjectNode answer = json.createObjectNode();
            answer.put("stat", "ok");
            answer.put("method", "smugmug.images.upload");
            ObjectNode image = answer.putObject("Image");
            image.put("StatusImageReplaceUri", "");
            image.put("ImageUri", "/api/v2/image/" + imageKey + "-0");
            image.put("AlbumImageUri", "/api/v2/album/" + albumKey + "/image/" + imageKey + "-0");
            image.put("URL", apiBaseUri() + "/i-" + imageKey);
            sendJson(ex, 200, answer);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private void archive(HttpExchange ex, Token token, String imageKey) throws IOException, Answer {
        Image image;
        synchronized (lock) {
            image = images.get(imageKey);
            if (image == null || !visible(image.album, token)) {
                throw new Answer(404, error(404, "Not Found"));
            }
        }
        ex.getResponseHeaders().set("Content-Type", image.video ? "video/mp4" : "image/" + image.format.toLowerCase(Locale.ROOT));
        ex.sendResponseHeaders(200, image.size == 0 ? -1 : image.size);
        if (image.size > 0) {
            try (InputStream in = Files.newInputStream(image.file); OutputStream out = ex.getResponseBody()) {
                in.transferTo(out);
            }
        }
    }

    private static boolean md5Matches(String header, Digests digests) {
        String value = header.trim();
        if (value.matches("[0-9a-fA-F]{32}")) {
            return value.equalsIgnoreCase(digests.md5Hex); // some clients send hex; accepted as leniently as SmugMug seems to
        }
        try {
            return Arrays.equals(Base64.getDecoder().decode(value), HexFormat.of().parseHex(digests.md5Hex));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    // ---------------------------------------------------------------------------------------------- JSON shapes

    private ObjectNode user(User user) {
        ObjectNode u = json.createObjectNode();
        u.put("Uri", "/api/v2/user/" + user.nick);
        u.put("UriDescription", "User By Nickname");
        u.put("ResponseLevel", "Full");
        u.put("Name", user.nick);
        u.put("NickName", user.nick);
        u.put("ViewPassHint", "");
        u.put("WebUri", apiBaseUri() + "/" + user.nick);
        ObjectNode uris = u.putObject("Uris");
        link(uris, "UserAlbums", "/api/v2/user/" + user.nick + "!albums", "Album", "Objects", "All of user's albums");
        link(uris, "Folder", "/api/v2/folder/user/" + user.nick, "Folder", "Object", "A folder or legacy (sub)category by UrlPath");
        link(uris, "Node", "/api/v2/node/" + user.nodeId, "Node", "Object", "Node with the given id.");
        return u;
    }

    private ObjectNode folder(User user) {
        ObjectNode f = json.createObjectNode();
        f.put("Uri", "/api/v2/folder/user/" + user.nick);
        f.put("Name", "");
        f.put("UrlName", "");
        f.put("UrlPath", "/");
        f.put("Privacy", "Public");
        f.put("NodeID", user.nodeId);
        ObjectNode uris = f.putObject("Uris");
        link(uris, "FolderAlbums", "/api/v2/folder/user/" + user.nick + "!albums", "Album", "Objects", "Albums inside of the folder");
        link(uris, "User", "/api/v2/user/" + user.nick, "User", "Object", "User By Nickname");
        return f;
    }

    private ObjectNode album(Album a) {
        ObjectNode o = json.createObjectNode();
        o.put("Uri", "/api/v2/album/" + a.key);
        o.put("UriDescription", "Album by key");
        o.put("ResponseLevel", "Full");
        o.put("AlbumKey", a.key);
        o.put("Name", a.name);
        o.put("Title", a.name);
        o.put("UrlName", a.urlName);
        o.put("NiceName", a.urlName);
        o.put("UrlPath", "/" + a.urlName);
        o.put("Description", a.description);
        o.put("Keywords", String.join("; ", a.keywords));
        o.put("Privacy", a.privacy);
        o.put("ImageCount", a.images.size());
        o.put("NodeID", a.nodeId);
        o.put("Date", a.created.toString());
        o.put("LastUpdated", a.created.toString());
        o.put("WebUri", apiBaseUri() + "/" + a.urlName);
        ObjectNode uris = o.putObject("Uris");
        link(uris, "AlbumImages", "/api/v2/album/" + a.key + "!images", "AlbumImage", "Objects", "Images from album");
        link(uris, "User", "/api/v2/user/" + a.nick, "User", "Object", "User By Nickname");
        link(uris, "Node", "/api/v2/node/" + a.nodeId, "Node", "Object", "Node with the given id.");
        return o;
    }

    private ObjectNode albumImage(Image i) {
        ObjectNode o = image(i);
        o.put("Uri", "/api/v2/album/" + i.album.key + "/image/" + i.key + "-0");
        o.put("UriDescription", "Image from album");
        o.put("AlbumKey", i.album.key);
        ObjectNode uris = (ObjectNode) o.get("Uris");
        link(uris, "Album", "/api/v2/album/" + i.album.key, "Album", "Object", "Album by key");
        link(uris, "Image", "/api/v2/image/" + i.key + "-0", "Image", "Object", "Image by key");
        return o;
    }

    private ObjectNode image(Image i) {
        ObjectNode o = json.createObjectNode();
        o.put("Uri", "/api/v2/image/" + i.key + "-0");
        o.put("UriDescription", "Image by key");
        o.put("ImageKey", i.key);
        o.put("Serial", 0);
        o.put("FileName", i.fileName);
        o.put("Title", i.title);
        o.put("Caption", i.caption);
        o.put("Keywords", String.join("; ", i.keywords));
        ArrayNode keywordArray = o.putArray("KeywordArray");
        i.keywords.forEach(keywordArray::add);
        o.put("Format", i.format);
        o.put("IsVideo", i.video);
        o.put("Hidden", false);
        o.put("Processing", false);
        o.put("Status", "Open");
        o.put("ArchivedUri", apiBaseUri() + "/photos/" + i.key + "/0/D/" + URLEncoder.encode(i.fileName, StandardCharsets.UTF_8).replace("+", "%20"));
        o.put("ArchivedSize", i.size);
        o.put("ArchivedMD5", i.md5);
        o.put("OriginalSize", i.size);
        if (i.width != null) {
            o.put("OriginalWidth", i.width);
            o.put("OriginalHeight", i.height);
        }
        o.put("Latitude", i.latitude);
        o.put("Longitude", i.longitude);
        o.put("Altitude", i.altitude);
        o.put("Date", i.uploaded.toString());
        o.put("DateTimeUploaded", i.uploaded.toString());
        if (i.dateTimeOriginal != null) {
            o.put("DateTimeOriginal", i.dateTimeOriginal);
        }
        o.put("LastUpdated", i.uploaded.toString());
        o.put("UploadKey", i.uploadKey);
        o.put("WebUri", apiBaseUri() + "/" + i.album.urlName + "/i-" + i.key);
        o.putObject("Uris");
        return o;
    }

    private static void link(ObjectNode uris, String name, String uri, String locator, String locatorType, String description) {
        ObjectNode l = uris.putObject(name);
        l.put("Uri", uri);
        l.put("Locator", locator);
        l.put("LocatorType", locatorType);
        l.put("UriDescription", description);
        l.put("EndpointType", name);
    }

    private ObjectNode envelope(String uri, String locator, String locatorType, JsonNode value) {
        ObjectNode root = json.createObjectNode();
        ObjectNode response = root.putObject("Response");
        response.put("Uri", uri);
        response.put("Locator", locator);
        response.put("LocatorType", locatorType);
        if (value != null) {
            response.set(locator, value);
        }
        root.put("Code", 200);
        root.put("Message", "Ok");
        return root;
    }

    /** A page of {@code all} per the request's start and count, with Response.Pages; an empty list has no locator key. */
    private ObjectNode page(HttpExchange ex, String path, String locator, List<ObjectNode> all) {
        Map<String, String> query = new LinkedHashMap<>();
        OAuthVerifier.decodePairs(ex.getRequestURI().getRawQuery()).forEach(p -> query.putIfAbsent(p.getKey(), p.getValue()));
        int start = Math.max(1, parseInt(query.get("start"), 1));
        int requested = Math.max(1, Math.min(maxPageCount, parseInt(query.get("count"), 10)));
        int total = all.size();
        int from = Math.min(total, start - 1);
        int to = Math.min(total, from + requested);
        ObjectNode root = envelope(path + (ex.getRequestURI().getRawQuery() == null ? "" : "?" + ex.getRequestURI().getRawQuery()),
                locator, "Objects", null);
        ObjectNode response = (ObjectNode) root.get("Response");
        if (to > from) {
            ArrayNode list = response.putArray(locator);
            all.subList(from, to).forEach(list::add);
        }
        ObjectNode pages = response.putObject("Pages");
        pages.put("Total", total);
        pages.put("Start", start);
        pages.put("Count", to - from);
        pages.put("RequestedCount", requested);
        pages.put("FirstPage", path + "?start=1&count=" + requested);
        if (start > 1) {
            pages.put("PrevPage", path + "?start=" + Math.max(1, start - requested) + "&count=" + requested);
        }
        if (start - 1 + requested < total) {
            pages.put("NextPage", path + "?start=" + (start + requested) + "&count=" + requested);
        }
        int lastStart = total == 0 ? 1 : ((total - 1) / requested) * requested + 1;
        pages.put("LastPage", path + "?start=" + lastStart + "&count=" + requested);
        return root;
    }

    private ObjectNode error(int status, String message) {
        ObjectNode root = json.createObjectNode();
        root.put("Code", status);
        root.put("Message", message);
        return root;
    }

    private ObjectNode uploadFail(int code, String message) {
        ObjectNode root = json.createObjectNode();
        root.put("stat", "fail");
        root.put("method", "smugmug.images.upload");
        root.put("code", code);
        root.put("message", message);
        return root;
    }

    // ---------------------------------------------------------------------------------------------- helpers

    /** An answer other than success, thrown from deep inside a handler. */
    private static final class Answer extends Exception {
        final int status;
        final JsonNode body;

        Answer(int status, JsonNode body) {
            super(null, null, false, false);
            this.status = status;
            this.body = body;
        }
    }

    private void requireUser(String nick) {
        if (!users.containsKey(nick)) {
            throw new IllegalArgumentException("no user " + nick);
        }
    }

    private User requireUserAnswer(String nick) throws Answer {
        User user = users.get(nick);
        if (user == null) {
            throw new Answer(404, error(404, "Not Found"));
        }
        return user;
    }

    private Album requireAlbum(String key, Token token) throws Answer {
        Album album = albums.get(key);
        if (album == null || !visible(album, token)) {
            throw new Answer(404, error(404, "Not Found"));
        }
        return album;
    }

    /** Owners see everything; others (and Public-access tokens) only Public albums. */
    private static boolean visible(Album album, Token token) {
        return (album.nick.equals(token.nick) && "Full".equals(token.access)) || "Public".equals(album.privacy);
    }

    private void requirePermission(Token token, String needed) throws Answer {
        boolean ok = switch (needed) {
            case "Add" -> List.of("Add", "Modify").contains(token.permissions);
            case "Modify" -> "Modify".equals(token.permissions);
            default -> true;
        };
        if (!ok || !"Full".equals(token.access)) {
            throw new Answer(403, error(403, "The user has not granted the required permissions"));
        }
    }

    private static List<String> keywordsOf(JsonNode node) {
        List<String> out = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(k -> out.add(k.asText().trim()));
        } else if (node.isTextual()) {
            for (String k : node.asText().split("[;,]")) {
                out.add(k.trim());
            }
        }
        out.removeIf(String::isEmpty);
        return List.copyOf(out);
    }

    private static String text(JsonNode body, String field, String otherwise) {
        JsonNode value = body == null ? null : body.get(field);
        return value == null || value.isNull() ? otherwise : value.asText();
    }

    private String uniqueUrlName(String nick, String base) {
        String candidate = base;
        for (int n = 1; ; n++) {
            String c = candidate;
            if (albums.values().stream().noneMatch(a -> a.nick.equals(nick) && a.urlName.equalsIgnoreCase(c))) {
                return candidate;
            }
            String suffix = "-" + n;
            candidate = base.substring(0, Math.min(base.length(), 60 - suffix.length())) + suffix;
        }
    }

    /** What SmugMug makes of a name when no UrlName is given (our reading of the UrlNames it generates). */
    private static String generatedUrlName(String name) {
        String ascii = java.text.Normalizer.normalize(name, java.text.Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        String dashed = ascii.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-+|-+$", "");
        if (dashed.isEmpty()) {
            dashed = "Album";
        }
        dashed = Character.toUpperCase(dashed.charAt(0)) + dashed.substring(1);
        return dashed.length() > 60 ? dashed.substring(0, 60).replaceAll("-+$", "") : dashed;
    }

    private static String formatOf(String fileName) {
        int dot = fileName.lastIndexOf('.');
        String ext = dot < 0 ? "" : fileName.substring(dot + 1).toUpperCase(Locale.ROOT);
        return ext.equals("JPEG") ? "JPG" : ext.isEmpty() ? "JPG" : ext;
    }

    private static String numberOr(String value, String otherwise) {
        if (value == null) {
            return otherwise;
        }
        try {
            Double.parseDouble(value.trim());
            return value.trim();
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static int parseInt(String value, int otherwise) {
        try {
            return value == null ? otherwise : Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    /** A header as text: its bytes (which the JDK server reads as ISO-8859-1) taken as UTF-8. */
    private static String header(HttpExchange ex, String name) {
        String raw = ex.getRequestHeaders().getFirst(name);
        return raw == null ? null : new String(raw.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    private String newKey(int length) {
        String alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return out.toString();
    }

    private static StoredAlbum stored(Album a) {
        return new StoredAlbum(a.key, a.nick, a.name, a.urlName, a.description, a.keywords, a.privacy, a.images.size());
    }

    private static StoredImage stored(Image i) {
        return new StoredImage(i.key, i.album.key, i.fileName, i.title, i.caption, i.keywords, i.video, i.size, i.md5, i.sha256,
                i.latitude, i.longitude, i.altitude);
    }

    private static byte[] readBounded(InputStream in, int max) throws IOException {
        byte[] bytes = in.readNBytes(max + 1);
        if (bytes.length > max) {
            drain(in);
            throw new IOException("body larger than " + max + " bytes");
        }
        return bytes;
    }

    private static void drain(InputStream in) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        while (in.read(buffer) >= 0) {
            // discard
        }
    }

    private static void drainQuietly(HttpExchange ex) {
        try {
            drain(ex.getRequestBody());
        } catch (IOException e) {
            // the client is gone
        }
    }

    private void sendJson(HttpExchange ex, int status, JsonNode body) throws IOException {
        byte[] bytes = json.writeValueAsBytes(body);
        ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        ex.getResponseHeaders().set("X-RateLimit-Remaining", String.valueOf(Math.max(0, 100_000 - requests.get())));
        ex.getResponseHeaders().set("X-RateLimit-Reset", String.valueOf(clock.instant().plusSeconds(3600).getEpochSecond()));
        try {
            ex.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(bytes);
            }
        } catch (IOException e) {
            // the client is gone
        }
    }

    private static void sendForm(HttpExchange ex, int status, String body) throws IOException {
        sendText(ex, status, "application/x-www-form-urlencoded", body);
    }

    private static void sendText(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type + "; charset=utf-8");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Size, MD5 and SHA-256 of a stream, copied on the way when {@code out} is not null. */
    private static final class Digests {
        final long size;
        final String md5Hex;
        final String sha256Hex;

        private Digests(long size, String md5Hex, String sha256Hex) {
            this.size = size;
            this.md5Hex = md5Hex;
            this.sha256Hex = sha256Hex;
        }

        static Digests of(InputStream in, OutputStream out) throws IOException {
            try {
                MessageDigest md5 = MessageDigest.getInstance("MD5");
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                byte[] buffer = new byte[64 * 1024];
                long size = 0;
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    md5.update(buffer, 0, n);
                    sha.update(buffer, 0, n);
                    if (out != null) {
                        out.write(buffer, 0, n);
                    }
                    size += n;
                }
                return new Digests(size, HexFormat.of().formatHex(md5.digest()), HexFormat.of().formatHex(sha.digest()));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
