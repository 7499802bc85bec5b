package org.dtp.adapters.localfs.contacts;

import org.dtp.adapters.localfs.CollectionFiles;
import org.dtp.adapters.localfs.DestinationFiles;
import org.dtp.adapters.localfs.DiskWrites;
import org.dtp.formats.folder.FileNames;
import org.dtp.adapters.localfs.FolderLayout;
import org.dtp.adapters.localfs.IoFailures;
import org.dtp.adapters.localfs.LocalFolderConfig;
import org.dtp.adapters.localfs.LocalFolderSettings;
import org.dtp.adapters.localfs.Sidecars.CollectionSidecar;
import org.dtp.formats.vcard.ContactDifferences;
import org.dtp.formats.vcard.MalformedVCardException;
import org.dtp.formats.vcard.VCardFormat;
import org.dtp.formats.vcard.VCardVersion;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.DestinationItem;
import org.dtp.spi.DestinationReader;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;

/**
 * Imports address books into a folder: each a directory (with its sidecar) of {@code .vcf} files, one vCard 4.0 per
 * contact, named from the idempotency key (so a repeated import finds it), written whole (temp file and rename);
 * replaced (atomically) only by an update of a contact that changed at the source. The photo's bytes go inline. What vCard 4.0 cannot say as given is reported as not kept.
 */
@Component(
        name = "org.dtp.adapters.localfs.LocalFolderContactImporter",
        service = Importer.class,
        configurationPid = LocalFolderConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=localfs",
                AdapterProperties.PROVIDER_NAME + "=Local folder",
                AdapterProperties.VERTICAL + "=CONTACTS"})
public final class LocalFolderContactImporter implements Importer<AddressBook, Contact>, DestinationReader {
    /** The key of the address book contacts without one go to. */
    static final String LOOSE_CONTACTS_KEY = "localfs:loose-contacts";
    /** Photo bytes put inline at most; Google's contact photos are well below (their API serves up to 720 px). */
    static final int MAX_PHOTO_BYTES = 10 << 20;

    private final LocalFolderSettings settings;

    @Activate
    public LocalFolderContactImporter(LocalFolderConfig config) {
        this(LocalFolderSettings.of(config));
    }

    public LocalFolderContactImporter(LocalFolderSettings settings) {
        this.settings = settings;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        settings.checkDestination(destination);
    }

    /** The contact's vCard file; present only: the vCard is made of the contact, not its bytes as exported. */
    @Override
    public Optional<DestinationItem> find(TransferContext context, String destinationId) throws AdapterException {
        return DestinationFiles.find(settings, context, destinationId);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, AddressBook book, String parentId)
            throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        return CollectionFiles.claim(settings.syncToDisk(), root, CollectionFiles.ADDRESS_BOOKS, new CollectionSidecar(
                null, 0, idempotencyKey, book.id(), book.name(), book.description(), null, null, null), "Contacts");
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, Contact contact, String containerId)
            throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        String bookId = CollectionFiles.containerOrLoose(settings.syncToDisk(), root, CollectionFiles.ADDRESS_BOOKS, containerId,
                LOOSE_CONTACTS_KEY, "Contacts");
        Path file = CollectionFiles.directoryOf(root, bookId).resolve(FileNames.fromKey(idempotencyKey, ".vcf"));
        String id = FolderLayout.idOf(root, file);
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            // written by an earlier attempt with this key: what it could not keep is reported again, as on every attempt
            try {
                reportWhatVCardCannotSay(context, contact, Files.readString(file, StandardCharsets.UTF_8), true);
            } catch (IOException e) {
                throw IoFailures.ofItem("cannot read the contact '" + id + "' written before", e);
            }
            return id;
        }
        byte[] photo = contact.photo() == null ? null : readPhoto(context, contact);
        String vcard = vcardOf(idempotencyKey, contact, photo);
        try {
            DiskWrites.writeWhole(settings.syncToDisk(), file, vcard.getBytes(StandardCharsets.UTF_8), false);
            DiskWrites.syncFolder(settings.syncToDisk(), file.getParent());
        } catch (FileAlreadyExistsException e) {
            return importItem(context, idempotencyKey, contact, bookId); // an attempt with the same key was faster
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot write the contact '" + contact.id() + "'", e);
        }
        reportWhatVCardCannotSay(context, contact, vcard, contact.photo() == null || photo != null);
        return id;
    }

    /** Rewrites the contact's file atomically (temp file and rename) with the changed contact. */
    @Override
    public String updateItem(ImportContext context, String idempotencyKey, Contact contact, String containerId,
                             String destinationId) throws AdapterException {
        Path root = settings.destinationRoot(context.endpoint());
        Path file = FolderLayout.resolve(root, destinationId);
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new ItemNotUpdatableException("the contact '" + destinationId + "' is no longer in the folder");
        }
        byte[] photo = contact.photo() == null ? null : readPhoto(context, contact);
        String vcard = vcardOf(idempotencyKey, contact, photo);
        try {
            DiskWrites.writeWhole(settings.syncToDisk(), file, vcard.getBytes(StandardCharsets.UTF_8), true);
            DiskWrites.syncFolder(settings.syncToDisk(), file.getParent());
        } catch (IOException e) {
            throw IoFailures.ofItem("cannot rewrite the contact '" + contact.id() + "'", e);
        }
        reportWhatVCardCannotSay(context, contact, vcard, contact.photo() == null || photo != null);
        return destinationId;
    }

    /** The contact as a vCard 4.0 whose UID is derived from the key: the same on every attempt and every update. */
    private static String vcardOf(String idempotencyKey, Contact contact, byte[] photo) throws ItemRejectedException {
        try {
            String uid = "urn:uuid:" + UUID.nameUUIDFromBytes(idempotencyKey.getBytes(StandardCharsets.UTF_8));
            return VCardFormat.write(contact, VCardVersion.V4_0, uid, photo);
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("the contact cannot be written as a vCard: " + e.getMessage(), e);
        }
    }

    /** Reads the written vCard back: each field that did not come back as given is reported. */
    private static void reportWhatVCardCannotSay(ImportContext context, Contact contact, String vcard, boolean photoSent) {
        try {
            Contact kept = VCardFormat.read(contact.id(), vcard, LocalFolderContactExporter.PHOTO_REF + contact.id());
            for (String field : ContactDifferences.between(contact, kept, photoSent)) {
                context.reportNotKept(contact.id(), field, ContactDifferences.describe(contact, kept, field) + ": not kept as given by vCard 4.0");
            }
        } catch (MalformedVCardException e) {
            context.reportNotKept(contact.id(), "*", "the vCard written cannot be read back: " + e.getMessage());
        }
    }

    private static byte[] readPhoto(ImportContext context, Contact contact) throws AdapterException {
        try (InputStream in = context.openMedia(contact.photo())) {
            byte[] bytes = in.readNBytes(MAX_PHOTO_BYTES + 1);
            if (bytes.length > MAX_PHOTO_BYTES) {
                context.reportNotKept(contact.id(), "photo", "larger than the " + MAX_PHOTO_BYTES + " bytes this adapter puts inline in a vCard");
                return null;
            }
            return bytes;
        } catch (IOException e) {
            throw IoFailures.ofSource("reading the photo of '" + contact.id() + "' failed", e);
        }
    }
}
