package org.dtp.notifications;

import com.sun.net.httpserver.HttpServer;
import jakarta.mail.Message;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import org.dtp.transfer.JobState;
import org.dtp.transfer.TransferEvent;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

import javax.ws.rs.core.Response;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * E-mails through a real SMTP server (GreenMail, with SMTP AUTH) about transfers of the real engine, and the cancel
 * link of the e-mail followed to the end: GET shows a form and changes nothing, POST cancels the transfer.
 */
public class TransferNotifierTest {
    private static final String SOURCE_PASSWORD = "source-Pa55word-never-mailed";
    private static final String SOURCE_TOKEN = "source-token-never-mailed";
    private static final String PUBLIC_URL = "https://dtp.example.org";
    private static final byte[] KEY = "notifier-test-signing-key-32-chars!!".getBytes(StandardCharsets.UTF_8);
    private static final Pattern LINK = Pattern.compile(Pattern.quote(PUBLIC_URL) + "/api/v1/cancellations/([A-Za-z0-9_-]+)");
    private static final Map<String, String> SOURCE_SETTINGS = Map.of("library", "Errands", "password", SOURCE_PASSWORD,
            "apiToken", SOURCE_TOKEN);

    private SmtpServer smtp;
    private RealEngine engine;
    private final CancelLinks links = new CancelLinks(KEY, Duration.ofHours(24), PUBLIC_URL, Clock.systemUTC());

    @Before
    public void setUp() {
        smtp = new SmtpServer();
    }

    @After
    public void tearDown() {
        if (engine != null) {
            engine.close();
        }
        smtp.close();
    }

    private TestConfig smtpConfig() {
        return new TestConfig().set("enabled", true).set("smtpHost", "127.0.0.1").set("smtpPort", smtp.smtpPort())
                .set("smtpSecurity", "none").set("smtpUsername", SmtpServer.LOGIN).set("_smtpPassword", SmtpServer.PASSWORD)
                .set("fromAddress", SmtpServer.FROM).set("publicUrl", PUBLIC_URL).set("operatorEmail", "ops@example.org")
                .set("connectTimeoutSeconds", 2).set("readTimeoutSeconds", 5);
    }

    private TransferNotifier notifier(TestConfig config) {
        return new TransferNotifier(engine.transfers, engine.users, links, config.build());
    }

    private RealEngine engine(long graceSeconds, TestConfig config) throws Exception {
        engine = new RealEngine(graceSeconds).user("ann", "ann@example.org").user("bob", null);
        engine.listener(notifier(config));
        return engine;
    }

    private static String token(String mailText) {
        Matcher m = LINK.matcher(mailText);
        assertTrue(mailText, m.find());
        return m.group(1);
    }

    private static String html(Response response) {
        return (String) response.getEntity();
    }

    @Test
    public void theCreatedMailsLinkShowsAFormOnGetAndCancelsOnPost() throws Exception {
        engine(600, smtpConfig());
        TransferJob job = engine.start("ann", SOURCE_SETTINGS);

        MimeMessage created = smtp.await(1).get(0);
        assertEquals(List.of(new InternetAddress("ann@example.org")), List.of(created.getRecipients(Message.RecipientType.TO)));
        assertEquals(SmtpServer.FROM, ((InternetAddress) created.getFrom()[0]).getAddress());
        assertEquals("Transfer created: task lists and tasks from tasks-source to tasks-sink", created.getSubject());
        String text = SmtpServer.text(created);
        assertTrue(text, text.contains("From:        tasks-source (apiToken=***, library=Errands, password=***)"));
        assertTrue(text, text.contains("To:          tasks-sink (list=Imported)"));
        assertTrue(text, text.contains("Transfer id: " + job.id()));
        assertTrue(text, text.contains("Starts:      " + TransferMessagesTime.format(job.startsAt())));
        assertTrue(text, text.contains(PUBLIC_URL + "/api/v1/transfers/" + job.id()));
        assertSecretsAbsent(created);

        CancellationResource resource = new CancellationResource(engine.transfers, links);
        String token = token(text);
        Response confirm = resource.confirm(token);
        assertEquals(200, confirm.getStatus());
        String page = html(confirm);
        assertTrue(page, page.startsWith("<!DOCTYPE html>\n<html lang=\"en\">"));
        assertTrue(page, page.contains("<title>Cancel this transfer? – dtp</title>"));
        assertTrue(page, page.contains("<form method=\"post\"><button type=\"submit\" id=\"cancel\">Cancel this transfer</button></form>"));
        assertTrue(page, page.contains("<dd>tasks-source</dd>") && page.contains("<dd>" + job.id() + "</dd>"));
        assertFalse(page, page.contains("src=") || page.contains("href=") || page.contains("<script"));
        assertFalse(page, page.contains(SOURCE_PASSWORD));
        assertEquals("no-store", confirm.getHeaderString("Cache-Control"));
        assertEquals("no-referrer", confirm.getHeaderString("Referrer-Policy"));
        assertEquals(JobState.QUEUED, engine.store.job(job.id()).orElseThrow().state()); // GET changed nothing

        Response cancelled = resource.cancel(token);
        assertEquals(200, cancelled.getStatus());
        assertTrue(html(cancelled), html(cancelled).contains("<h1>Transfer cancelled</h1>"));
        assertEquals(JobState.CANCELLED, engine.store.job(job.id()).orElseThrow().state());

        MimeMessage ended = smtp.await(2).get(1);
        assertEquals("Transfer cancelled: task lists and tasks from tasks-source to tasks-sink", ended.getSubject());
        String endedText = SmtpServer.text(ended);
        assertTrue(endedText, endedText.contains("State:       CANCELLED (cancelled by user)"));
        assertTrue(endedText, endedText.contains("Items:       0 copied"));
        assertSecretsAbsent(ended);

        Response again = resource.cancel(token);
        assertEquals(409, again.getStatus());
        assertTrue(html(again), html(again).contains("already ended (cancelled)"));
        assertEquals(200, resource.confirm(token).getStatus());
        assertFalse(html(resource.confirm(token)).contains("<form"));
    }

