package org.dtp.adapters.google.contacts;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleComponent;
import org.dtp.adapters.google.GoogleConnector;
import org.dtp.adapters.google.DescriptionMarkers;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Imports address books and contacts into Google Contacts through the People API. An address book becomes a label
 * (a user contact group, {@code POST /v1/contactGroups}) marked as one ({@link ContactGroups}), found again by its
 * name; "My Contacts" is Google's own. A contact is {@code POST /v1/people:createContact}, member of its book's label
 * and of one label per category (found by name or created).
 * <ul>
 * <li><b>Idempotent</b>: the People API takes no client id, so each contact carries the import's marker
 *     ({@link DescriptionMarkers}) as client data; before creating, the importer looks for it among the user's connections (read
 *     once per job, then kept up to date in memory).</li>
 * <li>What a Person cannot hold (several types of a value, preferences, a photo, ...) is reported as not kept.</li>
 * </ul>
 */
@Component(
        name = "org.dtp.adapters.google.GoogleContactsImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + GoogleConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Google Contacts",
                AdapterProperties.VERTICAL + "=CONTACTS"})
public final class GoogleContactsImporter extends GoogleComponent implements Importer<AddressBook, Contact> {
    @Activate
    public GoogleContactsImporter(@Reference GoogleConnector connector) {
        super(connector);
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, AddressBook book, String parentId)
            throws AdapterException {
        String name = book.name().strip();
        if (name.isEmpty() || name.equalsIgnoreCase(ContactGroups.MY_CONTACTS_NAME)) {
            return ContactGroups.MY_CONTACTS;
        }
        return label(context, api(context), name, Map.of(ContactGroups.BOOK_KEY, "true"));
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, Contact contact, String containerId)
            throws AdapterException {
        PeopleApi api = api(context);
        String marker = DescriptionMarkers.marker(context.jobId(), idempotencyKey);
        long fingerprint = DescriptionMarkers.fingerprint(marker);
        return connector.indexes().findOrCreate(context.jobId() + "|people", fingerprint,
                index -> ApiPage.forEach(api::connections, person -> index.addMarked(
                        GooglePeople.clientData(person, GooglePeople.MARKER_KEY), person.path("resourceName").asText())),
                index -> {
                    List<String> groups = new ArrayList<>();
                    if (containerId != null && !containerId.equals(ContactGroups.MY_CONTACTS)) {
                        groups.add(containerId);
                    }
                    for (String category : contact.categories()) {
                        String group = label(context, api, category.strip(), Map.of());
                        if (!groups.contains(group)) {
                            groups.add(group);
                        }
                    }
                    JsonNode created = api.createContact(GooglePeople.toGoogle(contact, groups, marker, context));
                    String id = created.path("resourceName").asText("");
                    if (id.isEmpty()) {
                        throw new AdapterException("Google answered people.createContact without the contact's resourceName");
                    }
                    index.add(fingerprint, id);
                    return id;
                });
    }

    /** The label named {@code name}, found or created with {@code clientData}. */
    private String label(ImportContext context, PeopleApi api, String name, Map<String, String> clientData) throws AdapterException {
        return connector.names(context.jobId() + "|contactGroups").idOf(name, () -> ContactGroups.read(api).labelsByName(),
                n -> {
                    String id = api.createGroup(n, clientData).path("resourceName").asText("");
                    if (id.isEmpty()) {
                        throw new AdapterException("Google answered contactGroups.create without the group's resourceName");
                    }
                    return id;
                });
    }

    private PeopleApi api(ImportContext context) throws AdapterException {
        return new PeopleApi(connector.http(context), connector.settings().peopleBaseUrl(), connector.settings().pageSize());
    }
}
