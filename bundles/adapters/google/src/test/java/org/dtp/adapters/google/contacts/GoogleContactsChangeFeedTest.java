package org.dtp.adapters.google.contacts;

import org.dtp.adapters.google.Fixture;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.junit.After;
import org.junit.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/** Connections are listed with the People API's sync tokens: a transfer after one that completed lists only what changed. */
public class GoogleContactsChangeFeedTest {
    private final Fixture f;
    private final List<String> people = new ArrayList<>();

    public GoogleContactsChangeFeedTest() throws Exception {
        f = new Fixture(2);
        for (String name : List.of("Ann", "Bob", "Cleo", "Dan", "Eve")) {
            people.add(f.fake.people.addPerson("{\"names\": [{\"givenName\": \"" + name + "\"}]}"));
        }
    }

    @After
    public void close() {
        f.close();
    }

    private TestTransferContext run(Map<String, String> previous) {
        return f.source().rememberingChangeTokens(previous);
    }

    private List<String> names(TestTransferContext context) throws Exception {
        ExportWalk<AddressBook, Contact> walk = ExportWalk.of(new GoogleContactsExporter(f.connector()), context);
        return walk.allItems().stream().map(c -> c.name().given()).sorted().toList();
    }

    @Test
    public void aRunAfterACompleteOneListsOnlyTheContactsAddedOrChangedSince() throws Exception {
        TestTransferContext first = run(Map.of());
        assertEquals(List.of("Ann", "Bob", "Cleo", "Dan", "Eve"), names(first));
        assertEquals(1, first.recordedChangeTokens().size());
        TestTransferContext second = run(first.recordedChangeTokens());
        assertEquals(List.of(), names(second));

        f.fake.people.changePerson(people.get(1), "{\"names\": [{\"givenName\": \"Robert\"}]}");
        f.fake.people.addPerson("{\"names\": [{\"givenName\": \"Fay\"}]}");
        f.fake.people.deletePerson(people.get(2));
        TestTransferContext third = run(second.recordedChangeTokens());
        assertEquals(List.of("Fay", "Robert"), names(third));
        assertEquals(List.of(), names(run(third.recordedChangeTokens())));
    }

    @Test
    public void anExpiredSyncTokenListsAllAgain() throws Exception {
        TestTransferContext first = run(Map.of());
        names(first);
        f.fake.people.expireSyncTokens();
        TestTransferContext second = run(first.recordedChangeTokens());
        assertEquals(List.of("Ann", "Bob", "Cleo", "Dan", "Eve"), names(second));
        assertEquals("the full listing leaves a token of its own", List.of(), names(run(second.recordedChangeTokens())));
    }
}
