package org.dtp.adapters.archives.takeout;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.formats.vcard.MalformedVCardException;
import org.dtp.formats.vcard.VCardFormat;
import org.dtp.models.MediaRef;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Exports the contact groups of a Google Takeout export as address books ({@link ContactsCatalog}). */
@Component(
        name = "org.dtp.adapters.archives.TakeoutContactsExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + TakeoutPhotosExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Takeout archive",
                AdapterProperties.VERTICAL + "=CONTACTS"})
public final class TakeoutContactsExporter implements Exporter<AddressBook, Contact> {
    private final ProductExport<AddressBook, Contact> export;

    @Activate
    public TakeoutContactsExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public TakeoutContactsExporter(ArchiveSettings settings) {
        this.export = new ProductExport<>(settings, "archives.takeout.contacts.catalog", ContactsCatalog::read);
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        export.settings().checkSource(source);
    }

    @Override
    public ExportPage<AddressBook, Contact> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        return export.page(context, cursor);
    }

    /** A contact's inline photo: its .vcf read again from the archive, the photo taken out of its vCard. */
    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        String uri = ref.uri();
        int hash = uri.lastIndexOf('#');
        int slash = uri.lastIndexOf('/');
        long size;
        int index;
        try {
            if (hash < 0 || slash < hash) {
                throw new IllegalArgumentException(uri);
            }
            size = Long.parseLong(uri.substring(hash + 1, slash));
            index = Integer.parseInt(uri.substring(slash + 1));
        } catch (RuntimeException e) {
            throw new ItemRejectedException("'" + uri + "' is not a contact photo of this archive");
        }
        String text;
        try (InputStream vcf = export.open(context, uri.substring(0, hash), size)) {
            text = new String(vcf.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> vcards = VCardFormat.split(text);
        try {
            if (index < 0 || index >= vcards.size()) {
                throw new ItemRejectedException("the contact of '" + uri + "' is no longer in its file");
            }
            return new ByteArrayInputStream(VCardFormat.inlinePhoto(vcards.get(index))
                    .orElseThrow(() -> new ItemRejectedException("the contact of '" + uri + "' no longer has an inline photo")));
        } catch (MalformedVCardException e) {
            throw new ItemRejectedException("the contact of '" + uri + "' can no longer be read: " + e.getMessage());
        }
    }
}
