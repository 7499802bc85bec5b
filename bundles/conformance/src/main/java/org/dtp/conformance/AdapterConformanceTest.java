package org.dtp.conformance;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.dtp.conformance.ModelComparison.Difference;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.ContainerModel;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.ItemModel;
import org.dtp.models.MediaRef;
import org.dtp.models.ModelJson;
import org.dtp.models.Vertical;
import org.dtp.models.calendar.CalendarEvent;
import org.dtp.models.calendar.EventStatus;
import org.dtp.models.calendar.Transparency;
import org.dtp.models.contacts.Contact;
import org.dtp.models.mail.MailFlags;
import org.dtp.models.mail.MailMessage;
import org.dtp.models.media.MediaItem;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskStatus;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.SecretSettings;
import org.junit.Assume;
import org.junit.Test;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The SPI's contract as JUnit 4 tests: an adapter's test class extends this, says how to make its exporter and
 * importer against its (fake) service and how to get a new, empty account there, and inherits one test per promise
 * of {@link Exporter} and {@link Importer}:
 * <ul>
 * <li>paging to the end: every sample container and item is reached, none twice, no continuation repeats;</li>
 * <li>reproducible pages: a new exporter (as after a restart) gives the same page for every cursor of the walk;</li>
 * <li>unreadable source items become {@link ExportPage#rejected()} entries (when the author can seed one);</li>
 * <li>idempotent import: the same keys again, on a new importer, return the same ids and create nothing more;</li>
 * <li>per-item errors: a bad item is refused with {@link ItemRejectedException} (or, if taken, held with every field
 * kept or reported), and the items before and after it go in;</li>
 * <li>large media stream in and out without the live heap growing by more than a small bound ({@link HeapWatch});</li>
 * <li>an import interrupted mid-stream leaves no half item, and the same key later completes one whole item;</li>
 * <li>a round trip of the kit's {@link SampleData} keeps every field, or the importer reported it not kept
 * ({@link TestImportContext#notKept()}), or the author listed it in {@link #fieldsTheServiceAssigns()};</li>
 * <li>re-runs: the account each side names ({@code accountId}, by which the engine remembers what a transfer copied, so
 * that a second transfer between the same accounts makes no import call) is the same on every call and holds no
 * secret; an item changed since it was imported is updated in place ({@link Importer#updateItem}: held once, with
 * the change or the field reported not kept), or refused with {@link ItemNotUpdatableException} so that the engine
 * copies it anew and reports why.</li>
 * </ul>
 * Every test works on an account of its own ({@link #newAccount()}). Paging is only tested when the exporter pages:
 * configure it with a small page size (2 items), the first sample container holds five. An export-only adapter
 * returns null from {@link #newImporter()} and fills accounts through its fake in {@link #seed}; the import tests
 * are then skipped, with that reason. Where the service's accounts have one fixed container or none, such an adapter
 * narrows {@link #samples()} with {@link SampleData#in}.
 */
public abstract class AdapterConformanceTest<C extends ContainerModel, I extends ItemModel> {
    /** The uri of a sample media reference the source refuses ("gone at the source"). */
    protected static final String GONE_AT_THE_SOURCE = "sample:gone";

    private static final long MIB = 1L << 20;

    /** The job of this test: imports resumed "after a restart" belong to the same job, as the engine's do. */
    private final UUID job = UUID.randomUUID();
    /**
     * The last import context of each account: a new one starts from the settings the importers left in it
     * ({@link org.dtp.spi.TransferContext#updateSettings}), which the engine keeps with the job across restarts.
     */
    private final Map<TransferEndpoint, TestImportContext> lastImportContexts = new IdentityHashMap<>();
    /** The match key the exporter gives a seeded item, to its sample's ({@link #seededAs}). */
    private final Map<String, String> seededKeys = new HashMap<>();

    // ---- what the adapter's author supplies ----

    /** The vertical the adapter's exporter and importer handle. */
    protected abstract Vertical vertical();

    /** A new, empty account at the (fake) service, as the settings a user would give for it. */
    protected abstract TransferEndpoint newAccount() throws Exception;

    /** A new exporter, configured as in production but for a small page size: each call is as after a restart. */
    protected abstract Exporter<C, I> newExporter() throws Exception;

    /** A new importer, as after a restart; null for an export-only adapter. */
    protected Importer<C, I> newImporter() throws Exception {
        return null;
    }

    /** The samples the service can hold: by default all the kit's samples of the vertical. */
    protected SampleData<C, I> samples() {
        return SampleData.of(vertical());
    }

    /**
     * Fills {@code account} with {@code data}: by default through the importer (as another transfer would); an
     * export-only adapter writes through its fake. Media streams must be read through {@link SampleData#open}.
     */
    protected void seed(TransferEndpoint account, SampleData<C, I> data) throws Exception {
        Importer<C, I> importer = newImporter();
        Assume.assumeTrue("an export-only adapter seeds its accounts itself: override seed()", importer != null);
        importAll(importer, importContext(account, data), data);
    }

    /** What {@code account} holds: by default what the adapter's exporter gives, walked to the end. */
    protected Holdings<C, I> readBack(TransferEndpoint account) throws Exception {
        Exporter<C, I> exporter = newExporter();
        TestTransferContext context = new TestTransferContext(UUID.randomUUID(), account);
        ExportWalk<C, I> walk = ExportWalk.of(exporter, context);
        return new Holdings<>(walk.containers(), walk.items(), ref -> exporter.openMedia(context, ref));
    }

    /**
     * How many bytes the large-media test streams: 256 MiB for MEDIA, 64 MiB for MAIL, 0 (no test) for verticals
     * without large media. Return 0, and say why in a comment, when the service under test cannot take them without
     * holding them in this JVM's heap (an in-process mail server does).
     */
    protected long largeMediaBytes() {
        return switch (vertical()) {
            case MEDIA -> 256 * MIB;
            case MAIL -> 64 * MIB;
            default -> 0;
        };
    }

    /**
     * Fields the service sets itself, which no importer can carry over (a revision stamp, a server-side id in a
     * field), as paths like {@code revision} or {@code attendees[*].rsvp}: the round trip does not compare them.
     * List them here with a comment saying why; what the importer could keep but drops is reported with
     * {@code reportNotKept} instead.
     */
    protected Set<String> fieldsTheServiceAssigns() {
        return Set.of();
    }

    /**
     * The key a sample and what the destination holds for it are matched by, since destination ids differ from source
     * ids: by default {@link SampleData#matchKey} (a media item's file name, a contact's uid...), or the sample's when
     * the item was {@link #seededAs seeded} for it. A service that cannot keep that key (one that keeps no file names)
     * matches by another field it keeps, and says so in a comment.
     */
    protected String matchKey(I item) {
        String key = SampleData.matchKey(item);
        return seededKeys.getOrDefault(key, key);
    }

    /**
     * Notes, in an export-only adapter's {@link #seed}, that the item made for {@code sample} will be exported under
     * the match key {@code exportedKey}: the file name a service gives the files itself (after its own ids).
     */
    protected final void seededAs(I sample, String exportedKey) {
        seededKeys.put(exportedKey, SampleData.matchKey(sample));
    }

    /**
     * A bad item: the importer must refuse it with {@link ItemRejectedException}, or, if it takes it, hold it with every
     * field kept or reported as not kept. By default, for verticals with media,
     * one whose media the source refuses ({@link #GONE_AT_THE_SOURCE}); for contacts, events and tasks one with an
     * extended property whose name vCard/iCalendar cannot write (the event confirmed and opaque, the task needing
     * action, as the samples are: a service such as Google gives every event and task a status); for other verticals
     * none (the test is skipped).
     */
    @SuppressWarnings("unchecked")
    protected I unacceptableItem() {
        ExtendedProperty badName = new ExtendedProperty("X-NOT A NAME", Map.of(), "a property name may not hold spaces");
        Object item = switch (vertical()) {
            case MEDIA -> {
                MediaItem m = (MediaItem) SampleData.of(Vertical.MEDIA).items().get(0);
                yield MediaItem.builder()
                        .id("photo-gone")
                        .kind(m.kind())
                        .fileName("gone.jpg")
                        .title("Gone")
                        .content(new MediaRef(GONE_AT_THE_SOURCE, "image/jpeg", 1000))
                        .build();
            }
            case MAIL -> MailMessage.builder()
                    .id("m-gone")
                    .raw(new MediaRef(GONE_AT_THE_SOURCE, "message/rfc822", 1000))
                    .messageId("<gone@conformance.example>")
                    .subject("Gone")
                    .from("ann@example.org")
                    .flags(new MailFlags(false, false, false, false, false, List.of()))
                    .size(1000)
                    .build();
            case CONTACTS -> {
                Contact c = (Contact) SampleData.of(Vertical.CONTACTS).items().get(0);
                yield Contact.builder()
                        .id("c-bad")
                        .uid("urn:uuid:00000000-0000-0000-0000-0000000000ba")
                        .kind(c.kind())
                        .formattedName("Bad Property")
                        .name(c.name())
                        .extended(List.of(badName))
                        .build();
            }
            case CALENDAR -> {
                CalendarEvent e = (CalendarEvent) SampleData.of(Vertical.CALENDAR).items().get(0);
                yield CalendarEvent.builder()
                        .id("ev-bad")
                        .uid("ev-bad@conformance.example")
                        .summary("Bad property")
                        .start(e.start())
                        .end(e.end())
                        .status(EventStatus.CONFIRMED)
                        .transparency(Transparency.OPAQUE)
                        .extended(List.of(badName))
                        .build();
            }
            case TASKS -> Task.builder()
                    .id("t-bad")
                    .uid("t-bad@conformance.example")
                    .title("Bad property")
                    .status(TaskStatus.NEEDS_ACTION)
                    .extended(List.of(badName))
                    .build();
            default -> null;
        };
        return (I) item;
    }

    /**
     * Puts an item the exporter cannot read (a malformed vCard, a truncated file) into {@code account}, beside the
     * samples, and returns a part of the source id the exporter will report it under; null (the default) when the
     * service cannot hold such a thing, which skips that test.
     */
    protected String seedUnreadable(TransferEndpoint account, SampleData<C, I> data) throws Exception {
        return null;
    }

    /**
     * {@code sample} changed at the source: by default its first text field of {@link #CHANGEABLE_FIELDS} with
     * {@value #CHANGED} added (its match key stays). Override for a model whose change the service shows otherwise.
     */
    @SuppressWarnings("unchecked")
    protected I changed(I sample) {
        ModelJson json = new ModelJson();
        ObjectNode node;
        try {
            node = (ObjectNode) json.mapper().readTree(json.write(sample));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        for (String field : CHANGEABLE_FIELDS) {
            if (node.path(field).isTextual()) {
                node.put(field, node.get(field).asText() + CHANGED);
                return (I) json.read(node.toString(), sample.getClass());
            }
        }
        Assume.assumeTrue("no text field of " + sample.getClass().getSimpleName() + " to change: override changed()", false);
        return null;
    }

    /** What {@link #changed} adds to a text field. */
    protected static final String CHANGED = " (changed)";
    /** The fields {@link #changed} may change, in the order it tries them. */
    protected static final List<String> CHANGEABLE_FIELDS = List.of("formattedName", "summary", "title", "subject", "name",
            "text", "description");

    // ---- the contract ----

    @Test
    public void exportReachesEveryContainerAndItemOnceAndEnds() throws Exception {
        SampleData<C, I> data = samples();
        TransferEndpoint account = newAccount();
        seed(account, data);
        ExportWalk<C, I> walk = ExportWalk.of(newExporter(), new TestTransferContext(UUID.randomUUID(), account));

        Set<String> containerIds = new HashSet<>();
        walk.containers().forEach(c -> assertTrue("container id '" + c.id() + "' given twice", containerIds.add(c.id())));
        Set<String> itemIds = new HashSet<>();
        walk.allItems().forEach(i -> assertTrue("item id '" + i.id() + "' given twice", itemIds.add(i.id())));
        for (SampleData.Box<C, I> box : data.boxes()) {
            if (box.container() == null) {
                assertEquals("the items at the root", keys(box.items()), keys(walk.items().getOrDefault(null, List.of())));
                continue;
            }
            List<C> named = walk.containers().stream().filter(c -> box.container().name().equals(c.name())).toList();
            assertEquals("containers named '" + box.container().name() + "'", 1, named.size());
            List<I> items = walk.items().getOrDefault(named.get(0).id(), List.of());
            assertEquals("the items of '" + box.container().name() + "'", keys(box.items()), keys(items));
        }
        boolean paged = walk.steps().stream().anyMatch(s -> s.cursor().continuation() != null);
        assertTrue("no container took more than one page: configure the exporter with a page size of 2 so that paging "
                + "is tested (the first sample container holds " + data.boxes().get(0).items().size() + " items)", paged);
    }

    @Test
    public void exportPagesAreReproducibleAfterARestart() throws Exception {
        TransferEndpoint account = newAccount();
        seed(account, samples());
        ExportWalk<C, I> first = ExportWalk.of(newExporter(), new TestTransferContext(UUID.randomUUID(), account));
        Exporter<C, I> restarted = newExporter();
        TestTransferContext resumed = new TestTransferContext(UUID.randomUUID(), account);
        for (ExportWalk.Step<C, I> step : first.steps()) {
            ExportPage<C, I> again = restarted.export(resumed, step.cursor());
            String where = "the page at " + step.cursor();
            assertEquals(where + ": containers", ids(step.page().containers()), ids(again.containers()));
            assertEquals(where + ": items", ids(step.page().items()), ids(again.items()));
            assertEquals(where + ": continuation", step.page().continuation(), again.continuation());
        }
    }

    @Test
    public void anUnreadableSourceItemIsRejectedAndTheExportGoesOn() throws Exception {
        SampleData<C, I> data = samples();
        TransferEndpoint account = newAccount();
        seed(account, data);
        String unreadable = seedUnreadable(account, data);
        Assume.assumeTrue("this service cannot hold an unreadable item (seedUnreadable returns null)", unreadable != null);
        ExportWalk<C, I> walk = ExportWalk.of(newExporter(), new TestTransferContext(UUID.randomUUID(), account));
        List<ExportPage.Rejected> rejected = walk.rejected();
        assertTrue("no page rejected '" + unreadable + "': " + rejected,
                rejected.stream().anyMatch(r -> r.sourceId().contains(unreadable) && !r.reason().isBlank()));
        assertEquals("every sample is still exported", keys(data.items()), keys(walk.allItems()));
    }

    @Test
    public void importIsIdempotentOnItsKey() throws Exception {
        Importer<C, I> importer = importerOrSkip();
        SampleData<C, I> data = samples();
        TransferEndpoint account = newAccount();
        Map<String, String> first = importAll(importer, importContext(account, data), data);
        Map<String, String> again = importAll(newImporter(), importContext(account, data), data);
        assertEquals("the same keys, after a restart, give the same destination ids", first, again);
        assertHeldOnce(readBack(account), data);
    }

    @Test
    public void eachSideNamesItsAccountAlikeOnEveryCallAndWithoutSecrets() throws Exception {
        TransferEndpoint account = newAccount();
        Optional<String> exported = newExporter().accountId(new TestTransferContext(UUID.randomUUID(), account));
        assertEquals("the exporter's account id, asked again after a restart", exported,
                newExporter().accountId(new TestTransferContext(UUID.randomUUID(), account)));
        assertNoSecretIn(exported, account);
        Importer<C, I> importer = newImporter();
        if (importer != null) {
            Optional<String> imported = importer.accountId(importContext(account, samples()));
            assertEquals("the importer's account id, asked again after a restart", imported,
                    newImporter().accountId(importContext(account, samples())));
            assertNoSecretIn(imported, account);
        }
    }

    private static void assertNoSecretIn(Optional<String> accountId, TransferEndpoint account) {
        accountId.ifPresent(id -> account.settings().forEach((name, value) -> assertTrue(
                "the account id holds the secret setting " + name, !SecretSettings.isSecret(name) || value.isEmpty()
                        || !id.contains(value))));
    }

    @Test
    public void aChangedItemIsUpdatedInPlaceOrRefusedSoThatItIsCopiedAnew() throws Exception {
        Importer<C, I> importer = importerOrSkip();
        SampleData<C, I> data = samples();
        TransferEndpoint account = newAccount();
        Map<String, String> ids = importAll(importer, importContext(account, data), data);
        SampleData.Box<C, I> box = data.boxes().get(0);
        I sample = box.items().get(0);
        I changed = changed(sample);
        TestImportContext context = importContext(account, data);
        String updated;
        try {
            updated = newImporter().updateItem(context, "item:" + sample.id(), changed, ids.get(box.container().id()),
                    ids.get(sample.id()));
        } catch (ItemNotUpdatableException refused) {
            assertTrue("a refusal says why", refused.getMessage() != null && !refused.getMessage().isBlank());
            return; // the engine copies the item anew and reports why
        }
        assertNotNull("updateItem returns the destination id", updated);
        Holdings<C, I> held = readBack(account);
        List<I> items = held.items(held.containersNamed(box.container().name()).get(0).id());
        List<I> same = items.stream().filter(i -> matchKey(i).equals(matchKey(sample))).toList();
        assertEquals("the changed item is held once, not copied beside the old one", 1, same.size());
        assertEquals("nothing else was added", box.items().size(), items.size());
        boolean shown = new ModelJson().write(same.get(0)).contains(CHANGED.trim());
        boolean reported = context.notKept().stream().anyMatch(n -> CHANGEABLE_FIELDS.contains(n.field()));
        assertTrue("the change is held at the destination, or what was not kept of it is reported", shown || reported);
    }

    @Test
    public void anUnacceptableItemIsRejectedAndTheOthersGoIn() throws Exception {
        Importer<C, I> importer = importerOrSkip();
        I bad = unacceptableItem();
        Assume.assumeTrue("no item of " + vertical() + " that a destination must refuse: override unacceptableItem()", bad != null);
        SampleData<C, I> data = samples();
        SampleData.Box<C, I> box = data.boxes().get(0);
        Assume.assumeTrue("the first sample container needs two items", box.items().size() >= 2);
        TransferEndpoint account = newAccount();
        TestImportContext context = importContext(account, data);
        String container = importer.importContainer(context, "container:" + box.container().id(), box.container(), null);
        importer.importItem(context, "item:" + box.items().get(0).id(), box.items().get(0), container);
        boolean refused;
        try {
            importer.importItem(context, "item:" + bad.id(), bad, container);
            refused = false;
        } catch (ItemRejectedException expected) {
            assertNotNull("a rejection says why", expected.getMessage());
            refused = true;
        }
        importer.importItem(context, "item:" + box.items().get(1).id(), box.items().get(1), container);

        Holdings<C, I> held = readBack(account);
        List<C> named = held.containersNamed(box.container().name());
        assertEquals("containers named '" + box.container().name() + "'", 1, named.size());
        List<I> items = held.items(named.get(0).id());
        if (refused) {
            assertEquals("the two good items, and nothing of the refused one", keys(box.items().subList(0, 2)), keys(items));
            return;
        }
        // Taken: then the destination must hold it, every field kept or reported (the media "gone at the source" cannot be).
        I found = items.stream().filter(i -> matchKey(i).equals(matchKey(bad))).findFirst()
                .orElseThrow(() -> new AssertionError("the importer neither refused " + bad.id() + " (ItemRejectedException) nor holds it"));
        List<String> lost = unreported(new ModelComparison(ref -> {
            if (GONE_AT_THE_SOURCE.equals(ref.uri())) {
                throw new AssertionError("the importer took " + bad.id() + " although its media are gone at the source: it must refuse it");
            }
            return data.open(ref);
        }, held::open, Map.of()), bad, found, context);
        assertTrue("the importer took " + bad.id() + " without refusing it but did not keep it:\n  " + String.join("\n  ", lost), lost.isEmpty());
        assertEquals("the good items and the one taken", 3, items.size());
    }

    @Test
    public void largeMediaStreamInAndOutWithoutFillingTheHeap() throws Exception {
        long size = largeMediaBytes();
        Assume.assumeTrue(vertical() + " has no large media here (largeMediaBytes() is 0)", size > 0);
        long bound = Math.min(64 * MIB, size / 4);
        SampleData<C, I> large = SampleData.large(vertical(), size);
        I item = large.items().get(0);
        MediaRef ref = item.mediaRefs().get(0);

        TransferEndpoint account = newAccount();
        HeapWatch in = new HeapWatch(bound / 2);
        WholeStreamHash source = new WholeStreamHash(size);
        seed(account, large.mapMedia(media -> in.watch(source.hash(media))));
        in.assertGrewLessThan(bound, "writing " + (size / MIB) + " MiB");
        assertTrue("the media were read to their end", in.bytesRead() >= size);
        // Hashed as the seed read them; generated and hashed again only if no opening was read whole.
        String expected = source.hash() != null ? source.hash() : ModelComparison.sha256(large.open(ref));

        Holdings<C, I> held = readBack(account);
        I stored = held.allItems().stream().filter(i -> matchKey(i).equals(matchKey(item)))
                .findFirst().orElseThrow(() -> new AssertionError("the large item is not at the destination"));
        HeapWatch out = new HeapWatch(bound / 2);
        String read = ModelComparison.sha256(out.watch(held.open(stored.mediaRefs().get(0))));
        out.assertGrewLessThan(bound, "reading " + (size / MIB) + " MiB back");
        assertEquals("the bytes read back", expected, read);
    }

    @Test
    public void anImportInterruptedMidStreamLeavesNoHalfItem() throws Exception {
        Importer<C, I> importer = importerOrSkip();
        Assume.assumeTrue(vertical() + " items carry no media to interrupt",
                vertical() == Vertical.MEDIA || vertical() == Vertical.MAIL);
        long size = 4 * MIB;
        SampleData<C, I> data = SampleData.large(vertical(), size);
        SampleData.Box<C, I> box = data.boxes().get(0);
        I item = box.items().get(0);
        MediaRef ref = item.mediaRefs().get(0);
        TransferEndpoint account = newAccount();

        AtomicInteger opens = new AtomicInteger();
        TestImportContext interrupted = importContext(account,
                r -> opens.incrementAndGet() == 1 ? cancelledAfter(data.open(r), size / 2) : data.open(r));
        String container = importer.importContainer(interrupted, "container:" + box.container().id(), box.container(), null);
        // The first attempt is cancelled half-way; an importer may retry within the call (the second open is whole).
        boolean failed;
        try {
            importer.importItem(interrupted, "item:" + item.id(), item, container);
            failed = false;
        } catch (Exception cancelled) {
            failed = true;
        }
        Holdings<C, I> afterCancel = readBack(account);
        List<C> named = afterCancel.containersNamed(box.container().name());
        if (failed) {
            // A service whose containers cannot be empty (a Flickr photoset) makes the container with its first item.
            assertTrue("containers named '" + box.container().name() + "': " + named.size(), named.size() <= 1);
            assertEquals("an interrupted import leaves nothing behind", List.of(),
                    named.isEmpty() ? List.of() : keys(afterCancel.items(named.get(0).id())));
        } else {
            assertEquals("containers named '" + box.container().name() + "'", 1, named.size());
        }

        Importer<C, I> restarted = newImporter();
        TestImportContext again = importContext(account, data);
        String id = restarted.importItem(again, "item:" + item.id(), item, restarted.importContainer(again,
                "container:" + box.container().id(), box.container(), null));
        assertEquals("the same key once more", id, restarted.importItem(again, "item:" + item.id(), item, container));

        Holdings<C, I> held = readBack(account);
        List<I> items = held.items(held.containersNamed(box.container().name()).get(0).id());
        assertEquals("one whole item", List.of(matchKey(item)), keys(items));
        assertEquals("its bytes", ModelComparison.sha256(data.open(ref)), ModelComparison.sha256(held.open(items.get(0).mediaRefs().get(0))));
    }

    @Test
    public void aRoundTripKeepsEveryFieldOrReportsIt() throws Exception {
        Importer<C, I> importer = importerOrSkip();
        SampleData<C, I> data = samples();
        TransferEndpoint account = newAccount();
        TestImportContext context = importContext(account, data);
        importAll(importer, context, data);
        Holdings<C, I> held = readBack(account);

        Map<String, String> destinationIds = new HashMap<>();
        List<String> problems = new ArrayList<>();
        List<Object[]> pairs = new ArrayList<>();
        for (SampleData.Box<C, I> box : data.boxes()) {
            List<C> named = held.containersNamed(box.container().name());
            if (named.size() != 1) {
                problems.add(named.size() + " containers named '" + box.container().name() + "' at the destination");
                continue;
            }
            pairs.add(new Object[]{box.container(), named.get(0)});
            Map<String, I> byKey = new HashMap<>();
            held.items(named.get(0).id()).forEach(i -> byKey.put(matchKey(i), i));
            for (I sample : box.items()) {
                I found = byKey.get(matchKey(sample));
                if (found == null) {
                    problems.add("'" + matchKey(sample) + "' (" + sample.id() + ") is not in '" + box.container().name() + "'");
                } else {
                    destinationIds.put(sample.id(), found.id());
                    pairs.add(new Object[]{sample, found});
                }
            }
        }
        ModelComparison comparison = new ModelComparison(data::open, held::open, destinationIds);
        for (Object[] pair : pairs) {
            problems.addAll(unreported(comparison, pair[0], pair[1], context));
        }
        assertTrue("the round trip lost or changed fields the importer did not report as not kept:\n  "
                + String.join("\n  ", problems), problems.isEmpty());
    }

    /**
     * The differences between a sample and what the destination holds for it that neither the importer reported as
     * not kept nor the author listed in {@link #fieldsTheServiceAssigns()}, each prefixed with the sample's id.
     */
    private List<String> unreported(ModelComparison comparison, Object sample, Object held, TestImportContext context) throws Exception {
        String sourceId = sample instanceof ContainerModel c ? c.id() : ((ItemModel) sample).id();
        Set<String> excused = new HashSet<>(fieldsTheServiceAssigns());
        context.notKept().stream().filter(n -> n.sourceId().equals(sourceId)).forEach(n -> excused.add(n.field()));
        excused.addAll(placementFields(sample));
        List<String> problems = new ArrayList<>();
        for (Difference d : comparison.compare(sample, held)) {
            if (!ModelComparison.covered(d.path(), excused)) {
                problems.add(sourceId + " " + d);
            }
        }
        return problems;
    }

    // ---- helpers for subclasses ----

    /** Imports every container and item of {@code data}, keyed by their source ids; source id to destination id. */
    protected static <C extends ContainerModel, I extends ItemModel> Map<String, String> importAll(
            Importer<C, I> importer, TestImportContext context, SampleData<C, I> data) throws AdapterException {
        Map<String, String> ids = new LinkedHashMap<>();
        for (SampleData.Box<C, I> box : data.boxes()) {
            String container = importer.importContainer(context, "container:" + box.container().id(), box.container(), null);
            ids.put(box.container().id(), container);
            for (I item : box.items()) {
                ids.put(item.id(), importer.importItem(context, "item:" + item.id(), item, container));
            }
        }
        return ids;
    }

    /** An import context into {@code account} whose media are {@code data}'s ({@link #GONE_AT_THE_SOURCE} refused). */
    protected TestImportContext importContext(TransferEndpoint account, SampleData<C, I> data) {
        return importContext(account, ref -> {
            if (GONE_AT_THE_SOURCE.equals(ref.uri())) {
                throw new ItemRejectedException("the item is no longer at the source");
            }
            return data.open(ref);
        });
    }

    private TestImportContext importContext(TransferEndpoint account, TestImportContext.MediaOpener media) {
        TestImportContext last = lastImportContexts.get(account);
        TestImportContext context = new TestImportContext(job, last == null ? account : last.endpoint(), media);
        lastImportContexts.put(account, context);
        return context;
    }

    private Importer<C, I> importerOrSkip() throws Exception {
        Importer<C, I> importer = newImporter();
        Assume.assumeTrue("an export-only adapter: no import contract to check", importer != null);
        return importer;
    }

    private void assertHeldOnce(Holdings<C, I> held, SampleData<C, I> data) {
        for (SampleData.Box<C, I> box : data.boxes()) {
            List<C> named = held.containersNamed(box.container().name());
            assertEquals("containers named '" + box.container().name() + "'", 1, named.size());
            assertEquals("the items of '" + box.container().name() + "', each once",
                    keys(box.items()), keys(held.items(named.get(0).id())));
        }
    }

    /** Where a container sits at the destination (its path and separator there) is the importer's to choose. */
    private static Set<String> placementFields(Object model) {
        return model instanceof org.dtp.models.mail.MailFolder ? Set.of("fullPath", "delimiter") : Set.of();
    }

    private List<String> keys(List<? extends I> items) {
        return items.stream().map(i -> {
            String key = matchKey(i);
            assertNotNull("item '" + i.id() + "' has no match key (see matchKey): the exporter lost what samples are matched by", key);
            return key;
        }).sorted().collect(Collectors.toList());
    }

    private static List<String> ids(List<?> models) {
        return models.stream().map(m -> m instanceof ContainerModel c ? c.id() : ((ItemModel) m).id()).toList();
    }

    /**
     * Hashes streams of {@code length} bytes as they are read and keeps the SHA-256 of the first one read whole (from
     * its start to its {@code length}th byte, nothing skipped or reset).
     */
    private static final class WholeStreamHash {
        private final long length;
        private final AtomicReference<String> hash = new AtomicReference<>();

        WholeStreamHash(long length) {
            this.length = length;
        }

        /** The SHA-256 of the first stream read whole, or null if none was. */
        String hash() {
            return hash.get();
        }

        /** {@code in}, hashed as it is read. */
        InputStream hash(InputStream in) {
            MessageDigest digest;
            try {
                digest = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
            return new FilterInputStream(in) {
                private long read;
                private boolean whole = true;

                @Override
                public int read() throws IOException {
                    int b = super.read();
                    if (b >= 0) {
                        digest.update((byte) b);
                        counted(1);
                    }
                    return b;
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    int n = super.read(b, off, len);
                    if (n > 0) {
                        digest.update(b, off, n);
                        counted(n);
                    }
                    return n;
                }

                @Override
                public long skip(long n) throws IOException {
                    whole = false;
                    return super.skip(n);
                }

                @Override
                public synchronized void reset() throws IOException {
                    whole = false;
                    super.reset();
                }

                private void counted(int n) {
                    read += n;
                    if (whole && read == length) {
                        hash.compareAndSet(null, HexFormat.of().formatHex(digest.digest()));
                    }
                }
            };
        }
    }

    /** {@code in} cut off after {@code bytes}, as when the transfer is cancelled while the item streams. */
    private static InputStream cancelledAfter(InputStream in, long bytes) {
        return new FilterInputStream(in) {
            private long left = bytes;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (left <= 0) {
                    throw new InterruptedIOException("the transfer was cancelled (conformance test)");
                }
                int n = super.read(b, off, (int) Math.min(len, left));
                if (n > 0) {
                    left -= n;
                }
                return n;
            }
        };
    }
}
