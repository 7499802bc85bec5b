package org.dtp.rest;

import org.dtp.models.Vertical;
import org.dtp.receipts.DestinationVerification;
import org.dtp.receipts.ItemCheck;
import org.dtp.receipts.ReceiptCheck;
import org.dtp.receipts.Receipts;
import org.dtp.receipts.VerificationException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.ReportPage;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.junit.Test;

import javax.ws.rs.core.Response;
import javax.ws.rs.core.StreamingOutput;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** The receipt download, the check of a receipt's signature, and the check against the destination, over REST. */
public class ReceiptResourcesTest {
    private final FakeTransferService service = new FakeTransferService();
    private final List<Map<String, String>> settingsGiven = new ArrayList<>();
    private final ReceiptResource receipts = new ReceiptResource(service, new FixedReceipts());
    private final VerificationResource verification = new VerificationResource(service, (id, secrets, offset, limit) -> {
        settingsGiven.add(secrets);
        if (secrets.containsKey("path")) {
            throw new VerificationException("'path' is not a secret setting");
        }
        return new ReportPage<>(3, offset, limit, List.of(new ItemCheck("a", "A.jpg", ItemCheck.Status.MISSING, "gone")));
    });
    private final ReceiptKeyResource keys = new ReceiptKeyResource(new FixedReceipts());

    private TransferJob ended(String owner) throws Exception {
        TransferJob job = service.start(new TransferRequest(Vertical.MEDIA, new TransferEndpoint("localfs", Map.of("path", "/a")),
                new TransferEndpoint("localfs", Map.of("path", "/b")), owner));
        return service.cancel(job.id());
    }

    @Test
    public void theOwnerDownloadsTheReceiptOfAnEndedTransfer() throws Exception {
        TransferJob job = ended("ann");
        Response response = receipts.get(Callers.ANN, job.id().toString());
        assertEquals(200, response.getStatus());
        assertEquals(ReceiptResource.JOSE, response.getMediaType().toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ((StreamingOutput) response.getEntity()).write(out);
        assertEquals("receipt of " + job.id(), out.toString(StandardCharsets.UTF_8));
        assertEquals(200, receipts.get(Callers.OPERATOR, job.id().toString()).getStatus());
    }

    @Test
    public void anotherUsersTransferIs404ForTheReceiptAndTheVerification() throws Exception {
        String id = ended("ann").id().toString();
        for (Runnable call : List.<Runnable>of(() -> receipts.get(Callers.BOB, id),
                () -> verification.verify(Callers.BOB, id, null, null, null),
                () -> receipts.get(Callers.BOB, "not-a-uuid"))) {
            assertEquals(Problem.NOT_FOUND, Problems.expect(404, call).type());
        }
        assertTrue("bob's call never reached the destination", settingsGiven.isEmpty());
    }

    @Test
    public void aTransferThatHasNotEndedHasNoReceiptYet() throws Exception {
        TransferJob running = service.start(new TransferRequest(Vertical.MEDIA, new TransferEndpoint("localfs", Map.of("path", "/a")),
                new TransferEndpoint("localfs", Map.of("path", "/b")), "ann"));
        assertEquals(Problem.ILLEGAL_STATE, Problems.expect(409, () -> receipts.get(Callers.ANN, running.id().toString())).type());
    }

    @Test
    public void aVerificationPageLinksToTheNextAndTakesTheSecretSettings() throws Exception {
        String id = ended("ann").id().toString();
        Response response = verification.verify(Callers.ANN, id, "1", "1",
                new VerificationResource.VerificationBody(Map.of("password", "p")));
        ApiModel.Listing<?> page = (ApiModel.Listing<?>) response.getEntity();
        assertEquals(3, page.total());
        assertEquals(new VerificationResource.CheckedItem("a", "A.jpg", "MISSING", "gone"), page.entries().get(0));
        assertEquals("</api/v1/transfers/" + id + "/verification?offset=2&limit=1>; rel=\"next\"", response.getHeaderString("Link"));
        assertEquals(List.of(Map.of("password", "p")), settingsGiven);
    }

    @Test
    public void badVerificationRequestsAreClearProblems() throws Exception {
        String id = ended("ann").id().toString();
        assertEquals(Problem.INVALID_REQUEST, Problems.expect(400, () -> verification.verify(Callers.ANN, id, null, "201", null)).type());
        assertEquals(Problem.NOT_VERIFIABLE, Problems.expect(422, () -> verification.verify(Callers.ANN, id, null, null,
                new VerificationResource.VerificationBody(Map.of("path", "/elsewhere")))).type());
    }

    @Test
    public void theKeySetIsServedAndAReceiptIsCheckedAsJsonOrAsIs() {
        assertEquals("{\"keys\":[]}", keys.keys().getEntity());
        assertTrue(keys.verify(Callers.ANN, new ReceiptKeyResource.ReceiptBody("good")).valid());
        ReceiptCheck bad = keys.verifyJose(Callers.BOB, "bad");
        assertFalse(bad.valid());
        assertEquals(Problem.INVALID_REQUEST, Problems.expect(400, () -> keys.verify(Callers.ANN, new ReceiptKeyResource.ReceiptBody(" "))).type());
    }

    /** Receipts whose body names the transfer; "good" is the one valid receipt. */
    private static final class FixedReceipts implements Receipts {
        @Override
        public String keySet() {
            return "{\"keys\":[]}";
        }

        @Override
        public List<String> keyIds() {
            return List.of("k1");
        }

        @Override
        public String currentKeyId() {
            return "k1";
        }

        @Override
        public String rotateKey() {
            return "k2";
        }

        @Override
        public void write(UUID transfer, OutputStream out) throws java.io.IOException {
            out.write(("receipt of " + transfer).getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public ReceiptCheck check(String jws) {
            return "good".equals(jws) ? ReceiptCheck.valid("k1", null) : ReceiptCheck.invalid("k1", "changed");
        }
    }
}