    @Test
    public void aBadTokenGetsTheSame404AndCancelsNothing() throws Exception {
        engine(600, smtpConfig());
        TransferJob job = engine.start("ann", SOURCE_SETTINGS);
        String token = token(SmtpServer.text(smtp.await(1).get(0)));
        CancellationResource resource = new CancellationResource(engine.transfers, links);

        char last = token.charAt(token.length() - 1);
        String tampered = token.substring(0, token.length() - 1) + (last == 'A' ? 'B' : 'A');
        CancelLinks otherKey = new CancelLinks("some-other-key-some-other-key-1234".getBytes(StandardCharsets.UTF_8),
                Duration.ofHours(1), PUBLIC_URL, Clock.systemUTC());
        String forged = otherKey.token(job.id(), Instant.now().plusSeconds(600));
        String expired = links.token(job.id(), Instant.now().minusSeconds(1));
        String otherJob = links.token(java.util.UUID.randomUUID(), Instant.now().plusSeconds(600));
        for (String bad : List.of(tampered, forged, expired, otherJob, "garbage", "")) {
            Response get = resource.confirm(bad);
            Response post = resource.cancel(bad);
            assertEquals(bad, 404, get.getStatus());
            assertEquals(bad, 404, post.getStatus());
            assertEquals(html(resource.confirm("garbage")), html(post)); // no detail on why
        }
        assertEquals(JobState.QUEUED, engine.store.job(job.id()).orElseThrow().state());
    }

    @Test
    public void theEndedMailSummarisesItemsErrorsAndWhatWasNotKept() throws Exception {
        engine(0, smtpConfig());
        TransferJob job = engine.start("ann", SOURCE_SETTINGS);
        assertEquals(JobState.COMPLETED_WITH_ERRORS, engine.run(job.id()).state());

        List<MimeMessage> mails = smtp.await(2);
        String created = SmtpServer.text(mails.get(0));
        assertTrue(created, created.contains("Starts:      as soon as a worker is free"));
        MimeMessage ended = mails.get(1);
        assertEquals("Transfer completed with errors: task lists and tasks from tasks-source to tasks-sink", ended.getSubject());
        String text = SmtpServer.text(ended);
        assertTrue(text, text.contains("State:       COMPLETED_WITH_ERRORS"));
        assertTrue(text, text.contains("Items:       3 copied"));
        assertTrue(text, text.contains("Errors:      1 item could not be copied"));
        assertTrue(text, text.contains("- task-broken: not readable at the source: not a VTODO: missing END:VTODO"));
        assertTrue(text, text.contains("3 fields were not kept whole:"));
        assertTrue(text, text.contains("Most often: notes (3 items)"));
        assertTrue(text, text.contains("- task-1 notes: the sink keeps no notes"));
        assertSecretsAbsent(ended);

        // The transfer ran: its link (valid for 24 h without a grace period) no longer cancels anything.
        Response late = new CancellationResource(engine.transfers, links).cancel(token(created));
        assertEquals(409, late.getStatus());
        assertEquals(JobState.COMPLETED_WITH_ERRORS, engine.store.job(job.id()).orElseThrow().state());
    }

