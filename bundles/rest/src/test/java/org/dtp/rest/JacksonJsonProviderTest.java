package org.dtp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.models.Vertical;
import org.dtp.rest.ApiModel.Adapter;
import org.dtp.rest.ApiModel.Endpoint;
import org.dtp.rest.ApiModel.Transfer;
import org.dtp.rest.ApiModel.TransferBody;
import org.dtp.transfer.Direction;
import org.junit.Test;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.MultivaluedHashMap;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class JacksonJsonProviderTest {
    private static final Annotation[] NONE = new Annotation[0];
    private static final MediaType PROBLEM = MediaType.valueOf(Problem.MEDIA_TYPE);

    private final JacksonJsonProvider provider = new JacksonJsonProvider();

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object read(String json, Class<?> type) throws IOException {
        return provider.readFrom((Class) type, type, NONE, MediaType.APPLICATION_JSON_TYPE, new MultivaluedHashMap<>(),
                new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    private JsonNode write(Object value, Type genericType, MediaType mediaType) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        provider.writeTo(value, value.getClass(), genericType, NONE, mediaType, new MultivaluedHashMap<>(), out);
        return new ObjectMapper().readTree(out.toByteArray());
    }

    @Test
    public void readsTheTransferRequestRecord() throws IOException {
        Object body = read("{\"vertical\":\"media\",\"source\":{\"provider\":\"localfs\",\"settings\":{\"path\":\"/x\","
                + "\"depth\":3}},\"destination\":{\"provider\":\"localfs\"},\"unknown\":true}", TransferBody.class);

        assertEquals(new TransferBody("media", new Endpoint("localfs", Map.of("path", "/x", "depth", "3")),
                new Endpoint("localfs", null), null), body);
    }

    @Test
    public void readsASelection() throws Exception {
        TransferBody body = (TransferBody) read("{\"vertical\":\"mail\",\"source\":{\"provider\":\"imap\"},\"destination\":{\"provider\":"
                + "\"localfs\"},\"selection\":{\"from\":\"2024-01-01\",\"containers\":[\"INBOX/Work\"],"
                + "\"excludeContainers\":[\"Spam\"]}}", TransferBody.class);

        assertEquals(new ApiModel.SelectionBody("2024-01-01", null, java.util.List.of("INBOX/Work"), java.util.List.of("Spam")),
                body.selection());
    }

    @Test
    public void writesRecordsWithIsoTimesAndWithoutNulls() throws IOException {
        UUID id = UUID.randomUUID();
        Transfer job = new Transfer(id, Vertical.MEDIA, new Endpoint("localfs", Map.of("path", "/x")),
                new Endpoint("localfs", Map.of()), "QUEUED", null, 1, 2, 0,
                Instant.parse("2026-12-03T10:00:00Z"), Instant.parse("2026-12-03T10:00:01Z"), null, null, "operator", null, null);

        JsonNode json = write(job, Transfer.class, MediaType.APPLICATION_JSON_TYPE);

        assertEquals(id.toString(), json.get("id").asText());
        assertEquals("MEDIA", json.get("vertical").asText());
        assertEquals("/x", json.at("/source/settings/path").asText());
        assertEquals("2026-12-03T10:00:00Z", json.get("created").asText());
        assertFalse(json.has("reason"));
    }

    @Test
    public void writesGenericListsAndProblems() throws Exception {
        List<Adapter> adapters = List.of(new Adapter("localfs", "Local folder", "b", "1",
                Map.of(Vertical.MEDIA, List.of(Direction.EXPORT, Direction.IMPORT)), false, null, Map.of(Vertical.MEDIA, 2L)));
        Type listOfAdapters = AdapterResource.class.getMethod("list").getGenericReturnType();

        JsonNode list = write(adapters, listOfAdapters, MediaType.APPLICATION_JSON_TYPE);
        JsonNode problem = write(new Problem("about:blank", "Not Found", 404, "none"), Problem.class, PROBLEM);

        assertEquals("EXPORT", list.at("/0/verticals/MEDIA/0").asText());
        assertEquals(2, list.at("/0/activeTransfers/MEDIA").asInt());
        assertEquals(404, problem.get("status").asInt());
    }

    @Test
    public void malformedJsonIsA400Problem() {
        Problem problem = Problems.expect(400, () -> readUnchecked("{\"vertical\": \"media\",", TransferBody.class));

        assertEquals(Problem.MALFORMED_BODY, problem.type());
        assertTrue(problem.detail(), problem.detail().contains("line 1"));
        assertFalse(problem.detail(), problem.detail().contains("Source:"));
    }

    @Test
    public void wrongShapesEmptyBodiesAndTrailingGarbageAre400() {
        Problems.expect(400, () -> readUnchecked("{\"source\": \"localfs\"}", TransferBody.class));
        Problems.expect(400, () -> readUnchecked("{\"source\": {\"settings\": {\"a\": {}}}}", TransferBody.class));
        Problems.expect(400, () -> readUnchecked("", TransferBody.class));
        Problems.expect(400, () -> readUnchecked("{} {}", TransferBody.class));
    }

    @Test
    public void handlesJsonMediaTypesOnlyAndLeavesRawTypesToTheRuntime() {
        assertTrue(provider.isReadable(TransferBody.class, TransferBody.class, NONE, MediaType.APPLICATION_JSON_TYPE));
        assertTrue(provider.isWriteable(Problem.class, Problem.class, NONE, PROBLEM));
        assertTrue(provider.isWriteable(Problem.class, Problem.class, NONE,
                MediaType.valueOf("application/json;charset=UTF-8")));
        assertFalse(provider.isWriteable(Problem.class, Problem.class, NONE, MediaType.TEXT_PLAIN_TYPE));
        assertFalse(provider.isWriteable(byte[].class, byte[].class, NONE, MediaType.APPLICATION_JSON_TYPE));
        assertFalse(provider.isWriteable(String.class, String.class, NONE, MediaType.APPLICATION_JSON_TYPE));
        assertTrue(provider.isReadable(TransferBody.class, TransferBody.class, NONE, MediaType.WILDCARD_TYPE));
        assertFalse(provider.isReadable(TransferBody.class, TransferBody.class, NONE, MediaType.TEXT_PLAIN_TYPE));
        assertFalse(provider.isReadable(InputStream.class, InputStream.class, NONE, MediaType.APPLICATION_JSON_TYPE));
    }

    private void readUnchecked(String json, Class<?> type) {
        try {
            read(json, type);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
