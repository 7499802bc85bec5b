package org.dtp.rest;

import org.dtp.rest.ApiModel.Endpoint;
import org.dtp.rest.ApiModel.FailedItem;
import org.dtp.rest.ApiModel.Listing;
import org.dtp.rest.ApiModel.NotKept;
import org.dtp.rest.ApiModel.Transfer;
import org.dtp.rest.ApiModel.TransferBody;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.ItemError;
import org.junit.Test;

import javax.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/** Every item error and fidelity entry of a transfer, a page at a time with their totals; bad parameters are 400. */
public class TransferReportsResourceTest {
    private final FakeTransferService service = new FakeTransferService();
    private final TransferResource resource = new TransferResource(service, new org.dtp.auth.flow.OAuth2AuthorizationFlows(),
            new TransferEventStreams(service, java.time.Clock.systemUTC(), Runnable::run));

    private UUID created() {
        Transfer job = (Transfer) resource.create(Callers.ANN, new TransferBody("media", new Endpoint("localfs", Map.of("path", "/p")),
                new Endpoint("localfs", Map.of("path", "/b")), null)).getEntity();
        return job.id();
    }

    @SuppressWarnings("unchecked")
    private static <T> Listing<T> listing(Response response) {
        assertEquals(200, response.getStatus());
        return (Listing<T>) response.getEntity();
    }

    @Test
    public void everyErrorIsListedPageByPageBeyondTheDetailsCap() {
        UUID id = created();
        service.errors.put(id, IntStream.range(0, 250)
                .mapToObj(i -> new ItemError("album-1", "img-" + i, "bad " + i, FakeTransferService.T0)).toList());
        assertEquals("the details list only the latest", 100, resource.get(Callers.ANN, id.toString()).errors().size());

        List<String> seen = new ArrayList<>();
        String offset = "0";
        Response response;
        do {
            response = resource.errors(Callers.ANN, id.toString(), offset, "100");
            Listing<FailedItem> page = listing(response);
            assertEquals(250, page.total());
            assertEquals(100, page.limit());
            page.entries().forEach(e -> seen.add(e.itemId()));
            offset = String.valueOf(page.offset() + page.entries().size());
        } while (response.getHeaderString("Link") != null);
        assertEquals(IntStream.range(0, 250).mapToObj(i -> "img-" + i).toList(), seen);
        assertEquals("</api/v1/transfers/" + id + "/errors?offset=100&limit=100>; rel=\"next\"",
                resource.errors(Callers.ANN, id.toString(), null, "100").getHeaderString("Link"));
    }

    @Test
    public void fidelityEntriesArePagedAndFilteredBySide() {
        UUID id = created();
        List<FieldNotKept> entries = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            entries.add(new FieldNotKept("cal", "e" + i, "attendees[0].role", "OPT-PARTICIPANT", FakeTransferService.T0,
                    i % 3 == 0 ? FieldNotKept.Side.DESTINATION : FieldNotKept.Side.SOURCE));
        }
        service.notKept.put(id, entries);

        Listing<NotKept> both = listing(resource.fidelity(Callers.ANN, id.toString(), "25", null, null));
        assertEquals(30, both.total());
        assertEquals(5, both.entries().size());
        Response destination = resource.fidelity(Callers.ANN, id.toString(), null, "4", "destination");
        Listing<NotKept> page = listing(destination);
        assertEquals(10, page.total());
        assertEquals(List.of("e0", "e3", "e6", "e9"), page.entries().stream().map(NotKept::sourceId).toList());
        assertTrue(page.entries().stream().allMatch(e -> e.side().equals("DESTINATION")));
        assertEquals("</api/v1/transfers/" + id + "/fidelity?offset=4&limit=4&side=DESTINATION>; rel=\"next\"",
                destination.getHeaderString("Link"));
        assertNull("no next page after the last", resource.fidelity(Callers.ANN, id.toString(), "8", "4", "DESTINATION")
                .getHeaderString("Link"));
        assertEquals("the summary names the fields not kept most often", "caption",
                resource.get(Callers.ANN, id.toString()).fidelity().mostOften().get(0).field());
    }

    @Test
    public void badParametersAre400WithAProblem() {
        String id = created().toString();
        List<Runnable> calls = List.of(
                () -> resource.errors(Callers.ANN, id, "-1", null),
                () -> resource.errors(Callers.ANN, id, null, "0"),
                () -> resource.errors(Callers.ANN, id, null, "501"),
                () -> resource.fidelity(Callers.ANN, id, "x", null, null),
                () -> resource.fidelity(Callers.ANN, id, null, "many", null),
                () -> resource.fidelity(Callers.ANN, id, null, null, "both"));
        for (Runnable call : calls) {
            Problem problem = Problems.expect(400, call::run);
            assertEquals(Problem.INVALID_REQUEST, problem.type());
        }
        assertTrue(Problems.expect(400, () -> resource.fidelity(Callers.ANN, id, null, null, "both")).detail()
                .contains("SOURCE or DESTINATION"));
    }

    @Test
    public void anUnknownTransferIs404() {
        String id = UUID.randomUUID().toString();
        assertEquals(Problem.NOT_FOUND, Problems.expect(404, () -> resource.errors(Callers.OPERATOR, id, null, null)).type());
        assertEquals(Problem.NOT_FOUND, Problems.expect(404, () -> resource.fidelity(Callers.OPERATOR, "nope", null, null, null)).type());
    }
}
