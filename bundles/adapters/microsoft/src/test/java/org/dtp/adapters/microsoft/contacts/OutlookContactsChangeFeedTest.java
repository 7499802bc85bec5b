package org.dtp.adapters.microsoft.contacts;

import org.dtp.adapters.microsoft.Fixture;
import org.dtp.adapters.microsoft.fake.FakeOutlook;
import org.dtp.conformance.ExportWalk;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.junit.After;
import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;

/** A contact folder's items are a Graph delta round: a transfer after one that completed lists only what changed. */
public class OutlookContactsChangeFeedTest {
    private final Fixture f;
    private final FakeOutlook outlook;
    private final String family;

    public OutlookContactsChangeFeedTest() throws Exception {
        f = new Fixture(2, 1);
        outlook = f.fake.outlook();
        family = outlook.contactFolder(null, "Family");
        for (String name : List.of("Ann", "Bob", "Cleo")) {
            outlook.add(outlook.defaultContactFolder(), "{\"givenName\":\"" + name + "\",\"displayName\":\"" + name + "\"}");
        }
        for (String name : List.of("Dan", "Eve", "Fay", "Gil", "Hal")) {
            outlook.add(family, "{\"givenName\":\"" + name + "\",\"displayName\":\"" + name + "\"}");
        }
    }

    @After
    public void close() {
        f.close();
    }

    private TestTransferContext run(Map<String, String> previous) {
        return f.source().rememberingChangeTokens(previous);
    }

    private static List<String> names(TestTransferContext context, OutlookContactExporter exporter) throws Exception {
        return ExportWalk.of(exporter, context).allItems().stream().map(Contact::formattedName).sorted().toList();
    }

    @Test
    public void theFirstRunListsAllAndRecordsADeltaLinkPerFolderTheNextListsNothing() throws Exception {
        OutlookContactExporter exporter = new OutlookContactExporter(f.connector);
        TestTransferContext first = run(Map.of());
        assertEquals(List.of("Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gil", "Hal"), names(first, exporter));
        assertEquals("a delta link for each folder", 2, first.recordedChangeTokens().size());

        TestTransferContext second = run(first.recordedChangeTokens());
        assertEquals(List.of(), names(second, exporter));
        assertEquals("the next round starts where this one ended", 2, second.recordedChangeTokens().size());
    }

    @Test
    public void onlyTheContactsAddedOrChangedSinceAreListed() throws Exception {
        OutlookContactExporter exporter = new OutlookContactExporter(f.connector);
        TestTransferContext first = run(Map.of());
        names(first, exporter);
        String eve = outlook.items(family).stream().filter(c -> c.path("givenName").asText().equals("Eve")).findFirst()
                .orElseThrow().path("id").asText();
        outlook.change(eve, "{\"displayName\":\"Eve Smith\"}");
        outlook.add(outlook.defaultContactFolder(), "{\"givenName\":\"Ida\",\"displayName\":\"Ida\"}");

        TestTransferContext second = run(first.recordedChangeTokens());
        assertEquals(List.of("Eve Smith", "Ida"), names(second, exporter));
        assertEquals(List.of(), names(run(second.recordedChangeTokens()), exporter));
    }

    @Test
    public void anExpiredDeltaLinkListsTheFolderAgainInFull() throws Exception {
        OutlookContactExporter exporter = new OutlookContactExporter(f.connector);
        TestTransferContext first = run(Map.of());
        names(first, exporter);
        outlook.expireDeltaLinks();

        TestTransferContext second = run(first.recordedChangeTokens());
        assertEquals(8, names(second, exporter).size());
        assertEquals(List.of(), names(run(second.recordedChangeTokens()), exporter));
    }
}
