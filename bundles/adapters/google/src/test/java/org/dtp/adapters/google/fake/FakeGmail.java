package org.dtp.adapters.google.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.dtp.adapters.google.fake.FakeGoogle.body;
import static org.dtp.adapters.google.fake.FakeGoogle.decode;
import static org.dtp.adapters.google.fake.FakeGoogle.error;
import static org.dtp.adapters.google.fake.FakeGoogle.pageSize;
import static org.dtp.adapters.google.fake.FakeGoogle.query;
import static org.dtp.adapters.google.fake.FakeGoogle.send;
import static org.dtp.adapters.google.fake.FakeGoogle.sendPage;

/**
 * The Gmail API v1 of {@link FakeGoogle} (bearer token already checked), following
 * https://developers.google.com/gmail/api/reference/rest. Messages are kept in files, never whole in memory:
 * <ul>
 * <li>{@code GET /gmail/v1/users/me/labels} (no paging; system labels INBOX, SENT, DRAFT, SPAM, TRASH, UNREAD,
 *     STARRED, IMPORTANT with {@code type} system, user labels {@code Label_<n>}); {@code POST .../labels} (409
 *     "Label name exists or conflicts" for a name taken, compared without case);</li>
 * <li>{@code GET .../messages}: {@code labelIds}, {@code q} (the operators {@code rfc822msgid:}, {@code in:} and
 *     {@code -in:} with inbox/sent/draft/spam/trash, {@code has:nouserlabels}; others 400), {@code includeSpamTrash}
 *     (spam and trash left out without it, unless asked by label), {@code maxResults} default 100, at most 500,
 *     {@code pageToken}/{@code nextPageToken}; {@code messages[]} of {@code id} and {@code threadId}, newest first;</li>
 * <li>{@code GET .../messages/{id}}: {@code format} minimal, metadata (with repeated {@code metadataHeaders};
 *     header values as the message has them) or raw (the whole message, base64url, streamed); {@code internalDate}
 *     as epoch milliseconds in a string, {@code sizeEstimate}; 404 for an unknown id;</li>
 * <li>{@code POST .../messages/{id}/modify} with {@code addLabelIds}/{@code removeLabelIds};</li>
 * <li>{@code POST /upload/gmail/v1/users/me/messages/import}: {@code uploadType=media} (the message as the body) or
 *     {@code multipart} ({@code multipart/related}: the Message JSON with {@code labelIds}, then the message);
 *     {@code internalDateSource} dateHeader (the default for import) or receivedTime; an unknown label is 400; at most
 *     150 MB; a body cut short leaves nothing.</li>
 * </ul>
 */
