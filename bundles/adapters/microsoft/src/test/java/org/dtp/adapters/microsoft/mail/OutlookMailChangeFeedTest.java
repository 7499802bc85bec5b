package org.dtp.adapters.microsoft.mail;

import org.dtp.adapters.microsoft.Fixture;
import org.dtp.adapters.microsoft.fake.FakeOutlook;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.mail.MailMessage;
import org.junit.After;
import org.junit.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/** A mail folder's messages are a Graph delta round: a transfer after one that completed lists only what changed. */
public class OutlookMailChangeFeedTest {
    private final Fixture f;
    private final FakeOutlook outlook;

    public OutlookMailChangeFeedTest() throws Exception {
        f = new Fixture(2, 1);
        outlook = f.fake.outlook();
    }

    @After
    public void close() {
        f.close();
    }

    private static byte[] mime(String subject) {
        return ("From: ann@example.org\r\nTo: bob@example.org\r\nSubject: " + subject + "\r\nMessage-ID: <" + subject
                + "@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain\r\n\r\nHello\r\n").getBytes(StandardCharsets.UTF_8);
    }

    private List<String> subjects(TestTransferContext context) throws Exception {
        return ExportWalk.of(new OutlookMailExporter(f.connector), context).allItems().stream().map(MailMessage::subject)
                .sorted().toList();
    }

    @Test
    public void aRunAfterACompleteOneListsTheMessagesAddedOrChangedSinceAndAnExpiredLinkListsAll() throws Exception {
        String inbox = outlook.wellKnownFolder("inbox");
        String projects = outlook.mailFolder(inbox, "Projects");
        String one = outlook.addMessage(inbox, mime("one")).path("id").asText();
        for (String subject : List.of("two", "three")) {
            outlook.addMessage(inbox, mime(subject));
        }
        outlook.addMessage(projects, mime("four"));

        TestTransferContext first = f.source().rememberingChangeTokens(Map.of());
        assertEquals(List.of("four", "one", "three", "two"), subjects(first));
        TestTransferContext second = f.source().rememberingChangeTokens(first.recordedChangeTokens());
        assertEquals(List.of(), subjects(second));

        outlook.change(one, "{\"isRead\":true}");
        outlook.addMessage(projects, mime("five"));
        TestTransferContext third = f.source().rememberingChangeTokens(second.recordedChangeTokens());
        assertEquals(List.of("five", "one"), subjects(third));

        outlook.expireDeltaLinks();
        assertEquals(5, subjects(f.source().rememberingChangeTokens(third.recordedChangeTokens())).size());
    }
}
