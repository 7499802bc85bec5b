package org.dtp.adapters.rememberthemilk.fake;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.dtp.spi.http.FormEncoding;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A Remember The Milk for tests on 127.0.0.1, one user, following https://www.rememberthemilk.com/services/api/:
 * <ul>
 * <li>Signing (authentication.rtm): every call needs a known {@code api_key} (else 100 "Invalid API Key") and an
 *     {@code api_sig} (97 "Missing signature") that is the MD5 of the shared secret and the sorted parameter names and
 *     values, computed here on its own from what was received (96 "Invalid signature"); user methods need a valid
 *     {@code auth_token} (98 "Login failed / Invalid auth token"). The frob flow: rtm.auth.getFrob, the grant
 *     ({@link #grant}, what the user does at the auth URL), rtm.auth.getToken (101 "Invalid frob"); rtm.auth.checkToken
 *     answers the token's {@code auth} (its user's {@code id}) or 98.</li>
 * <li>JSON answers (response.rtm, {@code format=json}): {@code {"rsp":{"stat":"ok",...}}} or
 *     {@code {"rsp":{"stat":"fail","err":{"code","msg"}}}}, codes as strings, one element as an object and several as
 *     an array (RTM's XML-to-JSON mapping), empty tags and notes as {@code []}.</li>
 * <li>Methods: rtm.settings.getList, rtm.timelines.create, rtm.lists.getList, rtm.lists.add, rtm.tasks.getList
 *     (list_id; filter {@code tag:x} only), rtm.tasks.add (name, list_id, parse, parent_task_id), rtm.tasks.setDueDate
 *     (due, has_due_time, parse: with parse=1 a day "YYYY-MM-DD" is midnight in the user's zone), rtm.tasks.setPriority,
 *     rtm.tasks.complete, rtm.tasks.notes.add, rtm.tasks.addTags, rtm.tasks.setURL. Writes need a timeline
 *     (300 "Timeline invalid or not provided"), a list (340 "list_id invalid or not provided"), a task (341
 *     "taskseries_id/task_id invalid or not provided").</li>
 * <li>Rate: past {@link #limitPerSecond} requests in one second the answer is HTTP 503 (RTM's documented answer to
 *     too many requests).</li>
 * </ul>
 */
public final class FakeRtm implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A task: its series fields and its one task entry. */
    public static final class StoredTask {
        public final String listId;
        public final String seriesId;
        public final String taskId;
        public volatile String name;
        public volatile String due = "";
        public volatile boolean hasDueTime;
        public volatile String completed = "";
        public volatile String priority = "N";
        public volatile String url = "";
        public volatile String parentTaskId = "";
        public volatile String rrule = "";
        public final List<String[]> notes = new CopyOnWriteArrayList<>();
        public final List<String> tags = new CopyOnWriteArrayList<>();

        StoredTask(String listId, String seriesId, String taskId, String name) {
            this.listId = listId;
            this.seriesId = seriesId;
            this.taskId = taskId;
            this.name = name;
        }
    }

    private final HttpServer server;
    private final String apiKey = "fake-rtm-key";
    private final String sharedSecret = "fake-rtm-secret";
    private final String token = "ann-rtm-token";
    private final ZoneId zone = ZoneId.of("Europe/Berlin");
    private final AtomicLong ids = new AtomicLong(1000);
    private final Map<String, String> lists = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<String, StoredTask> tasks = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Set<String> timelines = ConcurrentHashMap.newKeySet();
    private final Map<String, Boolean> frobs = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final List<Long> callTimes = new CopyOnWriteArrayList<>();
    private final Map<String, int[]> failures = new ConcurrentHashMap<>();
    private volatile int limitPerSecond = Integer.MAX_VALUE;
    private final AtomicInteger overloads = new AtomicInteger();

    private FakeRtm() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/services/rest/", this::rest);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
        lists.put("1", "Inbox");
    }

    public static FakeRtm start() throws IOException {
        return new FakeRtm();
    }

    public URI restUri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/services/rest/");
    }

    public URI authUri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/services/auth/");
    }

    public String apiKey() {
        return apiKey;
    }

    public String sharedSecret() {
        return sharedSecret;
    }

    public String token() {
        return token;
    }

    public ZoneId zone() {
        return zone;
    }

    public String addList(String name) {
        String id = String.valueOf(ids.incrementAndGet());
        lists.put(id, name);
        return id;
    }

    public StoredTask addTask(String listId, String name) {
        StoredTask t = new StoredTask(listId, String.valueOf(ids.incrementAndGet()), String.valueOf(ids.incrementAndGet()), name);
        tasks.put(t.taskId, t);
        return t;
    }

    public Map<String, String> lists() {
        synchronized (lists) {
            return new LinkedHashMap<>(lists);
        }
    }

    public List<StoredTask> tasks(String listId) {
        synchronized (tasks) {
            return tasks.values().stream().filter(t -> t.listId.equals(listId)).toList();
        }
    }

    /** What the user does at the auth URL: grants the frob. */
    public void grant(String frob) {
        frobs.replace(frob, true);
    }

    public int calls(String method) {
        AtomicInteger n = calls.get(method);
        return n == null ? 0 : n.get();
    }

    public List<Long> callTimes() {
        return List.copyOf(callTimes);
    }

    public void failNext(String method, int code, int times) {
        failures.put(method, new int[]{code, times});
    }

    /** At most {@code n} requests a second; more get 503. */
    public void limitPerSecond(int n) {
        limitPerSecond = n;
    }

    /** The next {@code n} requests get 503 whatever the rate. */
    public void overloadNext(int n) {
        overloads.set(n);
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }

    private void rest(HttpExchange exchange) throws IOException {
        try (exchange) {
            long now = System.nanoTime();
            long inLastSecond = callTimes.stream().filter(t -> now - t < 1_000_000_000L).count();
            if (overloads.getAndUpdate(n -> Math.max(0, n - 1)) > 0 || inLastSecond >= limitPerSecond) {
                exchange.getResponseHeaders().set("Retry-After", "1");
                send(exchange, 503, "Service Unavailable".getBytes(StandardCharsets.US_ASCII));
                return;
            }
            List<Map.Entry<String, String>> query = FormEncoding.decode(exchange.getRequestURI().getRawQuery());
            Map<String, String> p = new TreeMap<>();
            query.forEach(e -> p.put(e.getKey(), e.getValue()));
            Map<String, Object> rsp = answer(p, query);
            callTimes.add(now);
            send(exchange, 200, JSON.writeValueAsBytes(Map.of("rsp", rsp)));
        }
    }

    private Map<String, Object> answer(Map<String, String> p, List<Map.Entry<String, String>> query) {
        String method = p.getOrDefault("method", "");
        if (!apiKey.equals(p.get("api_key"))) {
            return fail(100, "Invalid API Key");
        }
        String sig = p.get("api_sig");
        if (sig == null) {
            return fail(97, "Missing signature");
        }
        if (!MessageDigest.isEqual(sig.getBytes(StandardCharsets.US_ASCII), expectedSignature(query).getBytes(StandardCharsets.US_ASCII))) {
            return fail(96, "Invalid signature");
        }
        if (!"json".equals(p.get("format"))) {
            return fail(111, "Format not supported by this fake");
        }
        if (!method.startsWith("rtm.auth.") && !token.equals(p.get("auth_token"))) {
            return fail(98, "Login failed / Invalid auth token");
        }
        calls.computeIfAbsent(method, m -> new AtomicInteger()).incrementAndGet();
        int[] failure = failures.get(method);
        if (failure != null && failure[1]-- > 0) {
            return fail(failure[0], "injected failure");
        }
        boolean write = method.startsWith("rtm.lists.add") || (method.startsWith("rtm.tasks.") && !method.equals("rtm.tasks.getList"));
        if (write && !timelines.contains(p.getOrDefault("timeline", ""))) {
            return fail(300, "Timeline invalid or not provided");
        }
        StoredTask task = null;
        if (write && method.startsWith("rtm.tasks.") && !method.equals("rtm.tasks.add")) {
            task = tasks.get(p.getOrDefault("task_id", ""));
            if (task == null || !task.seriesId.equals(p.get("taskseries_id"))) {
                return fail(341, "taskseries_id/task_id invalid or not provided");
            }
            if (!task.listId.equals(p.get("list_id"))) {
                return fail(340, "list_id invalid or not provided");
            }
        }
        switch (method) {
            case "rtm.auth.getFrob": {
                String frob = HexFormat.of().formatHex(("frob" + ids.incrementAndGet()).getBytes(StandardCharsets.US_ASCII));
                frobs.put(frob, false);
                return ok("frob", frob);
            }
            case "rtm.auth.getToken": {
                if (!Boolean.TRUE.equals(frobs.remove(p.getOrDefault("frob", "")))) {
                    return fail(101, "Invalid frob - did you authenticate?");
                }
                return ok("auth", Map.of("token", token, "perms", "delete", "user", Map.of("id", "1", "username", "ann", "fullname", "Ann")));
            }
            case "rtm.auth.checkToken":
                return token.equals(p.get("auth_token")) ? ok("auth", Map.of("token", token, "perms", "delete",
                        "user", Map.of("id", "1", "username", "ann", "fullname", "Ann"))) : fail(98, "Login failed / Invalid auth token");
            case "rtm.settings.getList":
                return ok("settings", Map.of("timezone", zone.getId(), "dateformat", "0", "timeformat", "1", "defaultlist", "1"));
            case "rtm.timelines.create": {
                String id = String.valueOf(ids.incrementAndGet());
                timelines.add(id);
                return ok("timeline", id);
            }
            case "rtm.lists.getList": {
                List<Object> out = new ArrayList<>();
                lists().forEach((id, name) -> out.add(Map.of("id", id, "name", name, "deleted", "0", "locked", id.equals("1") ? "1" : "0",
                        "archived", "0", "position", "-1", "smart", "0")));
                out.add(Map.of("id", "9", "name", "Due today", "deleted", "0", "locked", "0", "archived", "0", "position", "0",
                        "smart", "1", "filter", "(due:today)"));
                return ok("lists", Map.of("list", out));
            }
            case "rtm.lists.add": {
                String name = p.getOrDefault("name", "");
                if (name.isBlank() || lists().containsValue(name)) {
                    return fail(3040, "List name provided is invalid or not unique");
                }
                String id = addList(name);
                return okWrite("list", Map.of("id", id, "name", name, "deleted", "0", "locked", "0", "archived", "0", "position", "0", "smart", "0"));
            }
            case "rtm.tasks.getList": {
                String listId = p.get("list_id");
                if (listId != null && !lists.containsKey(listId)) {
                    return fail(320, "list_id invalid or not provided");
                }
                String filter = p.getOrDefault("filter", "");
                List<Object> out = new ArrayList<>();
                for (String id : listId == null ? lists().keySet() : List.of(listId)) {
                    List<StoredTask> in = tasks(id).stream()
                            .filter(t -> filter.isEmpty() || (filter.startsWith("tag:") && t.tags.contains(filter.substring(4).toLowerCase())))
                            .toList();
                    if (!in.isEmpty()) {
                        out.add(listJson(id, in));
                    }
                }
                return ok("tasks", Map.of("rev", "r1", "list", one(out)));
            }
            case "rtm.tasks.add": {
                String listId = p.getOrDefault("list_id", "1");
                if (!lists.containsKey(listId)) {
                    return fail(340, "list_id invalid or not provided");
                }
                if (p.getOrDefault("name", "").isBlank()) {
                    return fail(4000, "Task name provided is invalid");
                }
                StoredTask t = addTask(listId, p.get("name"));
                if (p.get("parent_task_id") != null) {
                    if (!tasks.containsKey(p.get("parent_task_id"))) {
                        tasks.remove(t.taskId);
                        return fail(4070, "parent_task_id invalid");
                    }
                    t.parentTaskId = p.get("parent_task_id");
                }
                return okWrite("list", listJson(listId, List.of(t)));
            }
            case "rtm.tasks.setDueDate": {
                String due = p.getOrDefault("due", "");
                if (due.isEmpty()) {
                    task.due = "";
                } else if ("1".equals(p.get("parse")) && due.matches("\\d{4}-\\d\\d-\\d\\d")) {
                    task.due = LocalDate.parse(due).atStartOfDay(zone).toInstant().toString();
                } else {
                    try {
                        task.due = Instant.parse(due).toString();
                    } catch (java.time.format.DateTimeParseException e) {
                        return fail(360, "Invalid due date");
                    }
                }
                task.hasDueTime = "1".equals(p.get("has_due_time"));
                return okWrite("list", listJson(task.listId, List.of(task)));
            }
            case "rtm.tasks.setPriority": {
                String pr = p.getOrDefault("priority", "N");
                task.priority = List.of("1", "2", "3").contains(pr) ? pr : "N";
                return okWrite("list", listJson(task.listId, List.of(task)));
            }
            case "rtm.tasks.complete":
                task.completed = Instant.now().toString().replaceAll("\\.\\d+Z$", "Z");
                return okWrite("list", listJson(task.listId, List.of(task)));
            case "rtm.tasks.notes.add": {
                String[] note = {String.valueOf(ids.incrementAndGet()), p.getOrDefault("note_title", ""), p.getOrDefault("note_text", "")};
                task.notes.add(note);
                return okWrite("note", Map.of("id", note[0], "title", note[1], "$t", note[2]));
            }
            case "rtm.tasks.addTags": {
                for (String tag : p.getOrDefault("tags", "").split(",")) {
                    String clean = tag.strip().toLowerCase();
                    if (!clean.isEmpty() && !task.tags.contains(clean)) {
                        task.tags.add(clean);
                    }
                }
                return okWrite("list", listJson(task.listId, List.of(task)));
            }
            case "rtm.tasks.setURL":
                task.url = p.getOrDefault("url", "");
                return okWrite("list", listJson(task.listId, List.of(task)));
            default:
                return fail(112, "Method \"" + method + "\" not found");
        }
    }

    private String expectedSignature(List<Map.Entry<String, String>> query) {
        List<Map.Entry<String, String>> sorted = new ArrayList<>(query);
        sorted.removeIf(e -> e.getKey().equals("api_sig"));
        sorted.sort(Map.Entry.comparingByKey());
        StringBuilder text = new StringBuilder(sharedSecret);
        sorted.forEach(e -> text.append(e.getKey()).append(e.getValue()));
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Object> listJson(String listId, List<StoredTask> in) {
        List<Object> series = new ArrayList<>();
        for (StoredTask t : in) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("id", t.seriesId);
            s.put("created", "2024-01-01T10:00:00Z");
            s.put("modified", "2024-01-01T10:00:00Z");
            s.put("name", t.name);
            s.put("source", "api");
            s.put("url", t.url);
            s.put("location_id", "");
            s.put("parent_task_id", t.parentTaskId);
            if (!t.rrule.isEmpty()) {
                s.put("rrule", Map.of("every", "1", "$t", t.rrule));
            }
            s.put("tags", t.tags.isEmpty() ? List.of() : Map.of("tag", one(new ArrayList<>(t.tags))));
            s.put("participants", List.of());
            List<Object> notes = new ArrayList<>();
            t.notes.forEach(n -> notes.add(Map.of("id", n[0], "created", "2024-01-01T10:00:00Z", "modified", "2024-01-01T10:00:00Z",
                    "title", n[1], "$t", n[2])));
            s.put("notes", notes.isEmpty() ? List.of() : Map.of("note", one(notes)));
            s.put("task", one(new ArrayList<>(List.of(Map.of("id", t.taskId, "due", t.due, "has_due_time", t.hasDueTime ? "1" : "0",
                    "added", "2024-01-01T10:00:00Z", "completed", t.completed, "deleted", "", "priority", t.priority,
                    "postponed", "0", "estimate", "")))));
            series.add(s);
        }
        return Map.of("id", listId, "taskseries", one(series));
    }

    /** RTM's JSON: one element as the element itself, several as an array. */
    private static Object one(List<Object> values) {
        return values.size() == 1 ? values.get(0) : values;
    }

    private static Map<String, Object> ok(String name, Object value) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("stat", "ok");
        m.put(name, value);
        return m;
    }

    private Map<String, Object> okWrite(String name, Object value) {
        Map<String, Object> m = ok(name, value);
        m.put("transaction", Map.of("id", String.valueOf(ids.incrementAndGet()), "undoable", "0"));
        return m;
    }

    private static Map<String, Object> fail(int code, String message) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("stat", "fail");
        m.put("err", Map.of("code", String.valueOf(code), "msg", message));
        return m;
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", status == 200 ? "application/json" : "text/plain");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