public final class FakeGmail implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MAX_MESSAGE_BYTES = 150L * 1000 * 1000;
    private static final List<String> SYSTEM = List.of("INBOX", "SENT", "DRAFT", "SPAM", "TRASH", "UNREAD", "STARRED", "IMPORTANT");
    private static final Pattern MESSAGE = Pattern.compile("/gmail/v1/users/me/messages/([^/]+)(/modify)?");

    /** A message as the fake keeps it. */
    public record Message(String id, Path file, List<String> labelIds, long internalDate, String messageId, long size) {
    }

    private final Path folder;
    private final Map<String, ObjectNode> labels = new LinkedHashMap<>();
    private final Map<String, Message> messages = new LinkedHashMap<>();
    private int ids;
    private int imports;

    FakeGmail() throws IOException {
        folder = Files.createTempDirectory("fake-gmail");
        for (String id : SYSTEM) {
            labels.put(id, JSON.createObjectNode().put("id", id).put("name", id).put("type", "system")
                    .put("messageListVisibility", "hide").put("labelListVisibility", "labelShow"));
        }
    }

    /** Adds a user label; returns its id. */
    public synchronized String addLabel(String name) {
        String id = "Label_" + ++ids;
        labels.put(id, JSON.createObjectNode().put("id", id).put("name", name).put("type", "user")
                .put("messageListVisibility", "show").put("labelListVisibility", "labelShow"));
        return id;
    }

    /** Adds a message as received at {@code internalDate}; returns its id. */
    public synchronized String addMessage(byte[] raw, Instant internalDate, String... labelIds) throws IOException {
        Path file = Files.createTempFile(folder, "m", ".eml");
        Files.write(file, raw);
        return store(file, internalDate.toEpochMilli(), List.of(labelIds));
    }

    public synchronized List<Message> messages() {
        return List.copyOf(messages.values());
    }

    public synchronized byte[] raw(String id) throws IOException {
        return Files.readAllBytes(messages.get(id).file());
    }

    /** messages.import calls that made a message. */
    public synchronized int imports() {
        return imports;
    }

    void handle(HttpExchange exchange, String method, String path) throws IOException {
        String rawQuery = exchange.getRequestURI().getRawQuery();
        Map<String, String> query = query(rawQuery);
        if (path.equals("/upload/gmail/v1/users/me/messages/import") && method.equals("POST")) {
            importMessage(exchange, query);
        } else if (path.equals("/gmail/v1/users/me/labels") && method.equals("GET")) {
            ObjectNode answer = JSON.createObjectNode();
            synchronized (this) {
                labels.values().forEach(l -> answer.withArray("labels").add(l.deepCopy()));
            }
            send(exchange, 200, "application/json", answer.toString());
        } else if (path.equals("/gmail/v1/users/me/labels") && method.equals("POST")) {
            String name = body(exchange).path("name").asText("").strip();
            JsonNode label;
            synchronized (this) {
                if (name.isEmpty() || labels.values().stream().anyMatch(l -> l.path("name").asText().equalsIgnoreCase(name))) {
                    error(exchange, name.isEmpty() ? 400 : 409, name.isEmpty() ? "Invalid label name" : "Label name exists or conflicts",
                            name.isEmpty() ? "INVALID_ARGUMENT" : "ALREADY_EXISTS");
                    return;
                }
                label = labels.get(addLabel(name)).deepCopy();
            }
            send(exchange, 200, "application/json", label.toString());
        } else if (path.equals("/gmail/v1/users/me/messages") && method.equals("GET")) {
            list(exchange, query);
        } else {
            Matcher m = MESSAGE.matcher(path);
            Message message;
            synchronized (this) {
                message = m.matches() ? messages.get(decode(m.group(1))) : null;
            }
            if (message == null) {
                error(exchange, 404, "Requested entity was not found.", "NOT_FOUND");
            } else if (m.group(2) != null && method.equals("POST")) {
                JsonNode body = body(exchange);
                synchronized (this) {
                    for (JsonNode add : body.path("addLabelIds")) {
                        if (!labels.containsKey(add.asText())) {
                            error(exchange, 400, "Invalid label: " + add.asText(), "INVALID_ARGUMENT");
                            return;
                        }
                        if (!message.labelIds().contains(add.asText())) {
                            message.labelIds().add(add.asText());
                        }
                    }
                    body.path("removeLabelIds").forEach(r -> message.labelIds().remove(r.asText()));
                }
                send(exchange, 200, "application/json", minimal(message).toString());
            } else if (m.group(2) == null && method.equals("GET")) {
                get(exchange, message, query.getOrDefault("format", "full"), rawQuery);
            } else {
                error(exchange, 405, "Method not allowed", "INVALID_ARGUMENT");
            }
        }
    }

    private void list(HttpExchange exchange, Map<String, String> query) throws IOException {
        String label = query.get("labelIds");
        boolean spamTrash = "true".equals(query.get("includeSpamTrash")) || "SPAM".equals(label) || "TRASH".equals(label);
        List<String> terms = query.get("q") == null ? List.of() : List.of(query.get("q").trim().split("\\s+"));
        for (String term : terms) {
            if (!term.matches("rfc822msgid:.+|-?in:(inbox|sent|draft|spam|trash)|has:nouserlabels")) {
                error(exchange, 400, "Invalid query: this fake knows no '" + term + "'", "INVALID_ARGUMENT");
                return;
            }
        }
        List<JsonNode> found = new ArrayList<>();
        synchronized (this) {
            messages.values().stream().sorted(Comparator.comparingLong(Message::internalDate).reversed().thenComparing(Message::id))
                    .filter(msg -> label == null || msg.labelIds().contains(label))
                    .filter(msg -> spamTrash || !msg.labelIds().contains("SPAM") && !msg.labelIds().contains("TRASH"))
                    .filter(msg -> terms.stream().allMatch(t -> matches(msg, t)))
                    .forEach(msg -> found.add(JSON.createObjectNode().put("id", msg.id()).put("threadId", msg.id())));
        }
        sendPage(exchange, "messages", found, query.get("pageToken"), pageSize(query.get("maxResults"), 100, 500));
    }

    private boolean matches(Message m, String term) {
        if (term.startsWith("rfc822msgid:")) {
            return term.substring("rfc822msgid:".length()).equals(m.messageId());
        }
        if (term.equals("has:nouserlabels")) {
            return m.labelIds().stream().noneMatch(l -> l.startsWith("Label_"));
        }
        boolean in = m.labelIds().contains(term.substring(term.indexOf(':') + 1).toUpperCase(Locale.ROOT));
        return term.startsWith("-") != in;
    }

    private void get(HttpExchange exchange, Message m, String format, String rawQuery) throws IOException {
        ObjectNode answer = minimal(m);
        switch (format) {
            case "minimal" -> send(exchange, 200, "application/json", answer.toString());
            case "metadata" -> {
                List<String> wanted = new ArrayList<>();
                for (String pair : rawQuery.split("&")) {
                    if (pair.startsWith("metadataHeaders=")) {
                        wanted.add(decode(pair.substring("metadataHeaders=".length())).toLowerCase(Locale.ROOT));
                    }
                }
                ObjectNode payload = answer.putObject("payload").put("mimeType", "text/plain");
                for (String[] header : headers(m.file())) {
                    if (wanted.isEmpty() || wanted.contains(header[0].toLowerCase(Locale.ROOT))) {
                        payload.withArray("headers").addObject().put("name", header[0]).put("value", header[1]);
                    }
                }
                send(exchange, 200, "application/json", answer.toString());
            }
            case "raw" -> {
                String json = answer.toString();
                exchange.getResponseHeaders().add("Content-Type", "application/json; charset=UTF-8");
                exchange.sendResponseHeaders(200, 0);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write((json.substring(0, json.length() - 1) + ",\"raw\": \"").getBytes(StandardCharsets.UTF_8));
                    try (OutputStream encoder = Base64.getUrlEncoder().wrap(new NotClosing(out))) {
                        Files.copy(m.file(), encoder);
                    }
                    out.write("\"}".getBytes(StandardCharsets.UTF_8));
                }
            }
            default -> error(exchange, 400, "this fake serves format minimal, metadata and raw only", "INVALID_ARGUMENT");
        }
    }

    private ObjectNode minimal(Message m) {
        ObjectNode node = JSON.createObjectNode().put("id", m.id()).put("threadId", m.id());
        synchronized (this) {
            m.labelIds().forEach(node.putArray("labelIds")::add);
        }
        return node.put("snippet", "").put("sizeEstimate", m.size()).put("historyId", "1")
                .put("internalDate", Long.toString(m.internalDate()));
    }

    private void importMessage(HttpExchange exchange, Map<String, String> query) throws IOException {
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        Path file = Files.createTempFile(folder, "u", ".eml");
        List<String> labelIds = new ArrayList<>();
        try (InputStream in = new BufferedInputStream(exchange.getRequestBody())) {
            if ("media".equals(query.get("uploadType"))) {
                Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            } else if ("multipart".equals(query.get("uploadType")) && type != null && type.startsWith("multipart/related")) {
                String boundary = "--" + type.replaceAll(".*boundary=\"?([^\";]+)\"?.*", "$1");
                if (!line(in).equals(boundary)) {
                    throw new IOException("the body does not start with its boundary");
                }
                while (!line(in).isEmpty()) {
                    // the metadata part's headers
                }
                StringBuilder metadata = new StringBuilder();
                for (String l = line(in); !l.equals(boundary); l = line(in)) {
                    metadata.append(l).append('\n');
                }
                JSON.readTree(metadata.toString()).path("labelIds").forEach(l -> labelIds.add(l.asText()));
                while (!line(in).isEmpty()) {
                    // the message part's headers
                }
                Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                byte[] end = ("\r\n" + boundary + "--").getBytes(StandardCharsets.US_ASCII);
                try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
                    long length = f.length();
                    while (length > 0 && isSpace(f, length - 1)) {
                        length--;
                    }
                    byte[] tail = new byte[end.length];
                    f.seek(Math.max(0, length - end.length));
                    f.readFully(tail);
                    if (length < end.length || !java.util.Arrays.equals(tail, end)) {
                        throw new IOException("the body does not end with its closing boundary");
                    }
                    f.setLength(length - end.length);
                }
            } else {
                Files.deleteIfExists(file);
                error(exchange, 400, "Invalid upload request: uploadType media or multipart, with its Content-Type", "INVALID_ARGUMENT");
                return;
            }
        } catch (IOException e) {
            Files.deleteIfExists(file);
            error(exchange, 400, "Failed to parse the upload: " + e.getMessage(), "INVALID_ARGUMENT");
            return;
        }
        if (Files.size(file) > MAX_MESSAGE_BYTES) {
            Files.deleteIfExists(file);
            error(exchange, 413, "Request Entity Too Large", "INVALID_ARGUMENT");
            return;
        }
        long internalDate = Instant.now().toEpochMilli();
        if (!"receivedTime".equals(query.get("internalDateSource"))) {
            for (String[] h : headers(file)) {
                if (h[0].equalsIgnoreCase("Date")) {
                    internalDate = OffsetDateTime.parse(h[1].replaceAll("\\s+", " ").trim(), DateTimeFormatter.RFC_1123_DATE_TIME)
                            .toInstant().toEpochMilli();
                }
            }
        }
        String id;
        synchronized (this) {
            for (String l : labelIds) {
                if (!labels.containsKey(l)) {
                    Files.deleteIfExists(file);
                    error(exchange, 400, "Invalid label: " + l, "INVALID_ARGUMENT");
                    return;
                }
            }
            imports++;
            id = store(file, internalDate, labelIds);
        }
        send(exchange, 200, "application/json", JSON.createObjectNode().put("id", id).put("threadId", id)
                .set("labelIds", JSON.valueToTree(labelIds)).toString());
    }

    private String store(Path file, long internalDate, List<String> labelIds) throws IOException {
        String messageId = null;
        for (String[] h : headers(file)) {
            if (h[0].equalsIgnoreCase("Message-ID")) {
                messageId = h[1].strip().replaceAll("^<|>$", "");
            }
        }
        String id = Long.toHexString(0x18c0000000L + ++ids);
        messages.put(id, new Message(id, file, new ArrayList<>(labelIds), internalDate, messageId, Files.size(file)));
        return id;
    }

    /** The message's header fields, unfolded: name and value. */
    private static List<String[]> headers(Path file) throws IOException {
        List<String[]> out = new ArrayList<>();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
            String current = null;
            for (String l = line(in); !l.isEmpty(); l = line(in)) {
                if ((l.startsWith(" ") || l.startsWith("\t")) && current != null) {
                    current += l;
                } else {
                    if (current != null && current.indexOf(':') > 0) {
                        out.add(new String[]{current.substring(0, current.indexOf(':')).strip(), current.substring(current.indexOf(':') + 1).strip()});
                    }
                    current = l;
                }
            }
            if (current != null && current.indexOf(':') > 0) {
                out.add(new String[]{current.substring(0, current.indexOf(':')).strip(), current.substring(current.indexOf(':') + 1).strip()});
            }
        }
        return out;
    }

    /** A line without its CRLF (or LF); "" at the end of the stream. */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
            line.write(c);
        }
        String s = line.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    private static boolean isSpace(RandomAccessFile f, long at) throws IOException {
        f.seek(at);
        int c = f.read();
        return c == '\r' || c == '\n' || c == ' ';
    }

    @Override
    public void close() {
        try (var files = Files.list(folder)) {
            for (Path p : files.toList()) {
                Files.deleteIfExists(p);
            }
            Files.deleteIfExists(folder);
        } catch (IOException e) {
            // a temporary folder left behind
        }
    }

    /** Lets the base64 encoder be closed (to write its last bytes) without closing the answer. */
    private static final class NotClosing extends java.io.FilterOutputStream {
        NotClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
