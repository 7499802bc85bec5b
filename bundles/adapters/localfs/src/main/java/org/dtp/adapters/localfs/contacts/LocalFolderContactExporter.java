package org.dtp.adapters.localfs.contacts;

import org.dtp.adapters.localfs.CollectionFiles;
import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.IoFailures;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.Sidecars;
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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Exports the address books of a folder: each directory of {@code .vcf} files, and each {@code .vcf} file directly
 * in it (what phones and Google export: many vCards in one file). Each vCard (2.1, 3.0 or 4.0) is a contact; one that
 * cannot be read is rejected with why, the rest go on. An inline photo travels as media ({@value #PHOTO_REF}{@code <id>}).
 */
@Component(
        name = "org.dtp.adapters.localfs.LocalFolderContactExporter",
        service = Exporter.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=CONTACTS"})
public final class LocalFolderContactExporter implements Exporter<AddressBook, Contact> {
    /** The media reference of a contact's inline photo: this prefix and the contact's id. */
    static final String PHOTO_REF = "vcard-photo:";

    private final LocalFolderSettings settings;

    @Activate
    public LocalFolderContactExporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    LocalFolderContactExporter(LocalFolderSettings settings) {
        this.settings = settings;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        settings.checkSource(source);
    }

    @Override
    public ExportPage<AddressBook, Contact> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        Path root = settings.sourceRoot(context.endpoint());
        try {
            if (cursor.isRoot()) {
                List<AddressBook> books = new ArrayList<>();
                for (CollectionFiles.Found f : CollectionFiles.collections(root, CollectionFiles.ADDRESS_BOOKS,
                        List.of(FolderLayout.CALENDAR_SIDECAR, FolderLayout.TASK_LIST_SIDECAR))) {
                    books.add(new AddressBook(f.id(), f.name(), f.sidecar().map(Sidecars.CollectionSidecar::description).orElse(null)));
                }
                return new ExportPage<>(books, List.of(), null);
            }
            return CollectionFiles.itemPage(context, settings, root, cursor.containerId(), CollectionFiles.ADDRESS_BOOKS,
                    cursor.continuation(), e -> List.of(VCardFormat.read(e.id(), e.text(), PHOTO_REF + e.id(), context::reportNotKept)));
        } catch (IOException e) {
            throw IoFailures.ofFolder("cannot read the address book '" + cursor.containerId() + "' in " + root, e);
        }
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        if (!ref.uri().startsWith(PHOTO_REF)) {
            throw new ItemRejectedException("not a photo reference of this adapter: " + ref.uri());
        }
        String id = ref.uri().substring(PHOTO_REF.length());
        String text = CollectionFiles.entry(settings.root(context.endpoint()), id, CollectionFiles.ADDRESS_BOOKS);
        try {
            return new ByteArrayInputStream(VCardFormat.inlinePhoto(text)
                    .orElseThrow(() -> new ItemRejectedException("the contact '" + id + "' no longer has an inline photo")));
        } catch (MalformedVCardException e) {
            throw new ItemRejectedException("the contact '" + id + "' can no longer be read: " + e.getMessage());
        }
    }
}
