package org.dtp.core.receipts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.JWKSet;
import org.dtp.core.crypto.MasterKeyring;
import org.dtp.core.engine.JobControls;
import org.dtp.core.engine.TransferManager;
import org.dtp.core.registry.AdapterRegistry;
import org.dtp.core.store.JobStore;
import org.dtp.core.store.ReceiptKeyStore;
import org.dtp.core.store.RevocationStore;
import org.dtp.core.testing.TestDatabase;
import org.dtp.models.Vertical;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.ItemRecord;
import org.dtp.transfer.JobState;
import org.dtp.transfer.NoSuchTransferException;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

import javax.sql.DataSource;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

/** Receipts of transfers in the job store, on every database the store supports. */
@RunWith(Parameterized.class)
public class SignedReceiptsTest {
    private static final String PASSWORD = "app-password-4711";

    @Parameterized.Parameters(name = "{0}")
    public static Object[] databases() {
        return TestDatabase.Kind.values();
    }

    @Parameterized.Parameter
    public TestDatabase.Kind kind;

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private TestDatabase database;
    private JobStore store;
    private ReceiptSigningKeys keys;
    private SignedReceipts receipts;
    private String scope;

    @Before
    public void setUp() throws Exception {
        database = TestDatabase.create(kind);
        DataSource db = database.migratedPool(4);
        MasterKeyring keyring = new MasterKeyring(folder.getRoot().toPath().resolve("keys.p12"), "");
        store = new JobStore(db, keyring);
        RevocationStore revocations = new RevocationStore(db);
        TransferManager transfers = new TransferManager(store, AdapterRegistry.withRevocations(revocations::isRevoked),
                new JobControls(), id -> { }, revocations);
        keys = new ReceiptSigningKeys(new ReceiptKeyStore(db, keyring));
        receipts = new SignedReceipts(transfers, store, keys);
        scope = store.openMappingScope("ann", Vertical.MEDIA, "src:ann", "dst:ann");
    }

    @After
    public void tearDown() throws Exception {
        if (database != null) { // null when PostgreSQL is not configured and the test was skipped
            database.close();
        }
    }

    /** A transfer of ann's that handled {@code items} (source id, outcome), one of them with a field not kept, and failed one. */
    private UUID transfer(Map<String, ItemRecord.Outcome> items) {
        UUID id = UUID.randomUUID();
        store.create(id, Vertical.MEDIA, new TransferEndpoint("src", Map.of("user", "ann", "password", PASSWORD)),
                new TransferEndpoint("localfs", Map.of("path", "/backup/ann")), "ann", null, "{\"pending\":[]}");
        store.addContainer(id, "", "(root)");
        JobStore.RunProgress run = new JobStore.RunProgress();
        items.forEach((source, outcome) -> run.handled("", new JobStore.Handled(scope, "i:" + source, source, "Photos/" + source + ".jpg",
                "fp-" + source, "1.0", outcome == ItemRecord.Outcome.UNCHANGED ? null : "sha-" + source, outcome), 100,
                source.equals("b") ? List.of(new JobStore.NotKept("b", "exif.gps", "the folder keeps no GPS")) : List.of()));
        run.failed("", "i:broken", "the source refused it");
        store.record(id, run);
        return id;
    }

    private void end(UUID id) {
        assertTrue(store.transition(id, Set.of(JobState.QUEUED), JobState.COMPLETED_WITH_ERRORS, "done"));
    }

