package org.dtp.rest;

import org.dtp.models.Vertical;
import org.dtp.rest.ApiModel.Details;
import org.dtp.rest.ApiModel.Endpoint;
import org.dtp.rest.ApiModel.Transfer;
import org.dtp.rest.ApiModel.TransferBody;
import org.dtp.rest.ApiModel.TransferSummary;
import org.junit.Test;

import javax.ws.rs.core.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

public class TransferResourceTest {
    private final FakeTransferService service = new FakeTransferService();
    private final TransferResource resource = new TransferResource(service, new org.dtp.auth.flow.OAuth2AuthorizationFlows(), new TransferEventStreams(service, java.time.Clock.systemUTC(), Runnable::run));

    private static TransferBody body(String vertical, Map<String, String> sourceSettings) {
        return new TransferBody(vertical, new Endpoint("localfs", sourceSettings),
                new Endpoint("localfs", Map.of("path", "/backup")), null);
    }

    private Transfer created() {
        return (Transfer) resource.create(Callers.OPERATOR, body("media", Map.of("path", "/photos"))).getEntity();
    }

    @Test
    public void anEndUserNamingAnOperatorOnlyAdapterIs403AndNothingIsCreated() {
        javax.ws.rs.core.SecurityContext ann = Callers.of(new ApiCaller("ann", false, java.util.Set.of("localfs")));

        Problem refused = Problems.expect(403, () -> resource.create(ann, body("media", Map.of("path", "/etc"))));

        assertTrue(refused.detail(), refused.detail().startsWith("source: only operators may use the adapter 'localfs'"));
        assertEquals(null, service.lastRequest);
        assertEquals(201, resource.create(Callers.OPERATOR, body("media", Map.of("path", "/photos"))).getStatus());
    }

    @Test
    public void createAnswers201WithLocationAndTheJob() {
        Response response = resource.create(Callers.OPERATOR, body("media", Map.of("path", "/photos")));

        assertEquals(201, response.getStatus());
        Transfer job = (Transfer) response.getEntity();
        assertEquals("/api/v1/transfers/" + job.id(), response.getLocation().toString());
        assertEquals("QUEUED", job.state());
        assertEquals(Vertical.MEDIA, job.vertical());
        assertEquals(Map.of("path", "/photos"), job.source().settings());
        assertEquals(Vertical.MEDIA, service.lastRequest.vertical());
    }

    @Test
    public void createMasksSecretSettingsInTheResponse() {
        Map<String, String> settings = Map.of("path", "/photos", "Password", "hunter2", "apiKey", "k",
                "client_secret", "s", "refreshToken", "t");

        Transfer job = (Transfer) resource.create(Callers.OPERATOR, body("media", settings)).getEntity();

        assertEquals(Map.of("path", "/photos", "Password", "***", "apiKey", "***", "client_secret", "***",
                "refreshToken", "***"), job.source().settings());
        assertEquals("hunter2", service.lastRequest.source().settings().get("Password"));
    }

    @Test
    public void detailsMaskSecretsToo() {
        Transfer job = (Transfer) resource.create(Callers.OPERATOR, body("media", Map.of("path", "/p", "token", "t"))).getEntity();

        Details details = resource.get(Callers.OPERATOR, job.id().toString());

        assertEquals("***", details.job().source().settings().get("token"));
    }

    @Test
    public void missingFieldsAre400NamingThem() {
        Problem problem = Problems.expect(400, () -> resource.create(Callers.OPERATOR, 
                new TransferBody(null, new Endpoint(" ", Map.of()), null, null)));

        assertEquals(Problem.INVALID_REQUEST, problem.type());
        assertTrue(problem.detail(), problem.detail().contains("vertical, source.provider, destination"));
    }

