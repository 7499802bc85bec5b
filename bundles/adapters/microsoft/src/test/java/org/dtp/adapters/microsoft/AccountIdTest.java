package org.dtp.adapters.microsoft;

import org.dtp.adapters.microsoft.contacts.OutlookContactExporter;
import org.dtp.adapters.microsoft.contacts.OutlookContactImporter;
import org.dtp.adapters.microsoft.media.OneDriveMediaExporter;
import org.junit.Test;

import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;

/** Each side names its account by the Graph user's id, so that two Microsoft accounts of one owner stay apart. */
public class AccountIdTest {
    @Test
    public void everyVerticalAndBothDirectionsNameTheAccountByTheGraphUserId() throws Exception {
        try (Fixture f = new Fixture(2, 1)) {
            Optional<String> expected = Optional.of(f.fake.userId());
            assertEquals(expected, new OutlookContactExporter(f.connector).accountId(f.source()));
            assertEquals(expected, new OutlookContactImporter(f.connector).accountId(f.destination(null)));
            assertEquals(expected, new OneDriveMediaExporter(f.connector).accountId(f.source()));
        }
    }

    @Test
    public void twoAccountsHaveTwoIds() throws Exception {
        try (Fixture one = new Fixture(2, 1); Fixture other = new Fixture(2, 1)) {
            assertNotEquals(new OutlookContactExporter(one.connector).accountId(one.source()),
                    new OutlookContactExporter(other.connector).accountId(other.source()));
        }
    }
}
