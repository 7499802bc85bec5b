package org.dtp.adapters.localfs.contacts;

import org.dtp.adapters.carddav.CardDavConfig;
import org.dtp.adapters.carddav.CardDavConnector;
import org.dtp.adapters.carddav.CardDavContactExporter;
import org.dtp.adapters.carddav.CardDavContactImporter;
import org.dtp.adapters.localfs.Configs;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.TestContexts;
import org.dtp.adapters.localfs.Transfers;
import org.dtp.formats.testing.RoundTripLosses;
import org.dtp.formats.testing.Samples;
import org.dtp.formats.testing.VCardProperties;
import org.dtp.formats.vcard.VCardFormat;
import org.dtp.kit.testing.TestImportContext;
import org.dtp.kit.testing.TestTransferContext;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.Exporter;
import org.dtp.spi.Importer;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.testing.Radicale;
import org.dtp.webdav.testing.Xandikos;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Issue 19 part 5 for contacts: the vCard corpus ({@code samples/vcard-corpus}, see its README) A→B→A through a folder
 * and through CardDAV (Radicale and Xandikos), each source compared property by property with what comes back, by ez-vcard's own
 * parse ({@link VCardProperties}). Every property that differs must have a fidelity entry (exporter or importer side)
 * for that contact naming it; the share of properties kept is printed.
 */
public class VCardCorpusRoundTripTest {
    @ClassRule
    public static final Radicale RADICALE = new Radicale();
    @ClassRule
    public static final Xandikos XANDIKOS = new Xandikos();

    @Rule
    public TemporaryFolder temp = new TemporaryFolder();

    private static final LocalFolderSettings SETTINGS = new LocalFolderSettings(List.of(), 50, false);

    /** A folder with one address book, "corpus", of one .vcf per sample. */
    private Path corpusFolder() throws Exception {
        Path root = temp.newFolder().toPath();
        Path book = Files.createDirectory(root.resolve("corpus"));
        for (String sample : Samples.VCARD_CORPUS) {
            Files.writeString(book.resolve(sample), Samples.vcardCorpus(sample));
        }
        return root;
    }

    @Test
    public void folderToFolderToFolderLosesNothingUnreported() throws Exception {
        Path a = corpusFolder();
        Path b = temp.newFolder().toPath();
        Path back = temp.newFolder().toPath();
        LocalFolderContactExporter disk = new LocalFolderContactExporter(SETTINGS);
        Trip trip = new Trip();
        trip.hop(disk, TestContexts.source(a), new LocalFolderContactImporter(SETTINGS), b);
        trip.hop(disk, TestContexts.source(b), new LocalFolderContactImporter(SETTINGS), back);
        trip.judge("folder → folder → folder", back);
    }

    @Test
    public void folderToCardDavToFolderLosesNothingUnreported() throws Exception {
        throughCardDav(RADICALE.url(), "Radicale");
    }

    /**
     * The same through Xandikos, which stores cards much as they came (Radicale writes every card again its own way):
     * this measures dtp's own losses through CardDAV.
     */
    @Test
    public void folderToXandikosToFolderLosesNothingUnreported() throws Exception {
        throughCardDav(XANDIKOS.url(), "Xandikos");
    }

    /** The corpus from a folder to the CardDAV server at {@code server} and from there to another folder, judged. */
    private void throughCardDav(URI server, String serverName) throws Exception {
        Path a = corpusFolder();
        Path back = temp.newFolder().toPath();
        CardDavConnector connector = new CardDavConnector(Configs.of(CardDavConfig.class, Map.of()), Radicale.LOOPBACK);
        TransferEndpoint dav = new TransferEndpoint("carddav", Map.of(DavAccount.URL, server.toString(),
                DavAccount.USERNAME, Radicale.USER, DavAccount.PASSWORD, Radicale.PASSWORD));
        LocalFolderContactExporter disk = new LocalFolderContactExporter(SETTINGS);
        Trip trip = new Trip();
        TransferContext fromA = TestContexts.source(a);
        TestImportContext toDav = new TestImportContext(TestContexts.JOB, dav, ref -> disk.openMedia(fromA, ref));
        trip.hop(disk, fromA, new CardDavContactImporter(connector), toDav);
        trip.hop(new CardDavContactExporter(connector), TestContexts.source(dav), new LocalFolderContactImporter(SETTINGS), back);
        trip.judge("folder → CardDAV (" + serverName + ") → folder", back);
    }

