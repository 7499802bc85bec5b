package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.EntryNames;
import org.dtp.formats.vcard.MalformedVCardException;
import org.dtp.formats.vcard.VCardFormat;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.ExportPage.Rejected;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads Takeout's Contacts: {@code Takeout/Contacts/<group>/<group>.vcf}, one vCard file per contact group (the
 * labels of Google Contacts, and {@code All Contacts}), each an address book named after its folder; each vCard read
 * by the formats bundle's {@link VCardFormat}.
 */
final class ContactsCatalog {
    /** The Contacts folder under Takeout/ (English; other languages are not documented by the tools we followed). */
    static final Set<String> FOLDERS = Set.of("Contacts");

    private ContactsCatalog() {
    }

    static ProductCatalog<AddressBook, Contact> read(ArchiveSettings settings, List<Path> parts) throws IOException {
        ProductCatalog.Builder<AddressBook, Contact> catalog = new ProductCatalog.Builder<>();
        ProductFiles.scan(settings, parts, FOLDERS, catalog.rejected(), (file, bytes) -> {
            if (!file.path().toLowerCase(Locale.ROOT).endsWith(".vcf")) {
                return;
            }
            String text = ProductFiles.text(file, bytes, catalog.rejected());
            if (text == null) {
                return;
            }
            String book = file.entry().name();
            catalog.container(new AddressBook(book, groupOf(file.path()), null));
            List<String> vcards = VCardFormat.split(text);
            for (int n = 0; n < vcards.size(); n++) {
                String id = book + "#" + (n + 1);
                try {
                    catalog.item(book, VCardFormat.read(id, vcards.get(n), photoReference(file, n), catalog));
                } catch (MalformedVCardException e) {
                    catalog.rejected().add(new Rejected(id, e.getMessage()));
                }
            }
        });
        return catalog.build();
    }

    /** A group's name: the folder holding its file ({@code Family/Family.vcf}), else the file's name without .vcf. */
    private static String groupOf(String path) {
        String folder = EntryNames.folderOf(path);
        if (!folder.isEmpty()) {
            return EntryNames.fileNameOf(folder);
        }
        String name = EntryNames.fileNameOf(path);
        return name.substring(0, name.length() - ".vcf".length());
    }

    /** {@code <part>!<entry>#<entry size>/<index>}: what {@code openMedia} reads an inline photo again from. */
    static String photoReference(ProductFiles.File file, int index) {
        return file.reference() + "#" + file.entry().size() + "/" + index;
    }
}
