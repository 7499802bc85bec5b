package org.dtp.core.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.core.crypto.MasterKeyring;
import org.dtp.core.receipts.DestinationChecks;
import org.dtp.core.receipts.ReceiptSigningKeys;
import org.dtp.core.receipts.SignedReceipts;
import org.dtp.core.store.ReceiptKeyStore;
import org.dtp.models.Vertical;
import org.dtp.models.media.MediaItem;
import org.dtp.models.media.PhotoAlbum;
import org.dtp.receipts.ItemCheck;
import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationItem;
import org.dtp.spi.DestinationReader;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A transfer run by the engine, its signed receipt, and that receipt checked against the destination after a person
 * deleted one copied item there and changed another.
 */
public class ReceiptEndToEndTest {
    private EngineHarness harness;
    private MemoryMediaProvider destination;
    private SignedReceipts receipts;
    private DestinationChecks checks;

    @Before
    public void setUp() throws Exception {
        harness = new EngineHarness();
        MemoryMediaProvider source = new MemoryMediaProvider(2).withAlbum("a", 3).withAlbum("b", 2);
        destination = new MemoryMediaProvider(2);
        destination.importFault = item -> item.id().equals("b/photo-1") ? new ItemRejectedException("too large", null) : null;
        harness.register("src", source.exporter);
        harness.register("dst", new ReadableDestination());
        receipts = new SignedReceipts(harness.manager, harness.store,
                new ReceiptSigningKeys(new ReceiptKeyStore(harness.db, MasterKeyring.inMemory())));
        checks = new DestinationChecks(harness.manager, harness.registry);
    }

    @After
    public void tearDown() throws Exception {
        harness.close();
    }

    private TransferJob transfer() throws Exception {
        TransferJob job = harness.manager.start(new TransferRequest(Vertical.MEDIA, new TransferEndpoint("src", Map.of("library", "mine")),
                new TransferEndpoint("dst", Map.of("folder", "/photos")), "ann"));
        harness.engine.execute(job.id());
        TransferJob done = harness.store.job(job.id()).orElseThrow();
        assertEquals(JobState.COMPLETED_WITH_ERRORS, done.state());
        return done;
    }

    @Test
    public void theReceiptListsExactlyTheCopiedItemsAndVerificationFindsWhatWasDeletedOrChangedSince() throws Exception {
        TransferJob job = transfer();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        receipts.write(job.id(), out);
        String jws = out.toString(StandardCharsets.US_ASCII);
        assertTrue(receipts.check(jws).valid());
        JsonNode receipt = new ObjectMapper().readTree(Base64.getUrlDecoder().decode(jws.split("\\.")[1]));

        Map<String, String> listed = new TreeMap<>();
        receipt.get("items").forEach(item -> {
            listed.put(item.get("sourceId").asText(), item.get("destinationId").asText());
            assertEquals(sha256(MemoryMediaProvider.bytesOf(item.get("sourceId").asText())), item.get("mediaSha256").asText());
        });
        assertEquals(Map.of("a/photo-0", "dest-a/photo-0", "a/photo-1", "dest-a/photo-1", "a/photo-2", "dest-a/photo-2",
                "b/photo-0", "dest-b/photo-0"), listed);
        assertEquals("b/photo-1", receipt.get("errors").get(0).get("sourceId").asText());
        assertEquals(4, receipt.get("totals").get("copied").asLong());
        assertEquals(1, receipt.get("totals").get("failed").asLong());

        destination.imported.remove("i:a/photo-1");                          // deleted at the destination
        destination.imported.put("i:b/photo-0", "edited".getBytes(StandardCharsets.UTF_8)); // changed there

        List<String> found = new ArrayList<>();
        checks.verify(job.id(), Map.of(), 0, 10).entries().forEach(c -> found.add(c.sourceId() + " " + c.status()));
        assertEquals(List.of("a/photo-0 " + ItemCheck.Status.SAME, "a/photo-1 " + ItemCheck.Status.MISSING,
                "a/photo-2 " + ItemCheck.Status.SAME, "b/photo-0 " + ItemCheck.Status.CHANGED), found);
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** The memory destination, reading back the bytes it holds by the id it returned ("dest-" and the source id). */
    private final class ReadableDestination implements Importer<PhotoAlbum, MediaItem>, DestinationReader {
        @Override
        public String importContainer(ImportContext context, String key, PhotoAlbum container, String parentId)
                throws AdapterException {
            return destination.importer.importContainer(context, key, container, parentId);
        }

        @Override
        public String importItem(ImportContext context, String key, MediaItem item, String containerId) throws AdapterException {
            return destination.importer.importItem(context, key, item, containerId);
        }

        @Override
        public Optional<DestinationItem> find(TransferContext context, String destinationId) throws AdapterException {
            byte[] bytes = destination.imported.get("i:" + destinationId.substring("dest-".length()));
            return bytes == null ? Optional.empty() : Optional.of(new DestinationItem(destinationId, sha256(bytes)));
        }
    }
}
