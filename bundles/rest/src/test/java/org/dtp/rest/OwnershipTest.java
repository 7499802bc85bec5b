package org.dtp.rest;

import org.dtp.rest.ApiModel.Endpoint;
import org.dtp.rest.ApiModel.Transfer;
import org.dtp.rest.ApiModel.TransferBody;
import org.dtp.rest.ApiModel.TransferSummary;
import org.dtp.transfer.TransferRequest;
import org.junit.Test;

import javax.ws.rs.core.SecurityContext;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** Every transfer belongs to one user: another user gets 404 on it in every endpoint; operators see all. */
public class OwnershipTest {
    private final FakeTransferService service = new FakeTransferService();
    private final TransferResource transfers = new TransferResource(service, new org.dtp.auth.flow.OAuth2AuthorizationFlows(), new TransferEventStreams(service, java.time.Clock.systemUTC(), Runnable::run));

    private Transfer create(SecurityContext caller) {
        return (Transfer) transfers.create(caller, new TransferBody("media", new Endpoint("localfs", Map.of("path", "/p")),
                new Endpoint("localfs", Map.of("path", "/b")), null)).getEntity();
    }

    @SuppressWarnings("unchecked")
    private List<UUID> listed(SecurityContext caller) {
        return ((List<TransferSummary>) transfers.list(caller, null, null).getEntity()).stream().map(TransferSummary::id).toList();
    }

    @Test
    public void transfersBelongToTheirCreatorAndOperatorsOwnTheirsTogether() {
        assertEquals("ann", create(Callers.ANN).owner());
        assertEquals(TransferRequest.OPERATOR, create(Callers.OPERATOR).owner());
        assertEquals(TransferRequest.OPERATOR, service.lastRequest.owner());
    }

    @Test
    public void anotherUsersTransferIs404InEveryEndpointAndIsUntouched() {
        Transfer anns = create(Callers.ANN);
        String id = anns.id().toString();
        List<Runnable> calls = List.of(
                () -> transfers.get(Callers.BOB, id),
                () -> transfers.pause(Callers.BOB, id),
                () -> transfers.resume(Callers.BOB, id),
                () -> transfers.cancel(Callers.BOB, id),
                () -> transfers.errors(Callers.BOB, id, null, null),
                () -> transfers.fidelity(Callers.BOB, id, null, null, null));
        for (Runnable call : calls) {
            Problem problem = Problems.expect(404, call::run);
            assertEquals(Problem.NOT_FOUND, problem.type());
            // The same answer as for an id that does not exist: nothing tells bob that ann's transfer exists.
            assertEquals("There is no transfer with id '" + id + "'.", problem.detail());
        }
        assertEquals("QUEUED", transfers.get(Callers.ANN, id).job().state());
        assertEquals(List.of(), listed(Callers.BOB));
    }

    @Test
    public void usersListTheirOwnAndOperatorsEveryTransfer() {
        Transfer anns = create(Callers.ANN);
        Transfer bobs = create(Callers.BOB);

        assertEquals(List.of(anns.id()), listed(Callers.ANN));
        assertEquals(List.of(bobs.id()), listed(Callers.BOB));
        assertEquals(List.of(bobs.id(), anns.id()), listed(Callers.OPERATOR));
        assertEquals("CANCELLED", transfers.cancel(Callers.OPERATOR, anns.id().toString()).state());
        assertEquals("PAUSED", transfers.pause(Callers.BOB, bobs.id().toString()).state());
    }

    @Test
    public void aUserAtALimitGets429() {
        Problem problem = Problems.expect(429, () -> create(Callers.user(FakeTransferService.LIMITED_USER)));
        assertEquals(Problem.LIMIT_REACHED, problem.type());
        assertTrue(problem.detail().contains("unfinished transfers"));
    }

    @Test
    public void adapterAdministrationIsForOperatorsOnly() {
        AdapterResource adapters = new AdapterResource(service);
        RevocationResource revocations = new RevocationResource(service);

        assertEquals(1, adapters.list().size());
        assertEquals(Problem.FORBIDDEN, Problems.expect(403, () -> adapters.revoke(Callers.ANN, "localfs", "0.1.0", null)).type());
        Problems.expect(403, () -> adapters.unrevoke(Callers.ANN, "localfs", "0.1.0"));
        Problems.expect(403, () -> revocations.list(Callers.ANN));
        assertTrue(service.revocations.isEmpty());
    }

    @Test
    public void withoutAnAuthenticatedCallerResourcesAnswer401() {
        Problems.expect(401, () -> transfers.list(null, null, null));
    }
}
