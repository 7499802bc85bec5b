package org.dtp.adapters.carddav;

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
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.ProviderRejectedException;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavCollection;
import org.dtp.webdav.DavPutResult;
import org.dtp.webdav.DavResource;
import org.dtp.webdav.DavService;
import org.dtp.webdav.ResourceNames;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Imports address books and contacts into a CardDAV account. Each source address book becomes a new address
 * book in the account's home (extended MKCOL) named {@code dtp-<hash of job and key>}, with the source's name as
 * display name; each contact a vCard (3.0 by default, see {@link CardDavConfig#vcardVersion()}; a 4.0 the server refuses
 * is sent again as 3.0) resource {@code dtp-<hash>.vcf} in it, PUT with {@code If-None-Match: *};
 * a contact changed since an earlier transfer copied it is PUT again with {@code If-Match} ({@link #updateItem}).
 * A repeated import of the same key finds the address book (405) or the vCard (412) it made and returns its id:
 * nothing is made twice. Contacts that were in no address book go to one address book per job, "Contacts".
 */
@Component(service = Importer.class, property = {
        AdapterProperties.PROVIDER + "=carddav",
        AdapterProperties.PROVIDER_NAME + "=CardDAV",
        AdapterProperties.VERTICAL + "=CONTACTS"})
public final class CardDavContactImporter implements Importer<AddressBook, Contact>, DestinationReader {
    static final String LOOSE_CONTACTS_KEY = "carddav:loose-contacts";

    private final CardDavConnector connector;

    @Activate
    public CardDavContactImporter(@Reference CardDavConnector connector) {
        this.connector = connector;
    }

    @Override
    public void validate(TransferEndpoint destination) throws InvalidEndpointException {
        connector.account(destination);
    }

    /**
     * The vCard resource at the path {@link #importItem} returned, if the server still has it; present only: the server
     * rewrites what it stores, so its bytes are not the contact's as exported.
     */
    @Override
    public Optional<DestinationItem> find(TransferContext context, String destinationId) throws AdapterException {
        DavAccount account = connector.account(context);
        return connector.client().get(account, CardDavConnector.at(account, destinationId))
                .map(resource -> DestinationItem.present(destinationId));
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, AddressBook book, String parentId)
            throws AdapterException {
        return addressBook(context, idempotencyKey, book.name(), book.description());
    }

    private String addressBook(ImportContext context, String key, String name, String description) throws AdapterException {
        DavAccount account = connector.account(context);
        URI home = connector.home(account);
        URI href = home.resolve(ResourceNames.collection(context.jobId(), key) + "/");
        if (!connector.client().makeCollection(account, href, DavService.CARDDAV, name, description, List.of())) {
            DavCollection existing = connector.client().collection(account, href)
                    .orElseThrow(() -> new TransientAdapterException("CardDAV refused to create " + href.getPath()
                            + " (405) but shows nothing there", null));
            if (!existing.is(DavService.CARDDAV)) {
                throw new AdapterException(href.getPath() + " exists and is not an address book");
            }
        }
        return href.getPath();
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, Contact contact, String containerId)
            throws AdapterException {
        DavAccount account = connector.account(context);
        String bookPath = containerId != null ? containerId : addressBook(context, LOOSE_CONTACTS_KEY, "Contacts", null);
        URI book = CardDavConnector.at(account, bookPath.endsWith("/") ? bookPath : bookPath + "/");
        byte[] photo = contact.photo() == null ? null : readPhoto(context, contact);
        URI href = book.resolve(ResourceNames.resource(context.jobId(), idempotencyKey, ".vcf"));
        // CardDAV requires a UID (RFC 6352 §5.1); one derived from the key stays the same on a repeated import.
        String uid = "urn:uuid:" + UUID.nameUUIDFromBytes((context.jobId() + "\n" + idempotencyKey).getBytes(StandardCharsets.UTF_8));
        // Created now, or by an earlier attempt with the same key (412): either way it is there once.
        Sent sent = put(account, href, contact, uid, photo, null);
        reportWhatTheServerChanged(context, account, contact, sent, href, contact.photo() == null || photo != null);
        return href.getPath();
    }

    /**
     * Replaces the contact's vCard with the changed contact: a PUT with {@code If-Match} its ETag (RFC 7232), keeping
     * its UID (a server refuses a resource whose UID changes, RFC 6352 §6.3.2.1). A contact deleted since cannot be
     * updated; one changed at the same time (the precondition failed) is tried again.
     */
    @Override
    public String updateItem(ImportContext context, String idempotencyKey, Contact contact, String containerId,
                             String destinationId) throws AdapterException {
        DavAccount account = connector.account(context);
        URI href = CardDavConnector.at(account, destinationId);
        DavResource stored = connector.client().get(account, href)
                .orElseThrow(() -> new ItemNotUpdatableException("the contact " + destinationId + " is no longer on the server"));
        if (stored.etag() == null) {
            throw new ItemNotUpdatableException("the server gives no ETag for " + destinationId + " to replace it safely");
        }
        String uid;
        try {
            uid = VCardFormat.read(contact.id(), stored.data(), null).uid();
        } catch (MalformedVCardException e) {
            throw new ItemNotUpdatableException("the contact " + destinationId + " on the server cannot be read: " + e.getMessage());
        }
        byte[] photo = contact.photo() == null ? null : readPhoto(context, contact);
        Sent sent = put(account, href, contact, uid, photo, stored.etag());
        if (sent.result().outcome() == DavPutResult.Outcome.PRECONDITION_FAILED) {
            throw new TransientAdapterException("the contact " + destinationId + " changed on the server meanwhile", null);
        }
        reportWhatTheServerChanged(context, account, contact, sent, href, contact.photo() == null || photo != null);
        return destinationId;
    }

    /** A vCard PUT: its text, the version it was written in and the server's answer. */
    private record Sent(String vcard, VCardVersion version, DavPutResult result) {
    }

    /**
     * PUTs the contact as a vCard of the configured version; one of 4.0 the server refuses as a bad request (400) or an
     * unsupported type (415) is sent again as 3.0, which every CardDAV server must take (RFC 6352 §6.1; Radicale 3.1.8
     * refuses a 4.0 card with two N, which 3.0 says with one N and an X- property).
     */
    private Sent put(DavAccount account, URI href, Contact contact, String uid, byte[] photo, String ifMatch) throws AdapterException {
        String vcard = vcardOf(contact, connector.version(), uid, photo);
        try {
            return new Sent(vcard, connector.version(), connector.client().put(account, href, vcard, DavService.CARDDAV.contentType(), ifMatch));
        } catch (ProviderRejectedException e) {
            if (connector.version() != VCardVersion.V4_0 || (e.status() != 400 && e.status() != 415)) {
                throw e;
            }
            String v3 = vcardOf(contact, VCardVersion.V3_0, uid, photo);
            return new Sent(v3, VCardVersion.V3_0, connector.client().put(account, href, v3, DavService.CARDDAV.contentType(), ifMatch));
        }
    }

    private String vcardOf(Contact contact, VCardVersion version, String uid, byte[] photo) throws AdapterException {
        try {
            return VCardFormat.write(contact, version, uid, photo);
        } catch (IllegalArgumentException e) {
            throw new org.dtp.spi.ItemRejectedException("the contact cannot be written as a vCard: " + e.getMessage(), e);
        }
    }

    /**
     * Reads the vCard back and reports each field the server did not keep as sent: servers rewrite what they store
     * (Radicale 3.1's vobject cuts a vCard 4 GEO URI at its comma), and the fidelity report must say so.
     */
    private void reportWhatTheServerChanged(ImportContext context, DavAccount account, Contact contact, Sent sent, URI href,
                                            boolean photoSent) throws AdapterException {
        DavResource stored = connector.client().get(account, href)
                .orElseThrow(() -> new TransientAdapterException("CardDAV shows nothing at " + href.getPath() + " after the PUT", null));
        Contact kept;
        try {
            kept = VCardFormat.read(contact.id(), stored.data(), CardDavContactExporter.PHOTO_REF + href.getPath());
        } catch (MalformedVCardException e) {
            context.reportNotKept(contact.id(), "*", "the server stored a vCard that cannot be read back: " + e.getMessage());
            return;
        }
        // Against the contact given, so that what the vCard version cannot say is reported as well as what the server
        // changed; the vCard sent, read back here, tells the one from the other.
        List<String> versionLimits;
        try {
            versionLimits = ContactDifferences.between(contact, VCardFormat.read(contact.id(), sent.vcard(),
                    CardDavContactExporter.PHOTO_REF + href.getPath()), photoSent);
        } catch (MalformedVCardException e) {
            throw new IllegalStateException("the vCard written for " + contact.id() + " cannot be read back", e);
        }
        for (String field : ContactDifferences.between(contact, kept, photoSent)) {
            context.reportNotKept(contact.id(), field, ContactDifferences.describe(contact, kept, field) + (versionLimits.contains(field)
                    ? ": vCard " + sent.version().text() + ", the version written, cannot say it as given"
                    : ": the server changed it when storing the vCard " + sent.version().text() + " sent"));
        }
    }

    private byte[] readPhoto(ImportContext context, Contact contact) throws AdapterException {
        try (InputStream in = context.openMedia(contact.photo())) {
            byte[] bytes = in.readNBytes(connector.maxPhotoBytes() + 1);
            if (bytes.length > connector.maxPhotoBytes()) {
                context.reportNotKept(contact.id(), "photo", "larger than the " + connector.maxPhotoBytes()
                        + " bytes this adapter puts inline in a vCard (maxPhotoBytes)");
                return null;
            }
            return bytes;
        } catch (IOException e) {
            throw new TransientAdapterException("reading the photo of " + contact.id() + " failed: " + e.getMessage(), e);
        }
    }
}
