package org.dtp.adapters.rememberthemilk;

import org.dtp.adapters.rememberthemilk.fake.FakeRtm;
import org.dtp.adapters.rememberthemilk.fake.FakeRtm.StoredTask;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.calendar.CalendarTime;
import org.dtp.models.tasks.Task;
import org.dtp.models.tasks.TaskList;
import org.dtp.models.tasks.TaskStatus;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.AuthorizationRefusedException;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

public class RtmAdapterTest {
    private FakeRtm fake;
    private final UUID job = UUID.randomUUID();

    @Before
    public void start() throws Exception {
        fake = FakeRtm.start();
    }

    @After
    public void stop() {
        fake.close();
    }

    private RtmConnector connector(FakeRtm at, double rps, int pageSize, String secret) {
        return new RtmConnector(new RtmSettings(at.apiKey(), secret, at.restUri(), at.authUri(), rps, pageSize, Duration.ofSeconds(10)),
                Clock.systemUTC());
    }

    private RtmConnector connector(FakeRtm at) {
        return connector(at, 10_000, 100, at.sharedSecret());
    }

    private TransferEndpoint endpoint(FakeRtm at) {
        return new TransferEndpoint("rememberthemilk", Map.of(RtmConnector.AUTH_TOKEN, at.token()));
    }

    private TestImportContext destination(FakeRtm at) {
        return new TestImportContext(job, endpoint(at), ref -> null);
    }

    private List<Task> allTasks(RtmTaskExporter exporter, String listId, int[] pages) throws AdapterException {
        List<Task> out = new ArrayList<>();
        String continuation = null;
        do {
            ExportPage<TaskList, Task> page = exporter.export(new TestTransferContext(job, endpoint(fake)), new ExportCursor(listId, continuation));
            out.addAll(page.items());
            pages[0]++;
            continuation = page.continuation();
        } while (continuation != null);
        return out;
    }

    @Test
    public void bothSidesNameTheAccountByTheRtmUserId() throws Exception {
        RtmConnector connector = connector(fake);
        assertEquals(java.util.Optional.of("1"), new RtmTaskExporter(connector).accountId(new TestTransferContext(job, endpoint(fake))));
        assertEquals(java.util.Optional.of("1"), new RtmTaskImporter(connector).accountId(destination(fake)));
    }

    @Test
    public void exportsListsAndTasksWithTheirFieldsParentsFirstAcrossPages() throws Exception {
        String groceries = fake.addList("Groceries");
        StoredTask child = fake.addTask(groceries, "Oat milk"); // made before its parent: still exported after it
        StoredTask parent = fake.addTask(groceries, "Shop");
        child.parentTaskId = parent.taskId;
        parent.due = "2024-05-01T10:30:00Z";
        parent.hasDueTime = true;
        parent.priority = "1";
        parent.tags.add("errand");
        parent.tags.add("dtp-k-0123456789abcdef01234567"); // our own marker is left out
        parent.notes.add(new String[]{"n1", "Shop", "Before noon"});
        parent.url = "https://shop.example.org/";
        child.due = LocalDate.of(2024, 5, 2).atStartOfDay(fake.zone()).toInstant().toString(); // a day, midnight in the user's zone
        child.completed = "2024-05-03T08:00:00Z";
        child.priority = "3";
        for (int i = 0; i < 3; i++) {
            fake.addTask(groceries, "extra " + i);
        }
        RtmTaskExporter exporter = new RtmTaskExporter(connector(fake, 10_000, 2, fake.sharedSecret()));

        List<TaskList> lists = exporter.export(new TestTransferContext(job, endpoint(fake)), ExportCursor.root()).containers();
        assertEquals(List.of("Inbox", "Groceries"), lists.stream().map(TaskList::name).toList()); // not the smart list
        int[] pages = {0};
        List<Task> tasks = allTasks(exporter, groceries, pages);

        assertEquals(5, tasks.size());
        assertEquals(3, pages[0]);
        Task shop = tasks.stream().filter(t -> t.title().equals("Shop")).findFirst().orElseThrow();
        Task oat = tasks.stream().filter(t -> t.title().equals("Oat milk")).findFirst().orElseThrow();
        assertTrue(tasks.indexOf(shop) < tasks.indexOf(oat));
        assertEquals(CalendarTime.ofUtc(Instant.parse("2024-05-01T10:30:00Z")), shop.due());
        assertEquals(Integer.valueOf(1), shop.priority());
        assertEquals(List.of("errand"), shop.categories());
        assertEquals("Shop\nBefore noon", shop.notes());
        assertEquals(List.of(new ExtendedProperty("URL", Map.of(), "https://shop.example.org/")), shop.extended());
        assertEquals(TaskStatus.NEEDS_ACTION, shop.status());
        assertEquals(shop.id(), oat.parentId());
        assertEquals(CalendarTime.ofDate(LocalDate.of(2024, 5, 2)), oat.due());
        assertEquals(TaskStatus.COMPLETED, oat.status());
        assertEquals(Instant.parse("2024-05-03T08:00:00Z"), oat.completedAt());
        assertEquals(Integer.valueOf(9), oat.priority());
    }

