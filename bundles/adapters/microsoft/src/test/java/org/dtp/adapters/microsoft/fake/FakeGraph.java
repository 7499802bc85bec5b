package org.dtp.adapters.microsoft.fake;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.dtp.spi.http.FormEncoding;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fake Microsoft Graph v1.0 and Microsoft identity platform (v2 token endpoint) for one user, on loopback, following
 * the public documents:
 * <ul>
 * <li>drive items and listings: https://learn.microsoft.com/en-us/graph/api/driveitem-list-children,
 *     https://learn.microsoft.com/en-us/graph/api/driveitem-get (path addressing {@code /root:/path:} and
 *     {@code /items/{id}:/name:}, {@code @microsoft.graph.downloadUrl}), https://learn.microsoft.com/en-us/graph/api/driveitem-get-content
 *     (302 to a pre-authenticated URL), https://learn.microsoft.com/en-us/graph/api/driveitem-post-children
 *     ({@code @microsoft.graph.conflictBehavior}, 409 {@code nameAlreadyExists}); paging with {@code $top} and
 *     {@code @odata.nextLink} carrying {@code $skiptoken}: https://learn.microsoft.com/en-us/graph/paging;</li>
 * <li>upload sessions: https://learn.microsoft.com/en-us/graph/api/driveitem-createuploadsession ({@code uploadUrl} on
 *     another host, no Authorization header there, {@code Content-Range}, 202 with {@code nextExpectedRanges}, 201 with
 *     the item on the last byte, 416 for a range that does not start where the session expects, status by GET,
 *     cancel by DELETE);</li>
 * <li>errors: {@code {"error":{"code","message"}}} (https://learn.microsoft.com/en-us/graph/errors), 401
 *     {@code InvalidAuthenticationToken} for a missing or expired token, 429/503 with {@code Retry-After}
 *     (https://learn.microsoft.com/en-us/graph/throttling);</li>
 * <li>Microsoft To Do: https://learn.microsoft.com/en-us/graph/api/todo-list-lists,
 *     https://learn.microsoft.com/en-us/graph/api/todotasklist-list-tasks, https://learn.microsoft.com/en-us/graph/api/todotasklist-post-tasks
 *     (task fields, enum values of {@code status} and {@code importance}, linked resources created with the task and
 *     read with {@code $expand=linkedResources}: https://learn.microsoft.com/en-us/graph/api/resources/linkedresource);</li>
 * <li>the signed-in user: https://learn.microsoft.com/en-us/graph/api/user-get ({@code GET /me}: the user's
 *     {@code id}, a GUID of this fake's own, and with {@code $select} only the fields selected);</li>
 * <li>tokens: {@code POST /common/oauth2/v2.0/token} with {@code grant_type=refresh_token} and the client in the body
 *     (https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow#refresh-the-access-token).</li>
 * </ul>
 * Items hold their bytes in memory: tests use a few MB.
 */
public final class FakeGraph implements AutoCloseable {
    public static final String CLIENT_ID = "11111111-2222-3333-4444-555555555555";
    public static final String CLIENT_SECRET = "fake~client~secret";
    public static final String ROOT = "root";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+)");

    /** A drive item: a folder ({@code bytes} null) or a file. */
    public static final class Item {
        public final String id;
        public final String parentId;
        public final String name;
        public final byte[] bytes;
        public final String mimeType;
        final ObjectNode facets;

        Item(String id, String parentId, String name, byte[] bytes, String mimeType, ObjectNode facets) {
            this.id = id;
            this.parentId = parentId;
            this.name = name;
            this.bytes = bytes;
            this.mimeType = mimeType;
            this.facets = facets;
        }

        public boolean isFolder() {
            return bytes == null;
        }
    }

    private static final class Session {
        final String parentId;
        final String name;
        long total = -1;
        final ByteArrayOutputStream received = new ByteArrayOutputStream();

        Session(String parentId, String name) {
            this.parentId = parentId;
            this.name = name;
        }
    }

    private final HttpServer graph;
    private final HttpServer files;
    private final Map<String, Item> items = new LinkedHashMap<>();
    private final Map<String, Session> sessions = new HashMap<>();
    private final Set<String> accessTokens = new HashSet<>();
    private final Set<String> refreshTokens = new HashSet<>();
    private final AtomicInteger ids = new AtomicInteger();
    /** The user's id: each fake is another account. */
    private final String userId = UUID.randomUUID().toString();
    private final AtomicInteger refreshes = new AtomicInteger();
    private final AtomicInteger authorizationOnFileHost = new AtomicInteger();
    private final AtomicInteger chunkPuts = new AtomicInteger();
    private final List<String> requests = new ArrayList<>();
    private final FakeOutlook outlook = new FakeOutlook(this);
    private int throttled;
    private int quotaAnswers;
    private int throttleStatus;
    private int throttleSeconds;
    private int dropChunk = -1;
    private boolean dropAnswerOnly;

    private FakeGraph() throws IOException {
        graph = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        files = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        graph.createContext("/", this::graph);
        files.createContext("/", this::files);
        graph.start();
        files.start();
        items.put(ROOT, new Item(ROOT, null, "root", null, null, JSON.createObjectNode()));
    }

    public static FakeGraph start() throws IOException {
        return new FakeGraph();
    }

    public URI graphBase() {
        return URI.create("http://127.0.0.1:" + graph.getAddress().getPort() + "/v1.0");
    }

    /** The signed-in user's id, as {@code GET /me} answers it. */
    public String userId() {
        return userId;
    }

    public URI tokenEndpoint() {
        return URI.create("http://127.0.0.1:" + graph.getAddress().getPort() + "/common/oauth2/v2.0/token");
    }

    public URI authorizationEndpoint() {
        return URI.create("http://127.0.0.1:" + graph.getAddress().getPort() + "/common/oauth2/v2.0/authorize");
    }

    /** A fresh grant for the user: access and refresh token. */
    public synchronized String[] grant() {
        String access = "at-" + UUID.randomUUID();
        String refresh = "rt-" + UUID.randomUUID();
        accessTokens.add(access);
        refreshTokens.add(refresh);
        return new String[]{access, refresh};
    }

    /** Every access token issued so far expires now (Graph then answers 401 InvalidAuthenticationToken). */
    public synchronized void expireAccessTokens() {
        accessTokens.clear();
    }

    /** The next {@code count} Graph requests answer {@code status} (429 or 503) with Retry-After: seconds. */
    public synchronized void throttle(int count, int status, int seconds) {
        throttled = count;
        throttleStatus = status;
        throttleSeconds = seconds;
    }

    /** The {@code index}-th upload-session PUT from now (0: the next) keeps half of its bytes and drops the connection. */
    /** The next {@code count} Graph requests get 403 {@code quotaLimitReached}: the user's storage is full. */
    public synchronized void quotaLimitReached(int count) {
        quotaAnswers = count;
    }

    public synchronized void dropChunk(int index) {
        dropChunk = chunkPuts.get() + index;
        dropAnswerOnly = false;
    }

    /** The {@code index}-th upload-session PUT from now keeps all its bytes, but its answer is lost with the connection. */
    public synchronized void dropAnswer(int index) {
        dropChunk = chunkPuts.get() + index;
        dropAnswerOnly = true;
    }

    public synchronized Item folder(String parentId, String name) {
        Item folder = new Item(nextId(), parentId, name, null, null, JSON.createObjectNode());
        items.put(folder.id, folder);
        return folder;
    }

    /** A file with facets given as JSON, e.g. {@code {"image":{"width":4,"height":3},"photo":{...}}}. */
    public synchronized Item file(String parentId, String name, String mimeType, byte[] bytes, String facetsJson) {
        ObjectNode facets;
        try {
            facets = facetsJson == null ? JSON.createObjectNode() : (ObjectNode) JSON.readTree(facetsJson);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
        Item file = new Item(nextId(), parentId, name, bytes, mimeType, facets);
        items.put(file.id, file);
        return file;
    }

    public synchronized List<Item> children(String parentId) {
        return items.values().stream().filter(i -> parentId.equals(i.parentId)).toList();
    }

    public synchronized Item item(String id) {
        return items.get(id);
    }

    public synchronized void delete(String id) {
        items.remove(id);
    }

    /** Outlook contacts, calendars and mail of the user. */
    public FakeOutlook outlook() {
        return outlook;
    }

    public int refreshes() {
        return refreshes.get();
    }

    public int chunkPuts() {
        return chunkPuts.get();
    }

    /** Requests to the download or upload host that carried an Authorization header: must stay 0. */
    public int authorizationOnFileHost() {
        return authorizationOnFileHost.get();
    }

    /** "METHOD path" of every Graph API request, in order. */
    public synchronized List<String> requests() {
        return List.copyOf(requests);
    }

    @Override
    public void close() {
        graph.stop(0);
        files.stop(0);
    }

    private String nextId() {
        return "01FAKE" + String.format("%06d", ids.incrementAndGet()) + "!" + ids.get();
    }

    // ---- Graph and token endpoint

    /** Answers a request; a failure of the fake itself answers 500 (a Graph error), not a broken connection. */
    private void graph(HttpExchange x) throws IOException {
        try (x) {
            try {
                route(x);
            } catch (DroppedConnection e) {
                throw e;
            } catch (RuntimeException e) {
                error(x, 500, "generalException", e.toString());
            }
        }
    }

    private void route(HttpExchange x) throws IOException {
        String path = x.getRequestURI().getRawPath();
        if (path.equals("/common/oauth2/v2.0/token")) {
            token(x);
            return;
        }
        synchronized (this) {
            requests.add(x.getRequestMethod() + " " + path);
            if (throttled > 0) {
                throttled--;
                x.getResponseHeaders().set("Retry-After", String.valueOf(throttleSeconds));
                error(x, throttleStatus, throttleStatus == 429 ? "TooManyRequests" : "serviceNotAvailable",
                        "Please retry after " + throttleSeconds + " seconds.");
                return;
            }
            if (quotaAnswers > 0) {
                quotaAnswers--;
                error(x, 403, "quotaLimitReached", "The user has reached their quota limit.");
                return;
            }
            String auth = x.getRequestHeaders().getFirst("Authorization");
            if (auth == null || !auth.startsWith("Bearer ") || !accessTokens.contains(auth.substring(7))) {
                error(x, 401, "InvalidAuthenticationToken", "Access token has expired or is not yet valid.");
                return;
            }
            if (path.equals("/v1.0/me") && x.getRequestMethod().equals("GET")) {
                me(x);
                return;
            }
            if (outlook.handles(path)) {
                outlook.handle(x, path.substring("/v1.0/me/".length()));
                return;
            }
            if (path.startsWith("/v1.0/me/todo/")) {
                todo(x, path.substring("/v1.0/me/todo/".length()));
                return;
            }
            if (!path.startsWith("/v1.0/me/drive/")) {
                error(x, 400, "BadRequest", "Resource not found for the segment '" + path + "'.");
                return;
            }
            drive(x, path.substring("/v1.0/me/drive/".length()));
        }
    }

    private void me(HttpExchange x) throws IOException {
        ObjectNode user = JSON.createObjectNode().put("@odata.context", graphBase() + "/$metadata#users/$entity")
                .put("id", userId).put("displayName", "Megan Bowen").put("userPrincipalName", FakeOutlook.USER_ADDRESS)
                .put("mail", FakeOutlook.USER_ADDRESS);
        String select = query(x.getRequestURI().getRawQuery()).get("$select");
        if (select != null) {
            List<String> fields = List.of(select.split(","));
            user.retain(user.properties().stream().map(Map.Entry::getKey)
                    .filter(f -> f.startsWith("@odata.") || fields.contains(f)).toList());
        }
        send(x, 200, user);
    }

    private void token(HttpExchange x) throws IOException {
        Map<String, String> form = new HashMap<>();
        FormEncoding.decode(new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8))
                .forEach(e -> form.put(e.getKey(), e.getValue()));
        if (!CLIENT_ID.equals(form.get("client_id")) || !CLIENT_SECRET.equals(form.get("client_secret"))) {
            oauthError(x, 401, "invalid_client", "AADSTS7000215: Invalid client secret provided.");
            return;
        }
        if (!"refresh_token".equals(form.get("grant_type"))) {
            oauthError(x, 400, "unsupported_grant_type", "AADSTS70003: The app requested an unsupported grant type.");
            return;
        }
        String[] fresh;
        synchronized (this) {
            if (!refreshTokens.remove(form.get("refresh_token"))) {
                oauthError(x, 400, "invalid_grant", "AADSTS70000: The provided value for the 'refresh_token' is not valid.");
                return;
            }
            fresh = grant();
        }
        refreshes.incrementAndGet();
        ObjectNode body = JSON.createObjectNode().put("token_type", "Bearer").put("scope", "Files.ReadWrite offline_access")
                .put("expires_in", 3600).put("ext_expires_in", 3600).put("access_token", fresh[0]).put("refresh_token", fresh[1]);
        send(x, 200, body);
    }

    private void drive(HttpExchange x, String rest) throws IOException {
        String method = x.getRequestMethod();
        Map<String, String> query = query(x.getRequestURI().getRawQuery());
        // root, root:/a/b:, root:/a/b:/children, items/{id}, items/{id}:/name:/content, items/{id}/children ...
        String base;
        String action;
        if (rest.startsWith("root")) {
            base = ROOT;
            rest = rest.substring("root".length());
        } else if (rest.startsWith("items/")) {
            int end = rest.indexOf(':') >= 0 ? rest.indexOf(':') : rest.indexOf('/', 6) >= 0 ? rest.indexOf('/', 6) : rest.length();
            base = FormEncoding.percentDecode(rest.substring(6, end));
            rest = rest.substring(end);
        } else {
            error(x, 400, "invalidRequest", "Invalid request");
            return;
        }
        String namedPath = null;
        if (rest.startsWith(":/")) {
            int close = rest.indexOf(':', 2);
            namedPath = FormEncoding.percentDecode(close < 0 ? rest.substring(2) : rest.substring(2, close));
            rest = close < 0 ? "" : rest.substring(close + 1);
        }
        action = rest.startsWith("/") ? rest.substring(1) : rest;
        Item parent = items.get(base);
        if (parent == null) {
            error(x, 404, "itemNotFound", "Item not found");
            return;
        }
        Item target = namedPath == null ? parent : resolve(parent, namedPath);
        switch (method + " " + action) {
            case "GET " -> {
                if (target == null) {
                    error(x, 404, "itemNotFound", "Item not found");
                } else {
                    send(x, 200, json(target));
                }
            }
            case "GET children" -> {
                if (target == null || !target.isFolder()) {
                    error(x, 404, "itemNotFound", "Item not found");
                    return;
                }
                list(x, target, query);
            }
            case "GET content" -> {
                if (target == null || target.isFolder()) {
                    error(x, 404, "itemNotFound", "Item not found");
                    return;
                }
                x.getResponseHeaders().set("Location", downloadUrl(target));
                x.sendResponseHeaders(302, -1);
            }
            case "POST children" -> {
                ObjectNode body = (ObjectNode) JSON.readTree(x.getRequestBody());
                String name = body.path("name").asText("");
                if (target == null || !target.isFolder() || name.isEmpty() || !body.has("folder")) {
                    error(x, 400, "invalidRequest", "Invalid request");
                    return;
                }
                if (!legal(name)) {
                    error(x, 400, "invalidRequest", "The provided name contains invalid characters.");
                    return;
                }
                if (resolve(target, name) != null && "fail".equals(body.path("@microsoft.graph.conflictBehavior").asText("fail"))) {
                    error(x, 409, "nameAlreadyExists", "The specified item name already exists.");
                    return;
                }
                send(x, 201, json(folder(target.id, name)));
            }
            case "PUT content" -> {
                byte[] bytes = x.getRequestBody().readAllBytes();
                String name = leaf(namedPath);
                Item folder = namedPath == null ? null : parentOf(parent, namedPath);
                if (folder == null || !legal(name)) {
                    error(x, 400, "invalidRequest", "Invalid request");
                    return;
                }
                if (resolve(folder, name) != null && "fail".equals(query.get("@microsoft.graph.conflictBehavior"))) {
                    error(x, 409, "nameAlreadyExists", "The specified item name already exists.");
                    return;
                }
                send(x, 201, json(file(folder.id, name, "application/octet-stream", bytes, null)));
            }
            case "POST createUploadSession" -> {
                ObjectNode body = (ObjectNode) JSON.readTree(x.getRequestBody());
                String name = leaf(namedPath);
                Item folder = namedPath == null ? null : parentOf(parent, namedPath);
                if (folder == null || !legal(name)) {
                    error(x, 400, "invalidRequest", "Invalid request");
                    return;
                }
                if (resolve(folder, name) != null
                        && "fail".equals(body.path("item").path("@microsoft.graph.conflictBehavior").asText())) {
                    error(x, 409, "nameAlreadyExists", "The specified item name already exists.");
                    return;
                }
                String sid = UUID.randomUUID().toString();
                sessions.put(sid, new Session(folder.id, name));
                ObjectNode answer = JSON.createObjectNode()
                        .put("uploadUrl", filesBase() + "/up/" + sid + "?tempauth=" + UUID.randomUUID())
                        .put("expirationDateTime", Instant.now().plusSeconds(3600).toString());
                answer.putArray("nextExpectedRanges").add("0-");
                send(x, 200, answer);
            }
            default -> error(x, 400, "invalidRequest", "Invalid request");
        }
    }

    private void list(HttpExchange x, Item folder, Map<String, String> query) throws IOException {
        page(x, children(folder.id).stream().map(this::json).toList(), query);
    }

    /**
     * One page of {@code all} by $top and $skiptoken, with an @odata.nextLink when more follow; the link repeats the
     * request's other query options ($filter, $expand, $select, an instances window).
     */
    void page(HttpExchange x, List<ObjectNode> all, Map<String, String> query) throws IOException {
        int top = Integer.parseInt(query.getOrDefault("$top", "10"));
        int skip = Integer.parseInt(query.getOrDefault("$skiptoken", "0"));
        ObjectNode body = JSON.createObjectNode();
        ArrayNode value = body.putArray("value");
        all.stream().skip(skip).limit(top).forEach(value::add);
        if (skip + top < all.size()) {
            StringBuilder others = new StringBuilder();
            String raw = x.getRequestURI().getRawQuery();
            for (String option : raw == null ? new String[0] : raw.split("&")) {
                if (!option.startsWith("$top=") && !option.startsWith("$skiptoken=") && !option.startsWith("%24top=")
                        && !option.startsWith("%24skiptoken=")) {
                    others.append('&').append(option);
                }
            }
            body.put("@odata.nextLink", graphBase() + x.getRequestURI().getRawPath().substring("/v1.0".length())
                    + "?$top=" + top + others + "&$skiptoken=" + (skip + top));
        }
        send(x, 200, body);
    }

    // ---- Microsoft To Do (https://learn.microsoft.com/en-us/graph/api/resources/todo-overview)

    private final Map<String, ObjectNode> taskLists = new LinkedHashMap<>();
    private final Map<String, List<ObjectNode>> tasks = new HashMap<>();

    public synchronized String taskList(String displayName) {
        String id = "AAMkList" + ids.incrementAndGet() + "=";
        taskLists.put(id, JSON.createObjectNode().put("id", id).put("displayName", displayName).put("isOwner", true)
                .put("isShared", false).put("wellknownListName", "none"));
        tasks.put(id, new ArrayList<>());
        return id;
    }

    /** Adds a task as Graph would return it, from its JSON; returns its id. */
    public synchronized String task(String listId, String json) throws IOException {
        ObjectNode task = (ObjectNode) JSON.readTree(json);
        String id = "AAMkTask" + ids.incrementAndGet() + "=";
        task.put("id", id).put("createdDateTime", Instant.now().toString()).put("lastModifiedDateTime", Instant.now().toString());
        if (!task.has("body")) {
            task.putObject("body").put("content", "").put("contentType", "text");
        }
        task.putIfAbsent("importance", JSON.getNodeFactory().textNode("normal"));
        task.putIfAbsent("status", JSON.getNodeFactory().textNode("notStarted"));
        if (task.has("linkedResources")) {
            for (com.fasterxml.jackson.databind.JsonNode link : task.path("linkedResources")) {
                ((ObjectNode) link).put("id", UUID.randomUUID().toString());
            }
        } else {
            task.putArray("linkedResources");
        }
        tasks.get(listId).add(task);
        return id;
    }

    public synchronized List<ObjectNode> tasks(String listId) {
        return tasks.get(listId).stream().map(ObjectNode::deepCopy).toList();
    }

    public synchronized List<String> taskListNames() {
        return taskLists.values().stream().map(l -> l.path("displayName").asText()).toList();
    }

    private void todo(HttpExchange x, String rest) throws IOException {
        Map<String, String> query = query(x.getRequestURI().getRawQuery());
        String[] parts = rest.split("/");
        String method = x.getRequestMethod();
        if (parts.length == 1 && parts[0].equals("lists")) {
            if (method.equals("GET")) {
                page(x, List.copyOf(taskLists.values()), query);
            } else if (method.equals("POST")) {
                String name = JSON.readTree(x.getRequestBody()).path("displayName").asText("");
                if (name.isBlank()) {
                    error(x, 400, "invalidRequest", "displayName is required.");
                    return;
                }
                send(x, 201, taskLists.get(taskList(name)));
            } else {
                error(x, 405, "invalidRequest", "Method not allowed");
            }
            return;
        }
        if (parts.length == 3 && parts[0].equals("lists") && parts[2].equals("tasks")) {
            String listId = FormEncoding.percentDecode(parts[1]);
            if (!taskLists.containsKey(listId)) {
                error(x, 404, "ErrorItemNotFound", "The specified object was not found in the store.");
                return;
            }
            if (method.equals("GET")) {
                boolean expand = "linkedResources".equals(query.get("$expand"));
                page(x, tasks.get(listId).stream().map(t -> {
                    ObjectNode copy = t.deepCopy();
                    if (!expand) {
                        copy.remove("linkedResources");
                    }
                    return copy;
                }).toList(), query);
            } else if (method.equals("POST")) {
                ObjectNode body = (ObjectNode) JSON.readTree(x.getRequestBody());
                if (!body.path("title").isTextual()
                        || body.has("status") && !List.of("notStarted", "inProgress", "completed", "waitingOnOthers", "deferred")
                        .contains(body.path("status").asText())
                        || body.has("importance") && !List.of("low", "normal", "high").contains(body.path("importance").asText())) {
                    error(x, 400, "invalidRequest", "Invalid request body.");
                    return;
                }
                for (com.fasterxml.jackson.databind.JsonNode link : body.path("linkedResources")) {
                    if (!link.path("applicationName").isTextual() || !link.path("externalId").isTextual()) {
                        error(x, 400, "invalidRequest", "A linked resource needs applicationName and externalId.");
                        return;
                    }
                }
                String id = task(listId, body.toString());
                send(x, 201, tasks.get(listId).stream().filter(t -> t.path("id").asText().equals(id)).findFirst().orElseThrow());
            } else {
                error(x, 405, "invalidRequest", "Method not allowed");
            }
            return;
        }
        error(x, 400, "invalidRequest", "Invalid request");
    }

    private Item resolve(Item from, String path) {
        Item at = from;
        for (String name : path.split("/")) {
            if (name.isEmpty()) {
                continue;
            }
            Item parent = at;
            at = items.values().stream().filter(i -> parent.id.equals(i.parentId) && i.name.equalsIgnoreCase(name))
                    .findFirst().orElse(null);
            if (at == null) {
                return null;
            }
        }
        return at;
    }

    private Item parentOf(Item from, String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? from : resolve(from, path.substring(0, slash));
    }

    private static String leaf(String path) {
        return path == null ? "" : path.substring(path.lastIndexOf('/') + 1);
    }

    private static boolean legal(String name) {
        return !name.isBlank() && !name.matches(".*[\"*:<>?/\\\\|].*") && !name.endsWith(".") && name.equals(name.strip());
    }

    private ObjectNode json(Item i) {
        ObjectNode node = JSON.createObjectNode().put("id", i.id).put("name", i.name);
        if (i.parentId != null) {
            node.putObject("parentReference").put("id", i.parentId);
        }
        if (i.isFolder()) {
            node.putObject("folder").put("childCount", children(i.id).size());
        } else {
            node.put("size", i.bytes.length);
            node.putObject("file").put("mimeType", i.mimeType);
            node.put("@microsoft.graph.downloadUrl", downloadUrl(i));
        }
        node.setAll(i.facets);
        return node;
    }

    private String filesBase() {
        return "http://127.0.0.1:" + files.getAddress().getPort();
    }

    private String downloadUrl(Item i) {
        return filesBase() + "/dl/" + FormEncoding.percentEncode(i.id) + "?tempauth=" + UUID.randomUUID();
    }

    // ---- the download and upload host (pre-authenticated URLs)

    private void files(HttpExchange x) throws IOException {
        try (x) {
            if (x.getRequestHeaders().containsKey("Authorization")) {
                authorizationOnFileHost.incrementAndGet();
                error(x, 401, "unauthenticated", "Pre-authenticated URLs take no Authorization header.");
                return;
            }
            String path = x.getRequestURI().getRawPath();
            if (path.startsWith("/dl/")) {
                Item item = item(FormEncoding.percentDecode(path.substring(4)));
                if (item == null || item.isFolder()) {
                    error(x, 404, "itemNotFound", "Item not found");
                    return;
                }
                x.getResponseHeaders().set("Content-Type", item.mimeType);
                x.sendResponseHeaders(200, item.bytes.length);
                x.getResponseBody().write(item.bytes);
            } else if (path.startsWith("/up/")) {
                upload(x, path.substring(4));
            } else {
                error(x, 404, "itemNotFound", "Item not found");
            }
        }
    }

    private void upload(HttpExchange x, String sid) throws IOException {
        Session session;
        synchronized (this) {
            session = sessions.get(sid);
        }
        if (session == null) {
            error(x, 404, "itemNotFound", "The upload session was not found.");
            return;
        }
        switch (x.getRequestMethod()) {
            case "GET" -> sessionStatus(x, 200, session);
            case "DELETE" -> {
                synchronized (this) {
                    sessions.remove(sid);
                }
                x.sendResponseHeaders(204, -1);
            }
            case "PUT" -> {
                Matcher range = CONTENT_RANGE.matcher(String.valueOf(x.getRequestHeaders().getFirst("Content-Range")));
                if (!range.matches()) {
                    error(x, 400, "invalidRequest", "Content-Range is missing or malformed.");
                    return;
                }
                long start = Long.parseLong(range.group(1));
                long end = Long.parseLong(range.group(2));
                long total = Long.parseLong(range.group(3));
                int put = chunkPuts.getAndIncrement();
                synchronized (session) {
                    long last = end - start + 1;
                    boolean lastRange = end + 1 == total;
                    if (start != session.received.size() || end < start || end >= total
                            || (session.total >= 0 && total != session.total)) {
                        x.getRequestBody().readAllBytes();
                        error(x, 416, "invalidRange", "The uploaded fragment does not start where the session expects.");
                        return;
                    }
                    if (!lastRange && last % (320 * 1024) != 0) {
                        x.getRequestBody().readAllBytes();
                        error(x, 400, "invalidRange", "Fragments must be a multiple of 320 KiB.");
                        return;
                    }
                    session.total = total;
                    InputStream in = x.getRequestBody();
                    if (put == dropChunk) {
                        byte[] kept = in.readNBytes((int) (dropAnswerOnly ? last : last / 2));
                        session.received.write(kept);
                        throw new DroppedConnection();
                    }
                    byte[] bytes = in.readAllBytes();
                    if (bytes.length != last) {
                        error(x, 400, "invalidRequest", "Content-Length does not match Content-Range.");
                        return;
                    }
                    session.received.write(bytes);
                    if (session.received.size() < total) {
                        sessionStatus(x, 202, session);
                        return;
                    }
                }
                synchronized (this) {
                    sessions.remove(sid);
                    Item folder = items.get(session.parentId);
                    if (resolve(folder, session.name) != null) {
                        error(x, 409, "nameAlreadyExists", "The specified item name already exists.");
                        return;
                    }
                    String name = session.name.toLowerCase();
                    String mime = name.endsWith(".mp4") ? "video/mp4" : name.endsWith(".png") ? "image/png" : "image/jpeg";
                    send(x, 201, json(file(folder.id, session.name, mime, session.received.toByteArray(), null)));
                }
            }
            default -> error(x, 405, "invalidRequest", "Method not allowed");
        }
    }

    /** Ends an exchange by closing its connection, no status sent (HttpServer closes a connection whose handler throws). */
    static final class DroppedConnection extends RuntimeException {
    }

    private static void sessionStatus(HttpExchange x, int status, Session session) throws IOException {
        ObjectNode body = JSON.createObjectNode().put("expirationDateTime", Instant.now().plusSeconds(3600).toString());
        body.putArray("nextExpectedRanges").add(session.received.size() + "-" + (session.total < 0 ? "" : session.total - 1));
        send(x, status, body);
    }

    static Map<String, String> query(String raw) {
        Map<String, String> query = new HashMap<>();
        FormEncoding.decode(raw).forEach(e -> query.put(e.getKey(), e.getValue()));
        return query;
    }

    static void error(HttpExchange x, int status, String code, String message) throws IOException {
        ObjectNode body = JSON.createObjectNode();
        body.putObject("error").put("code", code).put("message", message);
        send(x, status, body);
    }

    private static void oauthError(HttpExchange x, int status, String error, String description) throws IOException {
        send(x, status, JSON.createObjectNode().put("error", error).put("error_description", description));
    }

    static void send(HttpExchange x, int status, ObjectNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        x.getResponseHeaders().set("Content-Type", "application/json");
        x.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }
}
