package org.dtp.adapters.carddav;

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
import org.dtp.webdav.CollectionPager;
import org.dtp.webdav.DavAccount;
import org.dtp.webdav.DavCollection;
import org.dtp.webdav.DavResource;
import org.dtp.webdav.DavService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Exports the address books of a CardDAV account and their contacts. The root's page lists the address books
 * of the account's home (found by RFC 6764 discovery); an address book's pages are batches of one
 * addressbook-multiget each, in address order (see {@link CollectionPager}): only of the contacts added or changed
 * since the last transfer, where the server keeps a change feed (RFC 6578). Contact ids are the resources'
 * paths, address book ids the collections' paths. Nothing on the server is changed.
 */
@Component(service = Exporter.class, property = {
        AdapterProperties.PROVIDER + "=carddav",
        AdapterProperties.PROVIDER_NAME + "=CardDAV",
        AdapterProperties.VERTICAL + "=CONTACTS"})
public final class CardDavContactExporter implements Exporter<AddressBook, Contact> {
    /** What a photo's media reference starts with; the rest is the path of the contact's resource at the source. */
    static final String PHOTO_REF = "carddav-photo:";
    private static final Logger LOG = LoggerFactory.getLogger(CardDavContactExporter.class);

    private final CardDavConnector connector;

    @Activate
    public CardDavContactExporter(@Reference CardDavConnector connector) {
        this.connector = connector;
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        connector.account(source);
    }

    @Override
    public ExportPage<AddressBook, Contact> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        DavAccount account = connector.account(context);
        if (cursor.isRoot()) {
            List<AddressBook> books = new ArrayList<>();
            for (DavCollection c : connector.client().listCollections(account, connector.home(account), DavService.CARDDAV)) {
                String name = c.displayName() != null ? c.displayName() : c.lastSegment();
                books.add(new AddressBook(c.href().getPath(), name, c.description()));
            }
            return new ExportPage<>(books, List.of(), null);
        }
        DavCollection collection = connector.client().collection(account, CardDavConnector.at(account, cursor.containerId()))
                .orElseThrow(() -> new AdapterException("the address book " + cursor.containerId() + " is no longer on the server"));
        CollectionPager.Page page = connector.pager().page(context, account, collection, DavService.CARDDAV,
                cursor.continuation());
        List<Contact> contacts = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        page.unreadable().forEach(u -> rejected.add(new ExportPage.Rejected(u.href().getPath(), u.reason())));
        for (DavResource r : page.resources()) {
            String path = r.href().getPath();
            if (!r.found()) {
                continue; // removed between listing and fetching: not there to export
            }
            try {
                contacts.add(VCardFormat.read(path, r.data(), PHOTO_REF + path, context::reportNotKept));
            } catch (MalformedVCardException | IllegalArgumentException e) {
                rejected.add(new ExportPage.Rejected(path, r.describe() + ": " + e.getMessage()));
            } catch (RuntimeException e) {
                // the reader's own failure on text it did not foresee: it costs this resource, not the page
                LOG.warn("{} could not be read", r.describe(), e);
                rejected.add(new ExportPage.Rejected(path, r.describe() + ": could not be read (" + e + ")"));
            }
        }
        return new ExportPage<>(List.of(), contacts, page.continuation(), rejected);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        if (!ref.uri().startsWith(PHOTO_REF)) {
            throw new ItemRejectedException("not a CardDAV photo reference: " + ref.uri());
        }
        String path = ref.uri().substring(PHOTO_REF.length());
        DavAccount account = connector.account(context);
        DavResource resource = connector.client().get(account, CardDavConnector.at(account, path))
                .orElseThrow(() -> new ItemRejectedException("the contact " + path + " is no longer on the server"));
        try {
            byte[] photo = VCardFormat.inlinePhoto(resource.data())
                    .orElseThrow(() -> new ItemRejectedException("the contact " + path + " no longer has an inline photo"));
            return new ByteArrayInputStream(photo);
        } catch (MalformedVCardException e) {
            throw new ItemRejectedException("the contact " + path + " can no longer be read: " + e.getMessage());
        }
    }
}