    @Test
    public void roundTripToAnotherAccountKeepsTheFields() throws Exception {
        String list = fake.addList("Work");
        StoredTask parent = fake.addTask(list, "Report ☕");
        parent.due = "2024-06-01T09:00:00Z";
        parent.hasDueTime = true;
        parent.priority = "2";
        parent.tags.add("q2");
        parent.notes.add(new String[]{"n", "", "first draft\nsecond line"});
        StoredTask child = fake.addTask(list, "Charts");
        child.parentTaskId = parent.taskId;
        child.completed = "2024-05-30T12:00:00Z";
        child.due = LocalDate.of(2024, 5, 31).atStartOfDay(fake.zone()).toInstant().toString();
        RtmTaskExporter exporter = new RtmTaskExporter(connector(fake));
        try (FakeRtm other = FakeRtm.start()) {
            RtmTaskImporter importer = new RtmTaskImporter(connector(other));
            TestImportContext ctx = destination(other);
            TaskList source = exporter.export(new TestTransferContext(job, endpoint(fake)), ExportCursor.root()).containers().get(1);
            String listId = importer.importContainer(ctx, "c:" + source.id(), source, null);
            List<Task> tasks = allTasks(exporter, list, new int[1]);
            for (Task t : tasks) {
                importer.importItem(ctx, "i:" + t.id(), t, listId);
            }

            assertEquals("Work", other.lists().get(listId));
            List<StoredTask> copies = other.tasks(listId);
            assertEquals(2, copies.size());
            StoredTask report = copies.get(0);
            assertEquals("Report ☕", report.name);
            assertEquals("2024-06-01T09:00:00Z", report.due);
            assertTrue(report.hasDueTime);
            assertEquals("2", report.priority);
            assertTrue(report.tags.contains("q2"));
            assertEquals("first draft\nsecond line", report.notes.get(0)[2]);
            StoredTask charts = copies.get(1);
            assertEquals(report.taskId, charts.parentTaskId);
            assertTrue(!charts.completed.isEmpty());
            assertTrue(!charts.hasDueTime);
            // and back out of the copy, the same fields
            RtmTaskExporter again = new RtmTaskExporter(connector(other));
            List<Task> exported = again.export(new TestTransferContext(job, endpoint(other)), new ExportCursor(listId, null)).items();
            for (int i = 0; i < 2; i++) {
                Task a = tasks.get(i);
                Task b = exported.get(i);
                assertEquals(a.title(), b.title());
                assertEquals(a.due(), b.due());
                assertEquals(a.priority(), b.priority());
                assertEquals(a.status(), b.status());
                assertEquals(a.notes(), b.notes());
                assertEquals(a.categories(), b.categories());
            }
            assertTrue(ctx.notKept().stream().anyMatch(n -> n.field().equals("completedAt")));
        }
    }

    @Test
    public void reImportingTheSameKeyMakesOneTaskAndFinishesWhatWasLeft() throws Exception {
        RtmTaskImporter importer = new RtmTaskImporter(connector(fake));
        Task task = Task.builder()
                .id("t1")
                .title("Call Bob")
                .notes("about the move")
                .status(TaskStatus.COMPLETED)
                .due(CalendarTime.ofDate(LocalDate.of(2024, 7, 1)))
                .priority(1)
                .categories(List.of("home"))
                .build();
        String list = fake.addList("Home");
        // a first attempt that died after the priority call failed
        fake.failNext("rtm.tasks.setPriority", 105, 1);
        assertThrows(TransientAdapterException.class, () -> importer.importItem(destination(fake), "i:t1", task, list));
        String first = importer.importItem(destination(fake), "i:t1", task, list);
        String again = new RtmTaskImporter(connector(fake)).importItem(destination(fake), "i:t1", task, list);

        assertEquals(first, again);
        List<StoredTask> stored = fake.tasks(list);
        assertEquals(1, stored.size());
        assertEquals("1", stored.get(0).priority);
        assertEquals(1, stored.get(0).notes.size());
        assertTrue(!stored.get(0).completed.isEmpty());
        assertEquals(LocalDate.of(2024, 7, 1).atStartOfDay(fake.zone()).toInstant().toString(), stored.get(0).due);
        assertEquals(1, fake.calls("rtm.tasks.add"));
        assertEquals(1, fake.calls("rtm.tasks.notes.add"));
        assertEquals(1, fake.calls("rtm.tasks.complete"));
        // the same list name is the same list
        assertEquals(list, importer.importContainer(destination(fake), "c:x", new TaskList("x", "Home"), null));
    }