    @Test
    public void aSelectionGoesToTheServiceAndComesBackInTheDetails() {
        TransferBody body = new TransferBody("media", new Endpoint("localfs", Map.of("path", "/photos")),
                new Endpoint("localfs", Map.of("path", "/backup")),
                new ApiModel.SelectionBody("2024-01-01", "2024-07-01T00:00:00+02:00", List.of("Trips/2024"), List.of("Screenshots")));

        Transfer job = (Transfer) resource.create(Callers.OPERATOR, body).getEntity();

        org.dtp.transfer.Selection asked = new org.dtp.transfer.Selection(java.time.Instant.parse("2024-01-01T00:00:00Z"),
                java.time.Instant.parse("2024-06-30T22:00:00Z"), List.of("Trips/2024"), List.of("Screenshots"));
        assertEquals(asked, service.lastRequest.selection());
        Details details = resource.get(Callers.OPERATOR, job.id().toString());
        assertEquals(new ApiModel.SelectionBody("2024-01-01T00:00:00Z", "2024-06-30T22:00:00Z", List.of("Trips/2024"),
                List.of("Screenshots")), details.selection());
        assertEquals(2, details.containers().get(0).notSelected());
    }

    @Test
    public void aTransferWithoutSelectionSelectsEverything() {
        resource.create(Callers.OPERATOR, body("media", Map.of("path", "/photos")));
        assertEquals(org.dtp.transfer.Selection.ALL, service.lastRequest.selection());
    }

    @Test
    public void aSelectionThatCannotHoldIs400SayingWhy() {
        Endpoint source = new Endpoint("localfs", Map.of("path", "/p"));
        Endpoint destination = new Endpoint("localfs", Map.of("path", "/b"));
        Problem backwards = Problems.expect(400, () -> resource.create(Callers.OPERATOR, new TransferBody("media", source,
                destination, new ApiModel.SelectionBody("2024-02-01", "2024-01-01", null, null))));
        assertTrue(backwards.detail(), backwards.detail().startsWith("selection: the selection's 'to'"));
        Problem undated = Problems.expect(400, () -> resource.create(Callers.OPERATOR, new TransferBody("contacts", source,
                destination, new ApiModel.SelectionBody("2024-01-01", null, null, null))));
        assertTrue(undated.detail(), undated.detail().contains("a date range cannot select contacts"));
        Problem blank = Problems.expect(400, () -> resource.create(Callers.OPERATOR, new TransferBody("media", source,
                destination, new ApiModel.SelectionBody(null, null, List.of(""), null))));
        assertTrue(blank.detail(), blank.detail().contains("blank name"));
        Problem notADate = Problems.expect(400, () -> resource.create(Callers.OPERATOR, new TransferBody("media", source,
                destination, new ApiModel.SelectionBody("yesterday", null, null, null))));
        assertTrue(notADate.detail(), notADate.detail().contains("'yesterday' is no date"));
    }

    @Test
    public void missingBodyIs400() {
        assertEquals(Problem.INVALID_REQUEST, Problems.expect(400, () -> resource.create(Callers.OPERATOR, null)).type());
    }

    @Test
    public void nullSettingValueIs400() {
        Map<String, String> settings = new java.util.HashMap<>();
        settings.put("path", null);
        Problem problem = Problems.expect(400, () -> resource.create(Callers.OPERATOR, body("media", settings)));
        assertTrue(problem.detail(), problem.detail().contains("source.settings.path"));
    }

    @Test
    public void unknownVerticalIs422() {
        Problem problem = Problems.expect(422, () -> resource.create(Callers.OPERATOR, body("fax", Map.of("path", "/p"))));

        assertEquals(Problem.INVALID_TRANSFER, problem.type());
        assertTrue(problem.detail(), problem.detail().contains("unknown vertical 'fax'"));
    }

    @Test
    public void invalidTransferFromTheServiceIs422WithItsMessage() {
        Problem unknownAdapter = Problems.expect(422, () -> resource.create(Callers.OPERATOR, new TransferBody("media",
                new Endpoint("nowhere", Map.of("path", "/p")), new Endpoint("localfs", Map.of()), null)));
        Problem badSettings = Problems.expect(422, () -> resource.create(Callers.OPERATOR, body("media", Map.of())));

        assertEquals("no adapter for provider 'nowhere'", unknownAdapter.detail());
        assertEquals("provider 'localfs' needs the setting 'path'", badSettings.detail());
        assertTrue(service.jobs.isEmpty());
    }

