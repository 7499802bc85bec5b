package org.dtp.itests;

import org.apache.karaf.features.FeaturesService;
import org.apache.karaf.shell.api.console.SessionFactory;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;

import javax.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.EnumSet;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The IMAP adapter installed on a running server (proving jakarta.mail and Angus, embedded in the bundle, find
 * their providers inside OSGi) copies a mailbox between two accounts of a real IMAP server: every message
 * byte-identical, in its folder, with its flags.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class MailAdapterIT {
    private static final int PER_FOLDER = 25;

    @Inject
    private FeaturesService features;

    @Inject
    private SessionFactory sessions;

    @Configuration
    public Option[] config() {
        return Stream.of(DtpContainer.options(), MailInDriver.options(PER_FOLDER)).flatMap(Stream::of).toArray(Option[]::new);
    }

    private static String account(String user) {
        return "{\"provider\":\"imap\",\"settings\":{\"host\":\"127.0.0.1\",\"port\":\"" + System.getProperty(MailInDriver.PORT)
                + "\",\"security\":\"plain\",\"username\":\"" + user + "\",\"password\":\"" + System.getProperty(MailInDriver.PASSWORD_PROPERTY) + "\"}}";
    }

    private static String mailbox(String user) throws Exception {
        HttpResponse<String> reply = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(System.getProperty(MailInDriver.INSPECT) + user)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(reply.body(), 200, reply.statusCode());
        return reply.body();
    }

    @Test
    public void copiesAMailboxBetweenTwoImapAccountsByteForByte() throws Exception {
        features.installFeature("dtp-adapter-imap", EnumSet.noneOf(FeaturesService.Option.class));
        DtpContainer.rest().await("/adapters", a -> a.toString().contains("\"imap\""), Duration.ofSeconds(30));
        assertTrue(Shell.run(sessions, "dtp:adapters").contains("org.dtp.dtp-adapter-imap"));

        Rest.Reply created = DtpContainer.rest().post("/transfers",
                "{\"vertical\":\"mail\",\"source\":" + account("ann") + ",\"destination\":" + account("bob") + "}");
        assertEquals(created.text(), 201, created.status());
        assertFalse("the password is not returned", created.text().contains(System.getProperty(MailInDriver.PASSWORD_PROPERTY)));
        String id = created.body().path("id").asText();
        Rest.Reply done = DtpContainer.rest().await("/transfers/" + id,
                d -> d.path("job").path("state").asText().matches("COMPLETED.*|FAILED|CANCELLED"), Duration.ofMinutes(3));
        assertEquals(done.text(), "COMPLETED", done.body().path("job").path("state").asText());
        assertEquals(done.text(), 3 * PER_FOLDER, done.body().path("job").path("items").asLong());

        String source = mailbox("ann");
        assertEquals(3 * PER_FOLDER, source.lines().count());
        assertEquals("every message in its folder, byte-identical, with its flags", source, mailbox("bob"));
    }
}