    private String receipt(UUID id) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        receipts.write(id, out);
        return out.toString(StandardCharsets.US_ASCII);
    }

    private static JsonNode payload(String jws) throws Exception {
        return new ObjectMapper().readTree(Base64.getUrlDecoder().decode(jws.split("\\.")[1]));
    }

    @Test
    public void aReceiptListsExactlyTheItemsTheTransferHandledWithTheirFieldsNotKeptAndItsErrors() throws Exception {
        UUID id = transfer(Map.of("a", ItemRecord.Outcome.COPIED, "b", ItemRecord.Outcome.COPIED, "c", ItemRecord.Outcome.UNCHANGED));
        UUID other = transfer(Map.of("z", ItemRecord.Outcome.COPIED));
        end(id);
        String jws = receipt(id);
        JsonNode receipt = payload(jws);

        assertEquals("dtp-receipt", receipt.get("type").asText());
        assertEquals(id.toString(), receipt.get("transfer").asText());
        assertEquals("ann", receipt.get("owner").asText());
        assertEquals("COMPLETED_WITH_ERRORS", receipt.get("state").asText());
        List<String> listed = new ArrayList<>();
        receipt.get("items").forEach(item -> listed.add(item.get("sourceId").asText() + " -> " + item.get("destinationId").asText()
                + " " + item.get("outcome").asText()));
        assertEquals(List.of("a -> Photos/a.jpg copied", "b -> Photos/b.jpg copied", "c -> Photos/c.jpg unchanged"), listed);
        JsonNode b = receipt.get("items").get(1);
        assertEquals("fp-b", b.get("fingerprint").asText());
        assertEquals("sha-b", b.get("mediaSha256").asText());
        assertEquals("exif.gps", b.get("notKept").get(0).get("field").asText());
        assertEquals("destination", b.get("notKept").get(0).get("side").asText());
        assertFalse(receipt.get("items").get(2).has("mediaSha256"));
        assertFalse(receipt.get("items").get(0).has("notKept"));
        assertEquals("i:broken", receipt.get("errors").get(0).get("sourceId").asText());
        JsonNode totals = receipt.get("totals");
        assertEquals(2, totals.get("copied").asLong());
        assertEquals(1, totals.get("unchanged").asLong());
        assertEquals(0, totals.get("updated").asLong());
        assertEquals(1, totals.get("failed").asLong());
        assertEquals("***", receipt.get("source").get("settings").get("password").asText());
        assertEquals("/backup/ann", receipt.get("destination").get("settings").get("path").asText());
        assertFalse(new String(Base64.getUrlDecoder().decode(jws.split("\\.")[1]), StandardCharsets.UTF_8).contains(PASSWORD));
        assertFalse(receipt.toString().contains(other.toString()));
    }

    @Test
    public void theReceiptVerifiesWithThePublishedKeySetAndNotOnceOneByteChanged() throws Exception {
        UUID id = transfer(Map.of("a", ItemRecord.Outcome.COPIED));
        end(id);
        String jws = receipt(id);
        JWKSet published = JWKSet.parse(receipts.keySet());
        JWSObject parsed = JWSObject.parse(jws);
        assertTrue(parsed.verify(new ECDSAVerifier(published.getKeyByKeyId(parsed.getHeader().getKeyID()).toECKey())));
        assertTrue(receipts.check(jws).valid());
        assertEquals(id.toString(), receipts.check(jws).transfer());

        String[] parts = jws.split("\\.");
        byte[] payload = Base64.getUrlDecoder().decode(parts[1]);
        int at = new String(payload, StandardCharsets.UTF_8).indexOf("Photos/a.jpg");
        payload[at] = 'p';
        String altered = parts[0] + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(payload) + "." + parts[2];
        assertFalse(receipts.check(altered).valid());
        assertFalse(JWSObject.parse(altered).verify(new ECDSAVerifier(published.getKeys().get(0).toECKey())));
    }

    @Test
    public void aReceiptOfManyItemsListsThemAllInKeyOrder() throws Exception {
        Map<String, ItemRecord.Outcome> items = new java.util.TreeMap<>();
        for (int i = 0; i < 1203; i++) {
            items.put(String.format("item-%05d", i), ItemRecord.Outcome.COPIED);
        }
        UUID id = transfer(items);
        end(id);
        JsonNode receipt = payload(receipt(id));
        assertEquals(1203, receipt.get("items").size());
        assertEquals("item-01202", receipt.get("items").get(1202).get("sourceId").asText());
        assertEquals(1203, receipt.get("totals").get("copied").asLong());
    }

    @Test
    public void aTransferThatHasNotEndedHasNoReceiptAndAnUnknownOneNone() {
        UUID running = transfer(Map.of("a", ItemRecord.Outcome.COPIED));
        assertThrows(IllegalJobStateException.class, () -> receipts.write(running, new ByteArrayOutputStream()));
        assertThrows(NoSuchTransferException.class, () -> receipts.write(UUID.randomUUID(), new ByteArrayOutputStream()));
    }
}
