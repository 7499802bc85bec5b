package org.dtp.adapters.microsoft.contacts;

import org.dtp.adapters.microsoft.Fidelity;
import org.dtp.adapters.microsoft.GraphApi;
import org.dtp.adapters.microsoft.GraphComponent;
import org.dtp.adapters.microsoft.ImportTags;
import org.dtp.adapters.microsoft.MicrosoftConnector;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.dtp.models.contacts.AddressBook;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.PartialDate;
import org.dtp.models.contacts.PostalAddress;
import org.dtp.models.contacts.TypedValue;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ImportContext;
import org.dtp.spi.Importer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Imports contacts into Outlook: an address book becomes a contact folder, found by its display name (at the top,
 * {@code /me/contactFolders}, or in its parent's {@code childFolders}), else created; the exporter's default folder
 * ({@value OutlookContactExporter#DEFAULT_FOLDER}) is the destination's default folder; a contact is created with
 * {@code POST …/contacts} carrying the extended properties of {@link ImportTags}. <b>Idempotent</b>: before creating,
 * the importer asks the folder for a contact with its tag ({@code $filter} on the property), so a retry after a lost
 * answer or a restart finds the contact. What the mapping cannot hold is reported field by field ({@link Fidelity}).
 */
@Component(
        name = "org.dtp.adapters.microsoft.OutlookContactImporter",
        service = Importer.class,
        property = {
                AdapterProperties.PROVIDER + "=" + MicrosoftConnector.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=Microsoft Outlook contacts",
                AdapterProperties.VERTICAL + "=CONTACTS"})
public final class OutlookContactImporter extends GraphComponent implements Importer<AddressBook, Contact> {
    /**
     * Contacts a transfer creates at once: Outlook takes 4 concurrent requests per app and mailbox
     * (https://learn.microsoft.com/en-us/graph/throttling-limits#outlook-service-limits); half of it leaves room for
     * the app's other work on the same mailbox (an export from it, another transfer). Contacts do not depend on each
     * other, and this class keeps no state of its own.
     */
    static final int CONTACTS_AT_ONCE = 2;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> REASONS = Map.ofEntries(
            Map.entry("uid", "kept as an extended property"),
            Map.entry("kind", "Outlook contacts are people"),
            Map.entry("emails", "Outlook keeps e-mail addresses without types or preference"),
            Map.entry("phones", "Outlook keeps business, home and one mobile number, in that order, without preference"),
            Map.entry("addresses", "Outlook keeps one home, one business and one other address, without PO box, extended part or label"),
            Map.entry("urls", "Outlook keeps one (business) web page"),
            Map.entry("impps", "Outlook keeps IM addresses without types"),
            Map.entry("organization", "Outlook keeps a company and one department"),
            Map.entry("birthday", "Outlook keeps a birthday only as a whole date"),
            Map.entry("notes", "Outlook keeps one note; several are joined"),
            Map.entry("related", "Outlook keeps a spouse's and children's names only"),
            Map.entry("nicknames", "Outlook keeps one nickname"),
            Map.entry("revision", "Outlook sets its own modification time"),
            Map.entry("propertyDetails", "Outlook keeps no vCard groups or parameters (LANGUAGE, ALTID, PID, SORT-AS, ...)"));

    @Activate
    public OutlookContactImporter(@Reference MicrosoftConnector connector) {
        super(connector);
    }

    @Override
    public int concurrency() {
        return CONTACTS_AT_ONCE;
    }

    @Override
    public String importContainer(ImportContext context, String idempotencyKey, AddressBook book, String parentId)
            throws AdapterException {
        GraphApi api = connector.api(context);
        if (parentId == null && OutlookContactExporter.DEFAULT_FOLDER.equals(book.id())) {
            return OutlookContactExporter.DEFAULT_FOLDER; // Outlook's default folder, as the exporter names it
        }
        String name = book.name().isBlank() ? "Imported contacts" : book.name().strip();
        String folders = parentId == null || parentId.equals(OutlookContactExporter.DEFAULT_FOLDER) ? "/me/contactFolders"
                : "/me/contactFolders/" + GraphApi.id(parentId) + "/childFolders";
        Fidelity.report(context, book.id(), book, new AddressBook(book.id(), book.name(), null),
                field -> "Outlook contact folders have a name only");
        return api.findOrCreate(folders, "displayName", name);
    }

    @Override
    public String importItem(ImportContext context, String idempotencyKey, Contact contact, String containerId)
            throws AdapterException {
        GraphApi api = connector.api(context);
        String contacts = containerId == null || containerId.equals(OutlookContactExporter.DEFAULT_FOLDER) ? "/me/contacts"
                : "/me/contactFolders/" + GraphApi.id(containerId) + "/contacts";
        String tag = ImportTags.of(context.jobId(), idempotencyKey);
        Map<String, Object> body = body(contact, tag);
        // reported on every attempt, also one that finds the contact an earlier attempt made (the engine keeps only
        // the reports of the attempt that succeeds)
        Fidelity.report(context, contact.id(), contact, OutlookContactExporter.contact(JSON.valueToTree(body)),
                field -> REASONS.getOrDefault(field, "Outlook contacts have no " + field));
        return ImportTags.createOnce(api, contacts, tag, body);
    }

    /** The Graph contact of {@code c} (https://learn.microsoft.com/en-us/graph/api/user-post-contacts). */
    private static Map<String, Object> body(Contact c, String tag) {
        Map<String, Object> body = new LinkedHashMap<>();
        if (c.name() != null) {
            put(body, "givenName", c.name().given());
            put(body, "surname", c.name().family());
            put(body, "middleName", String.join(" ", c.name().additional()));
            put(body, "title", String.join(" ", c.name().prefixes()));
            put(body, "generation", String.join(" ", c.name().suffixes()));
        }
        put(body, "displayName", c.formattedName());
        put(body, "nickName", c.nicknames().isEmpty() ? null : c.nicknames().get(0));
        if (!c.emails().isEmpty()) {
            body.put("emailAddresses", c.emails().stream().map(e -> Map.of("address", e.value())).toList());
        }
        List<String> business = new ArrayList<>();
        List<String> home = new ArrayList<>();
        String mobile = null;
        for (TypedValue phone : c.phones()) {
            if (mobile == null && (phone.types().contains("cell") || phone.types().contains("mobile"))) {
                mobile = phone.value();
            } else if (phone.types().contains("work")) {
                business.add(phone.value());
            } else {
                home.add(phone.value());
            }
        }
        putList(body, "businessPhones", business);
        putList(body, "homePhones", home);
        put(body, "mobilePhone", mobile);
        for (PostalAddress address : c.addresses()) {
            String field = address.types().contains("work") ? "businessAddress" : address.types().contains("home") ? "homeAddress" : "otherAddress";
            if (!body.containsKey(field)) {
                Map<String, Object> a = new LinkedHashMap<>();
                put(a, "street", address.street());
                put(a, "city", address.locality());
                put(a, "state", address.region());
                put(a, "postalCode", address.postalCode());
                put(a, "countryOrRegion", address.country());
                body.put(field, a);
            }
        }
        put(body, "businessHomePage", c.urls().isEmpty() ? null : c.urls().get(0).value());
        putList(body, "imAddresses", c.impps().stream().map(TypedValue::value).toList());
        if (c.organization() != null) {
            put(body, "companyName", c.organization().name());
            put(body, "department", c.organization().units().isEmpty() ? null : c.organization().units().get(0));
        }
        put(body, "jobTitle", c.title());
        put(body, "profession", c.role());
        PartialDate b = c.birthday();
        if (b != null && b.year() != null && b.month() != null && b.day() != null) {
            body.put("birthday", String.format("%04d-%02d-%02dT00:00:00Z", b.year(), b.month(), b.day()));
        }
        put(body, "personalNotes", String.join("\n\n", c.notes()));
        putList(body, "categories", c.categories());
        c.related().stream().filter(r -> r.types().contains("spouse")).findFirst().ifPresent(r -> body.put("spouseName", r.value()));
        putList(body, "children", c.related().stream().filter(r -> r.types().contains("child")).map(TypedValue::value).toList());
        body.put("singleValueExtendedProperties", ImportTags.properties(tag, c.uid()));
        return body;
    }

    private static void put(Map<String, Object> body, String field, String value) {
        if (value != null && !value.isBlank()) {
            body.put(field, value);
        }
    }

    private static void putList(Map<String, Object> body, String field, List<String> values) {
        if (!values.isEmpty()) {
            body.put(field, values);
        }
    }
}