    @Test
    public void operatorTransfersGoToTheOperatorsAddressAndUsersWithoutOneGetNoMail() throws Exception {
        engine(600, smtpConfig());
        engine.start("bob", SOURCE_SETTINGS);
        engine.start(TransferRequest.OPERATOR, SOURCE_SETTINGS);

        MimeMessage only = smtp.await(1).get(0);
        assertEquals("ops@example.org", ((InternetAddress) only.getRecipients(Message.RecipientType.TO)[0]).getAddress());
        Thread.sleep(300);
        assertEquals(1, smtp.greenMail.getReceivedMessages().length);
    }

    @Test
    public void overSmtpsTheServersCertificateMustBeTrusted() throws Exception {
        TestConfig tls = smtpConfig().set("smtpHost", "localhost").set("smtpPort", smtp.smtpsPort()).set("smtpSecurity", "tls");
        engine = new RealEngine(600).user("ann", "ann@example.org");
        TransferJob job = engine.start("ann", SOURCE_SETTINGS);
        TransferEvent event = new TransferEvent(TransferEvent.Kind.CREATED, job, Instant.now());

        try (LogCapture log = new LogCapture()) {
            notifier(tls).transferChanged(event); // the JVM's CAs do not know the test certificate
            assertEquals(log.all(), 1, log.lines("could not e-mail the owner ann of transfer " + job.id()).size());
        }
        assertEquals(0, smtp.greenMail.getReceivedMessages().length);

        notifier(tls.set("smtpTrustStore", SmtpServer.trustStore().toString()).set("_smtpTrustStorePassword", "changeit"))
                .transferChanged(event);
        MimeMessage mail = smtp.await(1).get(0);
        assertEquals("Transfer created: task lists and tasks from tasks-source to tasks-sink", mail.getSubject());
    }

    @Test
    public void starttlsIsRequiredNotOpportunistic() throws Exception {
        engine = new RealEngine(600).user("ann", "ann@example.org");
        TransferJob job = engine.start("ann", SOURCE_SETTINGS);
        try (LogCapture log = new LogCapture()) {
            // GreenMail's SMTP offers no STARTTLS: nothing may go out in clear instead.
            notifier(smtpConfig().set("smtpSecurity", "starttls"))
                    .transferChanged(new TransferEvent(TransferEvent.Kind.CREATED, job, Instant.now()));
            List<String> lines = log.lines("could not e-mail the owner ann");
            assertEquals(log.all(), 1, lines.size());
            assertTrue(lines.get(0), lines.get(0).contains("STARTTLS"));
            assertFalse(log.all().contains(SmtpServer.PASSWORD));
        }
        Thread.sleep(200);
        assertEquals(0, smtp.greenMail.getReceivedMessages().length);
    }

    /** {@code job} as a run of a sync, in {@code state} with {@code errors} item errors. */
    private static TransferJob syncRun(TransferJob job, UUID syncId, JobState state, long errors) {
        return new TransferJob(job.id(), job.vertical(), job.source(), job.destination(), state, null, job.createdAt(),
                job.updatedAt(), 5, 50, errors, null, null, job.owner(), null, syncId);
    }

    @Test
    public void theOwnerOfASyncHearsOfRunsWithErrorsOrFailedNotOfQuietOnes() throws Exception {
        engine = new RealEngine(0).user("ann", "ann@example.org");
        TransferJob job = engine.start("ann", SOURCE_SETTINGS);
        UUID sync = UUID.randomUUID();
        TransferNotifier notifier = notifier(smtpConfig());
        notifier.transferChanged(new TransferEvent(TransferEvent.Kind.CREATED, syncRun(job, sync, JobState.QUEUED, 0), Instant.now()));
        notifier.transferChanged(new TransferEvent(TransferEvent.Kind.ENDED, syncRun(job, sync, JobState.COMPLETED, 0), Instant.now()));
        notifier.transferChanged(new TransferEvent(TransferEvent.Kind.ENDED, syncRun(job, sync, JobState.CANCELLED, 0), Instant.now()));
        Thread.sleep(300);
        assertEquals("a run starting, a quiet run and a cancelled one are no news", 0, smtp.greenMail.getReceivedMessages().length);

        notifier.transferChanged(new TransferEvent(TransferEvent.Kind.ENDED, syncRun(job, sync, JobState.COMPLETED_WITH_ERRORS, 2), Instant.now()));
        notifier.transferChanged(new TransferEvent(TransferEvent.Kind.ENDED, syncRun(job, sync, JobState.FAILED, 0), Instant.now()));
        List<MimeMessage> mails = smtp.await(2);
        assertTrue(mails.get(0).getSubject(), mails.get(0).getSubject().startsWith("Transfer completed with errors"));
        assertTrue(mails.get(1).getSubject(), mails.get(1).getSubject().startsWith("Transfer failed"));
        String body = (String) mails.get(0).getContent();
        assertTrue(body, body.contains("Sync:        " + sync + " (a scheduled run"));
    }