    /** The hops of one round trip, with every fidelity reason given on the way, by the contact's formatted name. */
    private static final class Trip {
        private final Map<String, List<String>> reasonsByName = new HashMap<>();

        <E extends Exporter<AddressBook, Contact>> void hop(E exporter, TransferContext source, Importer<AddressBook, Contact> importer,
                                                            Path folder) throws Exception {
            hop(exporter, source, importer, TestContexts.destination(folder, ref -> exporter.openMedia(source, ref)));
        }

        void hop(Exporter<AddressBook, Contact> exporter, TransferContext source, Importer<AddressBook, Contact> importer,
                 TestImportContext destination) throws Exception {
            Transfers.copy(exporter, source, importer, destination);
            // The names the source's ids stand for, from a listing of its own (its reports are the copy's).
            Map<String, String> names = new HashMap<>();
            for (Contact c : Transfers.exportAll(exporter, new TestTransferContext(TestContexts.JOB, ((TestTransferContext) source).endpoint())).items()) {
                names.put(c.id(), c.formattedName());
            }
            List<TestImportContext.NotKept> entries = new ArrayList<>(((TestTransferContext) source).notKept());
            entries.addAll(destination.notKept());
            for (TestImportContext.NotKept n : entries) {
                reasonsByName.computeIfAbsent(names.get(n.sourceId()), k -> new ArrayList<>()).add(n.reason());
            }
        }

        void judge(String route, Path back) throws Exception {
            Map<String, String> returned = new HashMap<>();
            try (Stream<Path> files = Files.walk(back)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".vcf")).toList()) {
                    for (String card : VCardFormat.split(Files.readString(file))) {
                        returned.put(formattedName(card), card);
                    }
                }
            }
            int properties = 0;
            int kept = 0;
            int invalidInSource = 0;
            List<String> unreported = new ArrayList<>();
            for (String sample : Samples.VCARD_CORPUS) {
                String text = Samples.vcardCorpus(sample);
                String name = formattedName(text);
                assertTrue(route + ": " + sample + " came back", returned.containsKey(name));
                RoundTripLosses losses = RoundTripLosses.between(text, returned.get(name));
                properties += losses.properties();
                kept += losses.properties() - losses.missing().size();
                losses.unreported(reasonsByName.getOrDefault(name, List.of())).forEach(l -> unreported.add(sample + ": " + l));
                losses.missing().forEach(l -> System.out.println("  " + route + " " + sample + " differs: " + l));
                // Lines the source wrote with characters vCard text and XML 1.0 forbid, written back without them.
                invalidInSource += losses.unreported(reasonsByName.getOrDefault(name, List.of()).stream()
                        .filter(r -> !r.contains("control character")).toList()).size() - losses.unreported(reasonsByName.getOrDefault(name, List.of())).size();
            }
            System.out.printf("vCard corpus %s: %d of %d properties kept (%.2f %%); %d with control characters in the source, "
                            + "written back without them (reported): %.2f %% of the valid ones kept%n", route, kept, properties,
                    100.0 * kept / properties, invalidInSource, 100.0 * kept / (properties - invalidInSource));
            assertEquals(route + ": lost without a fidelity entry", List.of(), unreported);
        }

        private static String formattedName(String card) throws Exception {
            String rest = VCardProperties.of(card).stream().filter(l -> l.name().equals("FN")).findFirst().orElseThrow().rest();
            return rest.substring(rest.indexOf("}:") + 2); // the value, after the parameters
        }
    }
}
