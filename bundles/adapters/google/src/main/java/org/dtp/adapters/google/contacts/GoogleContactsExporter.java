package org.dtp.adapters.google.contacts;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleComponent;
import org.dtp.adapters.google.GoogleConnector;
import org.dtp.adapters.google.SyncTokenPages;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.MediaRef;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Exports a user's Google contacts through the People API. The root's page is the address books: My Contacts and
 * the labels an import made of address books ({@link ContactGroups}, read once per job); a book's pages are the user's connections
 * ({@code GET /v1/people/me/connections} with {@code personFields}, {@code pageToken} paging, {@code requestSyncToken})
 * that belong to it, each contact once; its other labels are its categories. A book's connections are listed whole
 * the first time, and after a transfer that completed only those changed since its {@code nextSyncToken}
 * ({@link SyncTokenPages}; an expired one, {@value PeopleApi#EXPIRED}, lists them whole again). Nothing at Google is
 * changed.
 */
@Component(
        name = "org.dtp.adapters.google.GoogleContactsExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + GoogleConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Contacts",
                AdapterProperties.VERTICAL + "=CONTACTS"})
public final class GoogleContactsExporter extends GoogleComponent implements Exporter<AddressBook, Contact> {
    @Activate
    public GoogleContactsExporter(@Reference GoogleConnector connector) {
        super(connector);
    }

    @Override
    public ExportPage<AddressBook, Contact> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        PeopleApi api = new PeopleApi(connector.http(context), connector.settings().peopleBaseUrl(), connector.settings().pageSize());
        ContactGroups groups = connector.contactGroups(context.jobId().toString(), () -> ContactGroups.read(api));
        if (cursor.isRoot()) {
            List<AddressBook> books = new ArrayList<>();
            books.add(new AddressBook(ContactGroups.MY_CONTACTS, ContactGroups.MY_CONTACTS_NAME, null));
            groups.books().forEach(g -> books.add(new AddressBook(g.resourceName(), g.name(), null)));
            return new ExportPage<>(books, List.of(), null);
        }
        ApiPage page = SyncTokenPages.page(context, "/v1/people/me/connections in " + cursor.containerId(), api::syncedConnections,
                PeopleApi::expired, cursor.continuation());
        List<Contact> contacts = new ArrayList<>();
        List<ExportPage.Rejected> rejected = new ArrayList<>();
        for (JsonNode person : page.entries()) {
            if (person.path("metadata").path("deleted").asBoolean(false)) {
                continue; // deleted since the sync token: nothing is deleted at a destination
            }
            List<String> memberships = GooglePeople.groupsOf(person);
            String book = groups.bookOf(memberships);
            if (!book.equals(cursor.containerId())) {
                continue;
            }
            try {
                contacts.add(GooglePeople.fromGoogle(person, groups.categories(memberships, book)));
            } catch (IllegalArgumentException | NullPointerException e) {
                rejected.add(new ExportPage.Rejected(person.path("resourceName").asText("(a person without a resource name)"),
                        "Google's person cannot be read: " + e.getMessage()));
            }
        }
        return new ExportPage<>(List.of(), contacts, page.nextPageToken(), rejected);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException {
        throw new ItemRejectedException("the Google contacts exporter exports no photos");
    }
}