    @Test
    public void aWrongSmtpPasswordIsLoggedWithTheReasonButNotThePassword() throws Exception {
        engine = new RealEngine(600).user("ann", "ann@example.org");
        TransferJob job = engine.start("ann", SOURCE_SETTINGS);
        String wrong = "Wrong-Pa55word-never-logged";
        try (LogCapture log = new LogCapture()) {
            notifier(smtpConfig().set("_smtpPassword", wrong))
                    .transferChanged(new TransferEvent(TransferEvent.Kind.CREATED, job, Instant.now()));
            List<String> lines = log.lines("could not e-mail the owner ann of transfer " + job.id());
            assertEquals(log.all(), 1, lines.size());
            assertTrue(lines.get(0), lines.get(0).contains("535"));
            assertFalse(log.all(), log.all().contains(wrong));
        }
        assertEquals(0, smtp.greenMail.getReceivedMessages().length);
    }

    @Test
    public void anSmtpServerThatIsDownAndAFailingWebhookAreLoggedOnceEachAndTheTransferGoesOn() throws Exception {
        int closedPort;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = free.getLocalPort();
        }
        HttpServer hook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        AtomicInteger posts = new AtomicInteger();
        hook.createContext("/hook", exchange -> {
            posts.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
        });
        hook.start();
        String secret = "webhook-secret-never-logged";
        try (LogCapture log = new LogCapture()) {
            engine(0, smtpConfig().set("smtpPort", closedPort)
                    .set("webhookUrl", "http://127.0.0.1:" + hook.getAddress().getPort() + "/hook")
                    .set("_webhookSecret", secret).set("webhookAttempts", 2).set("webhookRetryDelayMs", 10L));
            TransferJob job = engine.start("ann", SOURCE_SETTINGS);
            assertEquals(JobState.COMPLETED_WITH_ERRORS, engine.run(job.id()).state());

            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (log.lines("did not take the event ended").isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(log.all(), 1, log.lines("could not e-mail the owner ann of transfer " + job.id() + " that it was created").size());
            assertEquals(log.all(), 1, log.lines("could not e-mail the owner ann of transfer " + job.id() + " that it ended").size());
            assertTrue(log.all(), log.lines("could not e-mail").get(0).contains("Connection refused"));
            assertEquals(log.all(), 1, log.lines("did not take the event created of transfer " + job.id() + ": HTTP 500").size());
            assertEquals(log.all(), 1, log.lines("did not take the event ended of transfer " + job.id() + ": HTTP 500").size());
            assertEquals(4, posts.get()); // two attempts per event
            assertFalse(log.all().contains(secret));
            assertFalse(log.all().contains(SmtpServer.PASSWORD));
        } finally {
            hook.stop(0);
        }
    }

    @Test
    public void whenDisabledNothingIsSent() throws Exception {
        engine(0, smtpConfig().set("enabled", false));
        TransferJob job = engine.start("ann", SOURCE_SETTINGS);
        engine.run(job.id());
        Thread.sleep(300);
        assertEquals(0, smtp.greenMail.getReceivedMessages().length);
    }

    private static void assertSecretsAbsent(MimeMessage message) throws Exception {
        String raw = SmtpServer.raw(message);
        String text = SmtpServer.text(message);
        for (String secret : List.of(SOURCE_PASSWORD, SOURCE_TOKEN, SmtpServer.PASSWORD)) {
            assertFalse(raw.contains(secret));
            assertFalse(text.contains(secret));
        }
    }

    /** The e-mails' time format, to compare with. */
    private static final class TransferMessagesTime {
        static String format(Instant at) {
            return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
                    .withZone(java.time.ZoneOffset.UTC).format(at);
        }
    }
}
