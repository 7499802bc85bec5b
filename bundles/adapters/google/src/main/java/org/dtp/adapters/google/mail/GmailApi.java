package org.dtp.adapters.google.mail;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleHttp;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The calls of the Gmail API v1 the adapter makes (https://developers.google.com/gmail/api/reference/rest), as one user. */
final class GmailApi {
    /** The headers the exporter shows a message by. */
    static final List<String> HEADERS = List.of("Message-ID", "Subject", "From", "To", "Date");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final GoogleHttp http;
    private final String api;
    private final String upload;
    /** Messages per page (messages.list allows up to 500). */
    private final int pageSize;

    GmailApi(GoogleHttp http, URI baseUrl, int pageSize) {
        this.http = http;
        this.api = baseUrl + "/gmail/v1/users/me";
        this.upload = baseUrl + "/upload/gmail/v1/users/me";
        this.pageSize = pageSize;
    }

    /** labels.list: every label, system and user (the list has no pages). */
    List<JsonNode> labels() throws AdapterException {
        return ApiPage.of(http.get(URI.create(api + "/labels"), OnNotFound.FAIL), "labels").entries();
    }

    /** labels.create of a user label shown in the label list and the message list; returns its id. */
    String createLabel(String name) throws AdapterException {
        String id = http.send("POST", URI.create(api + "/labels"), Map.of("name", name, "labelListVisibility", "labelShow",
                "messageListVisibility", "show"), OnNotFound.FAIL).path("id").asText("");
        if (id.isEmpty()) {
            throw new AdapterException("Google answered labels.create without the label's id");
        }
        return id;
    }

    /** messages.list of {@code labelId} (null: any) matching {@code query} (null: all), newest first. */
    ApiPage messages(String labelId, String query, boolean includeSpamTrash, String pageToken) throws AdapterException {
        StringBuilder uri = new StringBuilder(api).append("/messages?maxResults=").append(pageSize);
        if (labelId != null) {
            uri.append("&labelIds=").append(FormEncoding.percentEncode(labelId));
        }
        if (query != null) {
            uri.append("&q=").append(FormEncoding.percentEncode(query));
        }
        if (includeSpamTrash) {
            uri.append("&includeSpamTrash=true");
        }
        uri.append(ApiPage.tokenQuery(pageToken));
        return ApiPage.of(http.get(URI.create(uri.toString()), OnNotFound.FAIL), "messages");
    }

    /** messages.get?format=metadata with the {@link #HEADERS}: labels, dates, size and headers, no body. */
    JsonNode metadata(String id) throws AdapterException {
        StringBuilder uri = new StringBuilder(api).append("/messages/").append(FormEncoding.percentEncode(id)).append("?format=metadata");
        HEADERS.forEach(h -> uri.append("&metadataHeaders=").append(h));
        return http.get(URI.create(uri.toString()), OnNotFound.REJECT_ITEM);
    }

    /** messages.get?format=raw: the RFC 822 bytes, decoded as they are read. */
    InputStream raw(String id) throws AdapterException, IOException {
        return RawMessage.decode(http.open(URI.create(api + "/messages/" + FormEncoding.percentEncode(id) + "?format=raw")));
    }

    /** A message found by its Message-ID: its id and its labels. */
    record Found(String id, List<String> labelIds) {
    }

    /**
     * The messages (spam and trash included) whose Message-ID header is {@code messageId}, with their labels. Search
     * only finds the candidates: a Message-ID holding search syntax (spaces, quotes, parentheses: not a valid one)
     * finds none, and each candidate's own header must be the same.
     */
    List<Found> withMessageId(String messageId) throws AdapterException {
        String bare = messageId.strip().replaceAll("^<|>$", "");
        if (bare.isEmpty() || !bare.matches("[^\\s\"()]+")) {
            return List.of();
        }
        List<String> candidates = new ArrayList<>();
        ApiPage.forEach(token -> messages(null, "rfc822msgid:" + bare, true, token), m -> candidates.add(m.path("id").asText()));
        List<Found> found = new ArrayList<>();
        for (String id : candidates) {
            JsonNode metadata = metadata(id);
            String header = GmailMessages.header(metadata, "Message-ID");
            if (header != null && bare.equals(header.strip().replaceAll("^<|>$", ""))) {
                List<String> labelIds = new ArrayList<>();
                metadata.path("labelIds").forEach(l -> labelIds.add(l.asText()));
                found.add(new Found(id, List.copyOf(labelIds)));
            }
        }
        return found;
    }

    /** messages.modify adding {@code labelIds}. */
    void addLabels(String id, List<String> labelIds) throws AdapterException {
        http.send("POST", URI.create(api + "/messages/" + FormEncoding.percentEncode(id) + "/modify"),
                Map.of("addLabelIds", labelIds), OnNotFound.REJECT_ITEM);
    }

    /**
     * messages.import of {@code length} raw bytes ({@code -1}: unknown) with {@code labelIds}, as one multipart upload
     * (the message's metadata, then its bytes as they are read), dated by its Date header; returns the new message.
     */
    JsonNode importMessage(InputStream raw, long length, List<String> labelIds) throws AdapterException {
        String boundary = "dtp-" + UUID.randomUUID();
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("labelIds", labelIds);
        byte[] head;
        try {
            head = ("--" + boundary + "\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n"
                    + JSON.writeValueAsString(metadata) + "\r\n--" + boundary + "\r\nContent-Type: message/rfc822\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII);
        InputStream body = new SequenceInputStream(Collections.enumeration(List.of(new ByteArrayInputStream(head), raw,
                new ByteArrayInputStream(tail))));
        return http.upload(URI.create(upload + "/messages/import?uploadType=multipart"
                        + "&internalDateSource=dateHeader&neverMarkSpam=true&processForCalendar=false"),
                "multipart/related; boundary=" + boundary, body, length < 0 ? -1 : head.length + length + tail.length);
    }
}
