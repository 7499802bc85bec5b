package org.dtp.conformance;

import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.ContainerModel;
import org.dtp.models.ItemModel;
import org.dtp.models.Vertical;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferEndpoint;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

import static org.junit.Assert.assertEquals;

/**
 * A folder of collections (address books, calendars, task lists in the local folder layout) carried through a
 * storage adapter and back: the samples of the vertical imported into a first folder, beside them a file of several
 * entries directly in the folder (what phones and calendar apps export); that folder → the storage → a second folder.
 * The storage's export and the second folder must hold, item by item, what the first folder holds.
 */
public final class FolderRoundTrip {
    /** An adapter's two sides on one account. */
    public record Side<C extends ContainerModel, I extends ItemModel>(Importer<C, I> importer, Exporter<C, I> exporter,
                                                                       TransferEndpoint endpoint) {
    }

    private FolderRoundTrip() {
    }

    /** {@code first} is a folder at {@code firstPath}, {@code second} an empty one, {@code storage} an empty account. */
    public static <C extends ContainerModel, I extends ItemModel> void check(Vertical vertical, Path firstPath, Side<C, I> first,
            Side<C, I> storage, Side<C, I> second) throws Exception {
        SampleData<C, I> data = SampleData.of(vertical);
        Transfers.seed(first.importer(), first.endpoint(), data);
        RootFile root = RootFile.of(vertical);
        Files.writeString(firstPath.resolve(root.name()), root.text(), StandardCharsets.UTF_8);

        Transfers.copy(first.exporter(), first.endpoint(), storage.importer(), storage.endpoint());
        Transfers.copy(storage.exporter(), storage.endpoint(), second.importer(), second.endpoint());

        assertEquals(data.items().size() + root.entries(), ExportWalk.of(first.exporter(),
                new TestTransferContext(UUID.randomUUID(), first.endpoint())).allItems().size());
        assertEquals(List.of(), Transfers.differences(first.exporter(), first.endpoint(), storage.exporter(), storage.endpoint()));
        assertEquals(List.of(), Transfers.differences(first.exporter(), first.endpoint(), second.exporter(), second.endpoint()));
    }

    /** A file of several entries directly in the folder: its name, text and number of entries. */
    private record RootFile(String name, String text, int entries) {
        static RootFile of(Vertical vertical) {
            return switch (vertical) {
                case CONTACTS -> new RootFile("Phone export.vcf", """
                        BEGIN:VCARD\r
                        VERSION:3.0\r
                        UID:phone-1\r
                        FN:Zoë Martin\r
                        N:Martin;Zoë;;;\r
                        TEL;TYPE=CELL:+33 6 12 34 56 78\r
                        END:VCARD\r
                        BEGIN:VCARD\r
                        VERSION:3.0\r
                        UID:phone-2\r
                        FN:Jan Novák\r
                        N:Novák;Jan;;;\r
                        EMAIL;TYPE=INTERNET:jan@example.cz\r
                        END:VCARD\r
                        """, 2);
                case CALENDAR -> new RootFile("Holidays.ics", """
                        BEGIN:VCALENDAR\r
                        VERSION:2.0\r
                        PRODID:-//example//holidays//EN\r
                        BEGIN:VEVENT\r
                        UID:holiday-1\r
                        DTSTAMP:20260101T000000Z\r
                        DTSTART;VALUE=DATE:20270101\r
                        SUMMARY:New Year's Day\r
                        END:VEVENT\r
                        BEGIN:VEVENT\r
                        UID:holiday-2\r
                        DTSTAMP:20260101T000000Z\r
                        DTSTART;VALUE=DATE:20270501\r
                        SUMMARY:Labour Day\r
                        END:VEVENT\r
                        END:VCALENDAR\r
                        """, 2);
                case TASKS -> new RootFile("Errands.ics", """
                        BEGIN:VCALENDAR\r
                        VERSION:2.0\r
                        PRODID:-//example//tasks//EN\r
                        BEGIN:VTODO\r
                        UID:errand-1\r
                        DTSTAMP:20260101T000000Z\r
                        SUMMARY:Buy stamps\r
                        STATUS:NEEDS-ACTION\r
                        END:VTODO\r
                        END:VCALENDAR\r
                        """, 1);
                default -> throw new IllegalArgumentException(vertical + " has no collections in the folder layout");
            };
        }
    }
}