    @Test
    public void perItemFailuresAndAWrongSignature() throws Exception {
        RtmTaskImporter importer = new RtmTaskImporter(connector(fake));
        Task task = Task.builder().id("t").title("A").status(TaskStatus.NEEDS_ACTION).build();
        ItemRejectedException gone = assertThrows(ItemRejectedException.class, () -> importer.importItem(destination(fake), "i:t", task, "424242"));
        assertTrue(gone.getMessage(), gone.getMessage().contains("error 320"));

        RtmTaskImporter badSecret = new RtmTaskImporter(connector(fake, 10_000, 100, "not the secret"));
        AuthorizationRefusedException refused = assertThrows(AuthorizationRefusedException.class,
                () -> badSecret.importItem(destination(fake), "i:t", task, "1"));
        assertTrue(refused.getMessage(), refused.getMessage().contains("96: Invalid signature"));
        TestImportContext wrongToken = new TestImportContext(job, new TransferEndpoint("rememberthemilk", Map.of(RtmConnector.AUTH_TOKEN, "x")), ref -> null);
        AuthorizationRefusedException token = assertThrows(AuthorizationRefusedException.class,
                () -> importer.importItem(wrongToken, "i:t", task, "1"));
        assertTrue(token.getMessage(), token.getMessage().contains("98"));
        assertEquals(0, fake.tasks("1").size());

        importer.importItem(destination(fake), "i:t", task, "1");
        assertEquals(1, fake.tasks("1").size());
    }

    @Test
    public void a503IsTransientAndSlowsTheLimiterAndTheRateIsKept() throws Exception {
        RtmConnector connector = connector(fake, 4, 100, fake.sharedSecret());
        RtmTaskExporter exporter = new RtmTaskExporter(connector);
        fake.overloadNext(1);
        TransientAdapterException e = assertThrows(TransientAdapterException.class,
                () -> exporter.export(new TestTransferContext(job, endpoint(fake)), ExportCursor.root()));
        assertEquals(Duration.ofSeconds(1), e.retryAfter().orElseThrow());
        assertEquals(1, connector.rateLimiter().throttles());

        long start = System.nanoTime();
        RtmTaskExporter paced = new RtmTaskExporter(connector(fake, 4, 100, fake.sharedSecret()));
        fake.limitPerSecond(5); // the fake answers 503 past 5 a second; 4 a second never gets one
        for (int i = 0; i < 9; i++) {
            paced.export(new TestTransferContext(job, endpoint(fake)), ExportCursor.root());
        }
        List<Long> times = fake.callTimes();
        // The 9th request's slot is 8 intervals of 250 ms after the limiter began, which is after start: measured
        // from the first request instead, a first request late on a loaded machine would let the others catch up.
        long millis = (times.get(times.size() - 1) - start) / 1_000_000;
        assertTrue("9 requests at 4/s took only " + millis + " ms", millis >= 1950);
    }

    @Test
    public void theFrobFlowGivesAToken() throws Exception {
        RtmAuthFlow flow = new RtmAuthFlow(connector(fake));
        String frob = flow.frob();
        URI url = flow.authorizationUrl("delete", frob);
        assertTrue(url.toString(), url.getRawQuery().matches("api_key=fake-rtm-key&perms=delete&frob=" + frob + "&api_sig=[0-9a-f]{32}"));
        assertEquals(RtmSignature.apiSig(fake.sharedSecret(), List.of(Map.entry("api_key", fake.apiKey()), Map.entry("frob", frob),
                Map.entry("perms", "delete"))), url.getRawQuery().replaceAll(".*api_sig=", ""));
        assertThrows(AdapterException.class, () -> flow.token(frob)); // not granted yet
        String second = flow.frob();
        fake.grant(second);
        assertEquals(fake.token(), flow.token(second));
    }

    @Test
    public void theSignatureIsTheDocumentedMd5() {
        // authentication.rtm's example: secret BANANAS, parameters yxz=foo feg=bar abc=baz -> MD5("BANANASabcbazfegbaryxzfoo")
        assertEquals("82044aae4dd676094f23f1ec152159ba", RtmSignature.apiSig("BANANAS",
                List.of(Map.entry("yxz", "foo"), Map.entry("feg", "bar"), Map.entry("abc", "baz"))));
        assertNull(RtmTaskImporter.due(null, fake.zone()));
    }

    /** A Lotus Notes to-do's due date with a TZID (DUE;TZID="Eastern";VALUE=DATE, as lotus-notes-9.ics writes its dates). */
    @Test
    public void aDueDatesTzidIsReported() throws Exception {
        TestImportContext into = destination(fake);
        new RtmTaskImporter(connector(fake)).importItem(into, "i:t1", Task.builder().id("t1").title("File the report")
                .due(CalendarTime.ofDate(LocalDate.of(2023, 10, 10), "Eastern")).build(), fake.addList("Work"));

        assertEquals(List.of("due TZID=Eastern on the due date not kept: Remember The Milk keeps the day only"),
                into.notKept().stream().filter(n -> n.field().equals("due")).map(n -> n.field() + " " + n.reason()).toList());
    }
}
