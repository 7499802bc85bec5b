package org.dtp.adapters.google.contacts;

import org.dtp.adapters.google.ApiPage;
import org.dtp.spi.AdapterException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The user's contact groups as the contacts exporter and importer see them. Google Contacts is one address book
 * ({@code contactGroups/myContacts}, "My Contacts") with labels (user contact groups). An address book imported
 * from elsewhere becomes a label marked with the client data {@value #BOOK_KEY}, and is exported as an address book
 * again; every other label is a category of its members. A contact is exported once: in the first marked label it
 * is a member of (in Google's order of groups), else in My Contacts.
 */
public record ContactGroups(List<Group> groups) {
    static final String MY_CONTACTS = "contactGroups/myContacts";
    static final String MY_CONTACTS_NAME = "My Contacts";
    /** Client data of a label that stands for an address book. */
    static final String BOOK_KEY = "dtp.addressBook";

    record Group(String resourceName, String name, boolean user, boolean book) {
    }

    static ContactGroups read(PeopleApi api) throws AdapterException {
        List<Group> groups = new ArrayList<>();
        ApiPage.forEach(api::groups, g -> {
            String resourceName = g.path("resourceName").asText("");
            if (!resourceName.isEmpty()) {
                groups.add(new Group(resourceName, g.path("name").asText(resourceName),
                        "USER_CONTACT_GROUP".equals(g.path("groupType").asText()),
                        "true".equals(GooglePeople.clientData(g, BOOK_KEY))));
            }
        });
        return new ContactGroups(List.copyOf(groups));
    }

    /** The labels that stand for address books, in Google's order. */
    List<Group> books() {
        return groups.stream().filter(g -> g.user() && g.book()).toList();
    }

    /** Every label's resource name by its name. */
    Map<String, String> labelsByName() {
        Map<String, String> byName = new LinkedHashMap<>();
        groups.stream().filter(Group::user).forEach(g -> byName.putIfAbsent(g.name(), g.resourceName()));
        return byName;
    }

    /** The address book a member of {@code memberships} is exported in. */
    String bookOf(List<String> memberships) {
        return books().stream().map(Group::resourceName).filter(memberships::contains).findFirst().orElse(MY_CONTACTS);
    }

    /** The names of the labels in {@code memberships} but {@code book}, in the member's order: its categories. */
    List<String> categories(List<String> memberships, String book) {
        List<String> names = new ArrayList<>();
        for (String m : memberships) {
            if (!m.equals(book)) {
                groups.stream().filter(g -> g.user() && g.resourceName().equals(m)).findFirst().ifPresent(g -> names.add(g.name()));
            }
        }
        return names;
    }
}
