package org.dtp.adapters.microsoft.contacts;

import org.dtp.adapters.microsoft.ExportPages;
import org.dtp.adapters.microsoft.FolderPages;
import org.dtp.adapters.microsoft.GraphApi;
import org.dtp.adapters.microsoft.GraphComponent;
import org.dtp.adapters.microsoft.GraphTimes;
import org.dtp.adapters.microsoft.ImportTags;
import org.dtp.adapters.microsoft.MicrosoftConnector;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.MediaRef;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.ContactKind;
import org.dtp.models.contacts.Organization;
import org.dtp.models.contacts.PartialDate;
import org.dtp.models.contacts.PostalAddress;
import org.dtp.models.contacts.StructuredName;
import org.dtp.models.contacts.TypedValue;
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
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Exports Outlook contacts: the root holds the user's default contact folder ({@value #DEFAULT_FOLDER}); a folder's
 * pages are its contacts as a delta round ({@code GET /me/contacts/delta}, {@code GET /me/contactFolders/{id}/contacts/delta}:
 * only those changed since the last transfer when it left a change token, see {@link FolderPages}), then its child
 * folders ({@code GET /me/contactFolders}, which are the default folder's, and {@code …/{id}/childFolders}), with
 * {@code $top} and {@code @odata.nextLink}. Nothing is changed.
 */
@Component(
        name = "org.dtp.adapters.microsoft.OutlookContactExporter",
        service = Exporter.class,
        property = {
                AdapterProperties.PROVIDER + "=" + MicrosoftConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Microsoft Outlook contacts",
                AdapterProperties.VERTICAL + "=CONTACTS"})
public final class OutlookContactExporter extends GraphComponent implements Exporter<AddressBook, Contact> {
    /** The id the exporter gives the default contact folder (Graph addresses it as {@code /me/contacts}). */
    static final String DEFAULT_FOLDER = "contacts";

    @Activate
    public OutlookContactExporter(@Reference MicrosoftConnector connector) {
        super(connector);
    }

    @Override
    public ExportPage<AddressBook, Contact> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        if (cursor.isRoot()) {
            return new ExportPage<>(List.of(new AddressBook(DEFAULT_FOLDER, "Contacts", null)), List.of(), null);
        }
        GraphApi api = connector.api(context);
        boolean main = DEFAULT_FOLDER.equals(cursor.containerId());
        String folder = main ? null : "/me/contactFolders/" + GraphApi.id(cursor.containerId());
        FolderPages.Page page = FolderPages.page(api, context, (main ? "/me/contacts" : folder + "/contacts") + "/delta?" + ImportTags.expand(),
                main ? "/me/contactFolders" : folder + "/childFolders", cursor.continuation());
        List<AddressBook> books = new ArrayList<>();
        for (JsonNode f : page.folders()) {
            books.add(new AddressBook(f.path("id").asText(), f.path("displayName").asText(f.path("id").asText()), null));
        }
        return ExportPages.items(books, page.items(), page.continuation(), "contact", (c, contacts) -> contacts.add(contact(c)));
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws ItemRejectedException {
        throw new ItemRejectedException("Outlook contacts are exported without photos");
    }

    /** A Graph contact (https://learn.microsoft.com/en-us/graph/api/resources/contact) as the canonical model. */
    static Contact contact(JsonNode c) {
        List<TypedValue> emails = new ArrayList<>();
        c.path("emailAddresses").forEach(e -> {
            if (!e.path("address").asText("").isBlank()) {
                emails.add(new TypedValue(e.path("address").asText(), List.of(), null));
            }
        });
        List<TypedValue> phones = new ArrayList<>();
        c.path("businessPhones").forEach(p -> phones.add(new TypedValue(p.asText(), List.of("work"), null)));
        c.path("homePhones").forEach(p -> phones.add(new TypedValue(p.asText(), List.of("home"), null)));
        if (!text(c, "mobilePhone").isEmpty()) {
            phones.add(new TypedValue(text(c, "mobilePhone"), List.of("cell"), null));
        }
        List<PostalAddress> addresses = new ArrayList<>();
        address(c.path("homeAddress"), List.of("home"), addresses);
        address(c.path("businessAddress"), List.of("work"), addresses);
        address(c.path("otherAddress"), List.of(), addresses);
        List<TypedValue> urls = new ArrayList<>();
        if (!text(c, "businessHomePage").isEmpty()) {
            urls.add(new TypedValue(text(c, "businessHomePage"), List.of("work"), null));
        }
        List<TypedValue> impps = new ArrayList<>();
        c.path("imAddresses").forEach(a -> impps.add(new TypedValue(a.asText(), List.of(), null)));
        List<TypedValue> related = new ArrayList<>();
        if (!text(c, "spouseName").isEmpty()) {
            related.add(new TypedValue(text(c, "spouseName"), List.of("spouse"), null));
        }
        c.path("children").forEach(child -> related.add(new TypedValue(child.asText(), List.of("child"), null)));
        List<String> categories = new ArrayList<>();
        c.path("categories").forEach(x -> categories.add(x.asText()));
        StructuredName name = text(c, "surname").isEmpty() && text(c, "givenName").isEmpty() && text(c, "middleName").isEmpty()
                && text(c, "title").isEmpty() && text(c, "generation").isEmpty() ? null
                : new StructuredName(text(c, "surname"), text(c, "givenName"), listOf(text(c, "middleName")),
                listOf(text(c, "title")), listOf(text(c, "generation")));
        String company = text(c, "companyName");
        String department = text(c, "department");
        return Contact.builder()
                .id(c.path("id").asText())
                .uid(ImportTags.value(c, ImportTags.UID))
                .kind(ContactKind.INDIVIDUAL)
                .formattedName(text(c, "displayName"))
                .name(name)
                .nicknames(listOf(text(c, "nickName")))
                .emails(emails)
                .phones(phones)
                .addresses(addresses)
                .urls(urls)
                .impps(impps)
                .organization(company.isEmpty() && department.isEmpty() ? null : new Organization(company, listOf(department)))
                .title(text(c, "jobTitle"))
                .role(text(c, "profession"))
                .birthday(birthday(text(c, "birthday")))
                .notes(listOf(text(c, "personalNotes")))
                .categories(categories)
                .related(related)
                .revision(GraphTimes.instant(text(c, "lastModifiedDateTime")))
                .build();
    }

    private static void address(JsonNode a, List<String> types, List<PostalAddress> out) {
        if (!a.isObject() || List.of("street", "city", "state", "postalCode", "countryOrRegion").stream().allMatch(f -> text(a, f).isEmpty())) {
            return;
        }
        out.add(PostalAddress.builder()
                .street(text(a, "street"))
                .locality(text(a, "city"))
                .region(text(a, "state"))
                .postalCode(text(a, "postalCode"))
                .country(text(a, "countryOrRegion"))
                .types(types)
                .build());
    }

    /** Graph's birthday is a whole date as a DateTimeOffset (midnight UTC). */
    private static PartialDate birthday(String text) {
        if (text.isEmpty()) {
            return null;
        }
        try {
            java.time.LocalDate date = OffsetDateTime.parse(text).toLocalDate();
            return new PartialDate(date.getYear(), date.getMonthValue(), date.getDayOfMonth(), null);
        } catch (DateTimeParseException e) {
            return new PartialDate(null, null, null, text);
        }
    }

    private static List<String> listOf(String text) {
        return text.isEmpty() ? List.of() : List.of(text);
    }

    public static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() ? value.asText().strip() : "";
    }
}
