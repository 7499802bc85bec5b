package org.dtp.adapters.google;

import org.dtp.adapters.google.calendar.GoogleCalendarExporter;
import org.dtp.adapters.google.contacts.GoogleContactsImporter;
import org.dtp.adapters.google.media.GooglePhotosExporter;
import org.junit.Test;

import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;

/** Each side names its account by the user's own People resource name, so that two Google accounts of one owner stay apart. */
public class GoogleAccountIdTest {
    @Test
    public void everyVerticalAndBothDirectionsNameTheAccountByThePeopleResourceName() throws Exception {
        try (Fixture f = new Fixture(2)) {
            Optional<String> expected = Optional.of(f.fake.people.me());
            assertEquals(expected, new GoogleCalendarExporter(f.connector()).accountId(f.source()));
            assertEquals(expected, new GooglePhotosExporter(f.connector()).accountId(f.source()));
            assertEquals(expected, new GoogleContactsImporter(f.connector()).accountId(f.destination(null)));
        }
    }

    @Test
    public void twoAccountsHaveTwoNames() throws Exception {
        try (Fixture one = new Fixture(2); Fixture other = new Fixture(2)) {
            assertNotEquals(new GoogleCalendarExporter(one.connector()).accountId(one.source()),
                    new GoogleCalendarExporter(other.connector()).accountId(other.source()));
        }
    }
}
