package org.dtp.rest;

import org.dtp.auth.flow.OAuth2AuthorizationFlows;
import org.dtp.rest.ApiModel.Endpoint;
import org.dtp.rest.ApiModel.SyncBody;
import org.dtp.rest.ApiModel.SyncInfo;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.sync.Schedule;
import org.junit.Test;

import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/** POST/GET /api/v1/syncs and a sync's pause, resume and delete: schedules, problems and owner-only access. */
public class SyncResourceTest {
    private final FakeSyncService service = new FakeSyncService();
    private final SyncResource resource = new SyncResource(service, new SignInClaims(new OAuth2AuthorizationFlows()));

    private static SyncBody body(String every, String cron) {
        return new SyncBody("contacts", new Endpoint("carddav", Map.of("url", "https://a", "password", "secret")),
                new Endpoint("localfs", Map.of("path", "/b")), every, cron);
    }

    private SyncInfo create(SecurityContext caller, String every, String cron) {
        Response response = resource.create(caller, body(every, cron));
        assertEquals(201, response.getStatus());
        SyncInfo sync = (SyncInfo) response.getEntity();
        assertEquals("/api/v1/syncs/" + sync.id(), response.getHeaderString("Location"));
        return sync;
    }

    @Test
    public void aSyncBelongsToItsCreatorAndShowsNoSecret() {
        SyncInfo sync = create(Callers.ANN, "24h", null);
        assertEquals("ann", sync.owner());
        assertEquals("PT24H", sync.every());
        assertNull(sync.cron());
        assertEquals("ACTIVE", sync.state());
        assertEquals("***", sync.source().settings().get("password"));
        assertEquals(Schedule.every(Duration.ofHours(24)), service.requests.get(0).schedule());
        assertEquals(TransferRequest.OPERATOR, create(Callers.OPERATOR, null, "0 0 3 * * ?").owner());
        assertEquals("0 0 3 * * ?", service.requests.get(1).schedule().cron());
    }

    @Test
    public void intervalsComeInShortOrIsoForm() {
        create(Callers.ANN, "90m", null);
        create(Callers.ANN, "PT6H", null);
        create(Callers.ANN, "7200 s", null);
        assertEquals(List.of(Duration.ofMinutes(90), Duration.ofHours(6), Duration.ofHours(2)),
                service.requests.stream().map(r -> r.schedule().every()).toList());
    }

    @Test
    public void aScheduleThatIsMissingMalformedOrRefusedIs400SayingWhy() {
        assertTrue(Problems.expect(400, () -> resource.create(Callers.ANN, body(null, null))).detail()
                .startsWith("A sync needs a schedule"));
        assertTrue(Problems.expect(400, () -> resource.create(Callers.ANN, body("6h", "0 0 3 * * ?"))).detail()
                .contains("not both"));
        assertTrue(Problems.expect(400, () -> resource.create(Callers.ANN, body("soon", null))).detail()
                .contains("not 'soon'"));
        assertTrue(Problems.expect(400, () -> resource.create(Callers.ANN, body("0h", null))).detail()
                .contains("positive"));
        assertEquals("a sync may run at most every 1 h on this server",
                Problems.expect(400, () -> resource.create(Callers.ANN, body("30m", null))).detail());
        assertEquals("'every day' is not a Quartz cron expression",
                Problems.expect(400, () -> resource.create(Callers.ANN, body(null, "every day"))).detail());
        assertEquals(Map.of(), service.syncs);
    }

    @Test
    public void aRequestTheServiceRefusesIs422AndABodyOfTheWrongShape400() {
        Problem problem = Problems.expect(422, () -> resource.create(Callers.ANN, new SyncBody("contacts",
                new Endpoint("nope", Map.of()), new Endpoint("localfs", Map.of()), "6h", null)));
        assertEquals("no adapter for provider 'nope' is installed", problem.detail());
        Problems.expect(400, () -> resource.create(Callers.ANN, null));
        Problems.expect(400, () -> resource.create(Callers.ANN, new SyncBody("contacts", null, null, "6h", null)));
    }

    @Test
    public void aSelectionIsRefusedRatherThanIgnored() {
        SyncBody selective = new SyncBody("media", new Endpoint("localfs", Map.of("path", "/a")),
                new Endpoint("localfs", Map.of("path", "/b")), "6h", null,
                new ApiModel.SelectionBody("2024-01-01", null, List.of(), List.of()));
        assertTrue(Problems.expect(400, () -> resource.create(Callers.ANN, selective)).detail()
                .startsWith("A sync copies all of its source"));
        assertEquals(Map.of(), service.syncs);
    }

    @Test
    public void anotherUsersSyncIs404EverywhereAndIsUntouched() {
        SyncInfo anns = create(Callers.ANN, "6h", null);
        String id = anns.id().toString();
        List<Runnable> calls = List.of(
                () -> resource.get(Callers.BOB, id),
                () -> resource.pause(Callers.BOB, id),
                () -> resource.resume(Callers.BOB, id),
                () -> resource.delete(Callers.BOB, id));
        for (Runnable call : calls) {
            assertEquals("There is no sync with id '" + id + "'.", Problems.expect(404, call::run).detail());
        }
        Problems.expect(404, () -> resource.get(Callers.ANN, "not-a-uuid"));
        Problems.expect(404, () -> resource.get(Callers.ANN, UUID.randomUUID().toString()));
        assertEquals("ACTIVE", resource.get(Callers.ANN, id).sync().state());
        assertEquals(List.of(), resource.list(Callers.BOB));
        assertEquals(List.of(anns.id()), resource.list(Callers.ANN).stream().map(SyncInfo::id).toList());
        assertEquals("operators see every sync", 1, resource.list(Callers.OPERATOR).size());
    }

    @Test
    public void theOwnerPausesResumesAndDeletes() {
        String id = create(Callers.ANN, "6h", null).id().toString();
        SyncInfo paused = resource.pause(Callers.ANN, id);
        assertEquals("PAUSED", paused.state());
        assertNull(paused.nextRunAt());
        assertEquals("ACTIVE", resource.resume(Callers.ANN, id).state());
        assertEquals(204, resource.delete(Callers.ANN, id).getStatus());
        Problems.expect(404, () -> resource.get(Callers.ANN, id));
        assertEquals(List.of(), resource.list(Callers.OPERATOR));
    }
}