    @Test
    public void unknownOrMalformedIdIs404() {
        assertEquals(Problem.NOT_FOUND, Problems.expect(404, () -> resource.get(Callers.OPERATOR, UUID.randomUUID().toString())).type());
        assertEquals(Problem.NOT_FOUND, Problems.expect(404, () -> resource.get(Callers.OPERATOR, "not-a-uuid")).type());
        Problems.expect(404, () -> resource.pause(Callers.OPERATOR, "not-a-uuid"));
        Problems.expect(404, () -> resource.resume(Callers.OPERATOR, UUID.randomUUID().toString()));
        Problems.expect(404, () -> resource.cancel(Callers.OPERATOR, UUID.randomUUID().toString()));
    }

    @Test
    public void detailsHaveContainersErrorsHistoryAndFidelityReport() {
        Transfer job = created();
        resource.pause(Callers.OPERATOR, job.id().toString());

        Details details = resource.get(Callers.OPERATOR, job.id().toString());

        assertEquals("PAUSED", details.job().state());
        assertEquals("Holidays", details.containers().get(0).name());
        assertEquals("img-9", details.errors().get(0).itemId());
        assertEquals(2, details.history().size());
        assertNull(details.history().get(0).from());
        assertEquals("QUEUED", details.history().get(1).from());
        assertEquals("PAUSED", details.history().get(1).to());
        assertEquals(1, details.fidelity().total());
        assertEquals("caption", details.fidelity().entries().get(0).field());
        assertEquals("img-3", details.fidelity().entries().get(0).sourceId());
    }

    @Test
    public void pauseResumeCancelReturnTheJobInItsNewState() {
        String id = created().id().toString();

        assertEquals("PAUSED", resource.pause(Callers.OPERATOR, id).state());
        assertEquals("QUEUED", resource.resume(Callers.OPERATOR, id).state());
        assertEquals("CANCELLED", resource.cancel(Callers.OPERATOR, id).state());
    }

    @Test
    public void illegalStateIs409() {
        String id = created().id().toString();
        resource.cancel(Callers.OPERATOR, id);

        Problem problem = Problems.expect(409, () -> resource.resume(Callers.OPERATOR, id));

        assertEquals(Problem.ILLEGAL_STATE, problem.type());
        assertTrue(problem.detail(), problem.detail().contains("CANCELLED"));
        Problems.expect(409, () -> resource.pause(Callers.OPERATOR, id));
        Problems.expect(409, () -> resource.cancel(Callers.OPERATOR, id));
    }

    @Test
    @SuppressWarnings("unchecked")
    public void listGivesSummariesNewestFirstWithANextLinkWhenThePageIsFull() {
        Transfer first = created();
        Transfer second = created();

        Response page = resource.list(Callers.OPERATOR, "0", "1");
        List<TransferSummary> items = (List<TransferSummary>) page.getEntity();

        assertEquals(200, page.getStatus());
        assertEquals(List.of(second.id()), items.stream().map(TransferSummary::id).toList());
        assertEquals("localfs", items.get(0).sourceProvider());
        assertEquals("</api/v1/transfers?offset=1&limit=1>; rel=\"next\"", page.getHeaderString("Link"));

        Response rest = resource.list(Callers.OPERATOR, null, null);
        assertEquals(2, ((List<TransferSummary>) rest.getEntity()).size());
        assertNull(rest.getHeaderString("Link"));
        assertEquals(first.id(), ((List<TransferSummary>) rest.getEntity()).get(1).id());
    }

    @Test
    public void badPagingParametersAre400() {
        Problems.expect(400, () -> resource.list(Callers.OPERATOR, "-1", null));
        Problems.expect(400, () -> resource.list(Callers.OPERATOR, null, "0"));
        Problems.expect(400, () -> resource.list(Callers.OPERATOR, null, "501"));
        Problem problem = Problems.expect(400, () -> resource.list(Callers.OPERATOR, "x", null));
        assertTrue(problem.detail(), problem.detail().contains("'offset'"));
    }
}
