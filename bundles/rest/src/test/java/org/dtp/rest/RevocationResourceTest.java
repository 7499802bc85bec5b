package org.dtp.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.models.Vertical;
import org.dtp.rest.ApiModel.Adapter;
import org.dtp.rest.ApiModel.RevocationInfo;
import org.dtp.rest.ApiModel.Unrevoked;
import org.dtp.transfer.AdapterInfo;
import org.dtp.transfer.Direction;
import org.junit.Test;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.MultivaluedHashMap;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.dtp.rest.FakeTransferService.T0;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

public class RevocationResourceTest {
    private final FakeTransferService service = new FakeTransferService();
    private final AdapterResource adapters = new AdapterResource(service);
    private final RevocationResource revocations = new RevocationResource(service);

    private static byte[] json(String body) {
        return body.getBytes(StandardCharsets.UTF_8);
    }

    private void installLocalfs(String version) {
        service.adapters.add(new AdapterInfo("localfs", "Local folder", "org.dtp.dtp-adapter-localfs", version,
                Map.of(Vertical.MEDIA, Set.of(Direction.EXPORT))));
    }

    private static JsonNode write(Object value) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new JacksonJsonProvider().writeTo(value, value.getClass(), value.getClass(), new Annotation[0],
                MediaType.APPLICATION_JSON_TYPE, new MultivaluedHashMap<>(), out);
        return new ObjectMapper().readTree(out.toByteArray());
    }

    @Test
    public void revokeAnswersTheRevocationAndTheAdapterIsMarked() {
        RevocationInfo revoked = adapters.revoke(Callers.OPERATOR, "localfs", "0.1.0", json("{\"reason\": \"security report 42\"}"));

        assertEquals(new RevocationInfo("localfs", "0.1.0", "security report 42", T0.plusSeconds(1)), revoked);
        assertEquals("security report 42", service.revocations().get(0).reason());
        Adapter listed = adapters.list().get(0);
        assertTrue(listed.revoked());
        assertEquals("security report 42", listed.revocation().reason());
        assertEquals(T0.plusSeconds(1), listed.revocation().revokedAt());
        assertEquals(List.of(revoked), revocations.list(Callers.OPERATOR));
    }

    @Test
    public void theBodyIsOptional() {
        for (String body : List.of("", "  \n", "{}", "null", "{\"reason\": \" \"}", "{\"other\": 1}")) {
            service.revocations.clear();
            assertEquals(body, "revoked by operator", adapters.revoke(Callers.OPERATOR, "localfs", "0.1.0", json(body)).reason());
        }
        assertEquals("revoked by operator", adapters.revoke(Callers.OPERATOR, "localfs", "0.1.0", null).reason());
    }

    @Test
    public void aBodyThatIsNotJsonOfTheRightShapeIs400AndRevokesNothing() {
        for (String body : List.of("{\"reason\": ", "{\"reason\": {}}", "[1]", "{} {}", "reason=x")) {
            Problem problem = Problems.expect(400, () -> adapters.revoke(Callers.OPERATOR, "localfs", "0.1.0", json(body)));
            assertEquals(body, Problem.MALFORMED_BODY, problem.type());
        }
        assertTrue(service.revocations().isEmpty());
    }

    @Test
    public void revokingAVersionThatIsNotInstalledIs404SoThatTyposAreCaught() {
        installLocalfs("0.2.0.SNAPSHOT");

        Problem version = Problems.expect(404, () -> adapters.revoke(Callers.OPERATOR, "localfs", "0.1", null));
        Problem provider = Problems.expect(404, () -> adapters.revoke(Callers.OPERATOR, "localf", "0.1.0", null));

        assertEquals(Problem.NOT_FOUND, version.type());
        assertEquals("No installed adapter of provider 'localfs' has version '0.1'; installed: 0.1.0, 0.2.0.SNAPSHOT.",
                version.detail());
        assertEquals("No adapter of provider 'localf' is installed.", provider.detail());
        assertTrue(service.revocations().isEmpty());
    }

    @Test
    public void onlyTheRevokedVersionOfAProviderIsMarked() {
        installLocalfs("0.2.0.SNAPSHOT");

        adapters.revoke(Callers.OPERATOR, "localfs", "0.2.0.SNAPSHOT", null);

        List<Adapter> listed = adapters.list();
        assertEquals("0.1.0", listed.get(0).version());
        assertFalse(listed.get(0).revoked());
        assertNull(listed.get(0).revocation());
        assertEquals("0.2.0.SNAPSHOT", listed.get(1).version());
        assertTrue(listed.get(1).revoked());
    }

    @Test
    public void revokingAgainReplacesReasonAndTime() {
        adapters.revoke(Callers.OPERATOR, "localfs", "0.1.0", json("{\"reason\": \"first\"}"));

        RevocationInfo again = adapters.revoke(Callers.OPERATOR, "localfs", "0.1.0", json("{\"reason\": \"second\"}"));

        assertEquals(new RevocationInfo("localfs", "0.1.0", "second", T0.plusSeconds(2)), again);
        assertEquals(List.of(again), revocations.list(Callers.OPERATOR));
    }

    @Test
    public void revocationsAreSortedAndOutliveTheAdapter() {
        installLocalfs("0.2.0");
        service.adapters.add(new AdapterInfo("drive", "Drive", "org.dtp.dtp-adapter-drive", "1.0.0", Map.of()));
        adapters.revoke(Callers.OPERATOR, "localfs", "0.2.0", null);
        adapters.revoke(Callers.OPERATOR, "drive", "1.0.0", null);
        adapters.revoke(Callers.OPERATOR, "localfs", "0.1.0", null);
        service.adapters.removeIf(a -> a.provider().equals("drive"));

        assertEquals(List.of("drive 1.0.0", "localfs 0.1.0", "localfs 0.2.0"),
                revocations.list(Callers.OPERATOR).stream().map(r -> r.provider() + " " + r.version()).toList());
    }

    @Test
    public void unrevokeLiftsTheRevocation() {
        adapters.revoke(Callers.OPERATOR, "localfs", "0.1.0", null);

        assertEquals(new Unrevoked("localfs", "0.1.0", false), adapters.unrevoke(Callers.OPERATOR, "localfs", "0.1.0"));

        assertFalse(adapters.list().get(0).revoked());
        assertNull(adapters.list().get(0).revocation());
        assertTrue(revocations.list(Callers.OPERATOR).isEmpty());
    }

    @Test
    public void unrevokeWorksForAVersionNoLongerInstalled() {
        adapters.revoke(Callers.OPERATOR, "localfs", "0.1.0", null);
        service.adapters.clear();

        assertFalse(adapters.unrevoke(Callers.OPERATOR, "localfs", "0.1.0").revoked());
        assertTrue(service.revocations().isEmpty());
    }

    @Test
    public void unrevokingAVersionThatIsNotRevokedIs404() {
        Problem problem = Problems.expect(404, () -> adapters.unrevoke(Callers.OPERATOR, "localfs", "0.1.0"));

        assertEquals(Problem.NOT_FOUND, problem.type());
        assertEquals("Version '0.1.0' of adapter 'localfs' is not revoked.", problem.detail());
    }

    @Test
    public void jsonShapes() throws IOException {
        RevocationInfo revoked = adapters.revoke(Callers.OPERATOR, "localfs", "0.1.0", json("{\"reason\": \"bad build\"}"));
        installLocalfs("0.2.0");

        JsonNode list = write(adapters.list());
        JsonNode revocation = write(revoked);
        JsonNode unrevoked = write(new Unrevoked("localfs", "0.1.0", false));

        assertTrue(list.at("/0/revoked").asBoolean());
        assertEquals("bad build", list.at("/0/revocation/reason").asText());
        assertEquals("2026-12-03T10:00:01Z", list.at("/0/revocation/revokedAt").asText());
        assertEquals(Set.of("reason", "revokedAt"), Set.copyOf(iterable(list.at("/0/revocation").fieldNames())));
        assertTrue(list.at("/1/revoked").isBoolean());
        assertFalse(list.at("/1/revoked").asBoolean());
        assertFalse(list.get(1).has("revocation"));
        assertEquals(new ObjectMapper().readTree("{\"provider\": \"localfs\", \"version\": \"0.1.0\","
                + " \"reason\": \"bad build\", \"revokedAt\": \"2026-12-03T10:00:01Z\"}"), revocation);
        assertEquals(new ObjectMapper().readTree("{\"provider\": \"localfs\", \"version\": \"0.1.0\","
                + " \"revoked\": false}"), unrevoked);
    }

    private static List<String> iterable(Iterator<String> it) {
        List<String> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
