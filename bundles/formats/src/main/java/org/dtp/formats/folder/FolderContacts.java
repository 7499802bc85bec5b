package org.dtp.formats.folder;

import org.dtp.formats.vcard.ContactDifferences;
import org.dtp.formats.vcard.MalformedVCardException;
import org.dtp.formats.vcard.VCardFormat;
import org.dtp.formats.vcard.VCardVersion;
import org.dtp.models.MediaRef;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.ImportContext;
import org.dtp.spi.ItemNotUpdatableException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransientAdapterException;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Address books in the folder layout: each folder of {@code .vcf} files, and each {@code .vcf} file in the root (many
 * vCards in one file, as phones export), is an address book; each vCard (2.1, 3.0, 4.0) a contact, its inline photo
 * as media ({@value #PHOTO_REF}{@code <id>}). An import writes one vCard 4.0 per contact, named from its key, into a
 * folder with its sidecar; what vCard 4.0 cannot say as given is reported as not kept. Since 1.1.
 */
public final class FolderContacts implements FolderVertical<AddressBook, Contact> {
    /** The media reference of a contact's inline photo: this prefix and the contact's id. */
    public static final String PHOTO_REF = "vcard-photo:";
    /** Photo bytes put inline at most; Google's contact photos are well below (their API serves up to 720 px). */
    static final int MAX_PHOTO_BYTES = 10 << 20;

    @Override
    public ExportPage<AddressBook, Contact> export(FileTree tree, TransferContext context, ExportCursor cursor, int pageSize)
            throws AdapterException {
        CollectionTree books = new CollectionTree(tree, CollectionKind.ADDRESS_BOOKS);
        if (cursor.isRoot()) {
            List<AddressBook> found = new ArrayList<>();
            for (CollectionTree.Found f : books.collections()) {
                found.add(new AddressBook(f.id(), f.name(), f.sidecar().map(CollectionSidecar::description).orElse(null)));
            }
            return new ExportPage<>(found, List.of(), null);
        }
        return books.itemPage(cursor.containerId(), cursor.continuation(), pageSize,
                e -> List.of(VCardFormat.read(e.id(), e.text(), PHOTO_REF + e.id(), context::reportNotKept)));
    }

    @Override
    public InputStream openMedia(FileTree tree, MediaRef ref) throws AdapterException {
        if (!ref.uri().startsWith(PHOTO_REF)) {
            throw new ItemRejectedException("not a photo reference of this adapter: " + ref.uri());
        }
        String id = ref.uri().substring(PHOTO_REF.length());
        String text = new CollectionTree(tree, CollectionKind.ADDRESS_BOOKS).entry(id);
        try {
            return new ByteArrayInputStream(VCardFormat.inlinePhoto(text)
                    .orElseThrow(() -> new ItemRejectedException("the contact '" + id + "' no longer has an inline photo")));
        } catch (MalformedVCardException e) {
            throw new ItemRejectedException("the contact '" + id + "' can no longer be read: " + e.getMessage());
        }
    }

    @Override
    public String importContainer(FileTree tree, ImportContext context, String idempotencyKey, AddressBook book)
            throws AdapterException {
        return new CollectionTree(tree, CollectionKind.ADDRESS_BOOKS).claim(idempotencyKey, book.id(), book.name(),
                book.description(), null, null);
    }

    @Override
    public String importItem(FileTree tree, ImportContext context, String idempotencyKey, Contact contact, String containerId)
            throws AdapterException {
        CollectionTree books = new CollectionTree(tree, CollectionKind.ADDRESS_BOOKS);
        String path = books.containerOrLoose(containerId) + "/" + FileNames.fromKey(idempotencyKey, ".vcf");
        Optional<String> before = books.text(path);
        if (before.isPresent()) {
            // written by an earlier attempt with this key: what it could not keep is reported again, as on every attempt
            report(context, contact, before.get(), true);
            return path;
        }
        write(tree, context, idempotencyKey, contact, path);
        return path;
    }

    @Override
    public String updateItem(FileTree tree, ImportContext context, String idempotencyKey, Contact contact, String destinationId)
            throws AdapterException {
        if (new CollectionTree(tree, CollectionKind.ADDRESS_BOOKS).text(destinationId).isEmpty()) {
            throw new ItemNotUpdatableException("the contact '" + destinationId + "' is no longer in " + tree.describe());
        }
        write(tree, context, idempotencyKey, contact, destinationId);
        return destinationId;
    }

    /** The contact as a vCard 4.0 whose UID is derived from the key (the same on every attempt and update), put whole. */
    private static void write(FileTree tree, ImportContext context, String idempotencyKey, Contact contact, String path)
            throws AdapterException {
        byte[] photo = contact.photo() == null ? null : photo(context, contact);
        String vcard;
        try {
            String uid = "urn:uuid:" + UUID.nameUUIDFromBytes(idempotencyKey.getBytes(StandardCharsets.UTF_8));
            vcard = VCardFormat.write(contact, VCardVersion.V4_0, uid, photo);
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("the contact cannot be written as a vCard: " + e.getMessage(), e);
        }
        tree.put(path, vcard.getBytes(StandardCharsets.UTF_8), "text/vcard");
        report(context, contact, vcard, contact.photo() == null || photo != null);
    }

    /** Reads the written vCard back: each field that did not come back as given is reported. */
    private static void report(ImportContext context, Contact contact, String vcard, boolean photoSent) {
        try {
            Contact kept = VCardFormat.read(contact.id(), vcard, PHOTO_REF + contact.id());
            for (String field : ContactDifferences.between(contact, kept, photoSent)) {
                context.reportNotKept(contact.id(), field, ContactDifferences.describe(contact, kept, field) + ": not kept as given by vCard 4.0");
            }
        } catch (MalformedVCardException e) {
            context.reportNotKept(contact.id(), "*", "the vCard written cannot be read back: " + e.getMessage());
        }
    }

    private static byte[] photo(ImportContext context, Contact contact) throws AdapterException {
        try (InputStream in = context.openMedia(contact.photo())) {
            byte[] bytes = in.readNBytes(MAX_PHOTO_BYTES + 1);
            if (bytes.length > MAX_PHOTO_BYTES) {
                context.reportNotKept(contact.id(), "photo", "larger than the " + MAX_PHOTO_BYTES + " bytes this adapter puts inline in a vCard");
                return null;
            }
            return bytes;
        } catch (IOException e) {
            throw new TransientAdapterException("reading the photo of '" + contact.id() + "' at the source failed: " + e.getMessage(), e);
        }
    }
}
