package org.dtp.adapters.google.contacts;

import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.models.ExtendedProperty;
import org.dtp.models.contacts.Contact;
import org.dtp.models.contacts.ContactKind;
import org.dtp.models.contacts.Gender;
import org.dtp.models.contacts.Organization;
import org.dtp.models.contacts.PartialDate;
import org.dtp.models.contacts.PostalAddress;
import org.dtp.models.contacts.Sex;
import org.dtp.models.contacts.StructuredName;
import org.dtp.models.contacts.TypedValue;
import org.dtp.spi.ImportContext;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A People API Person (https://developers.google.com/people/api/rest/v1/people#Person) to a {@link Contact} and back.
 * The vCard UID and the import's marker are client data ({@code clientData}, invisible in Google Contacts); labels
 * (user contact groups) are the contact's categories, except the one that stands for its address book.
 */
final class GooglePeople {
    /** Client data keys this adapter writes. */
    static final String UID_KEY = "dtp.uid";
    static final String MARKER_KEY = "dtp.marker";

    private GooglePeople() {
    }

    /** The value of client data {@code key} of a person or group, or null. */
    static String clientData(JsonNode node, String key) {
        for (JsonNode d : node.path("clientData")) {
            if (key.equals(d.path("key").asText())) {
                return d.path("value").asText(null);
            }
        }
        return null;
    }

    /** The resource names of the contact groups {@code person} is a member of, in the order Google gives them. */
    static List<String> groupsOf(JsonNode person) {
        List<String> groups = new ArrayList<>();
        for (JsonNode m : person.path("memberships")) {
            String group = m.path("contactGroupMembership").path("contactGroupResourceName").asText("");
            if (!group.isEmpty()) {
                groups.add(group);
            }
        }
        return groups;
    }

    /** The contact; {@code categories} are the names of its labels other than its address book's. */
    static Contact fromGoogle(JsonNode p, List<String> categories) {
        String uid = clientData(p, UID_KEY);
        JsonNode name = first(p, "names");
        StructuredName structured = name == null ? null : new StructuredName(text(name, "familyName"), text(name, "givenName"),
                listOf(text(name, "middleName")), listOf(text(name, "honorificPrefix")), listOf(text(name, "honorificSuffix")));
        JsonNode org = first(p, "organizations");
        Organization organization = org == null || text(org, "name") == null && text(org, "department") == null ? null
                : new Organization(text(org, "name"), listOf(text(org, "department")));
        JsonNode bio = first(p, "biographies");
        JsonNode gender = first(p, "genders");
        PartialDate anniversary = null;
        for (JsonNode e : p.path("events")) {
            if (anniversary == null && "anniversary".equalsIgnoreCase(e.path("type").asText())) {
                anniversary = date(e);
            }
        }
        return Contact.builder()
                .id(p.path("resourceName").asText())
                .uid(uid == null ? p.path("resourceName").asText() : uid)
                .kind(ContactKind.INDIVIDUAL)
                .formattedName(name == null ? null : text(name, "displayName"))
                .name(structured)
                .nicknames(values(p, "nicknames", n -> text(n, "value")))
                .emails(typed(p, "emailAddresses", "value", t -> listOf(lower(t))))
                .phones(typed(p, "phoneNumbers", "value", GooglePeople::phoneTypes))
                .addresses(stream(p, "addresses").map(a -> new PostalAddress(text(a, "poBox"), text(a, "extendedAddress"),
                        text(a, "streetAddress"), text(a, "city"), text(a, "region"), text(a, "postalCode"), text(a, "country"),
                        text(a, "formattedValue"), listOf(lower(text(a, "type"))), null)).toList())
                .urls(typed(p, "urls", "value", t -> listOf(lower(t))))
                .impps(stream(p, "imClients").filter(i -> text(i, "username") != null)
                        .map(i -> new TypedValue(text(i, "protocol") == null ? text(i, "username")
                                : text(i, "protocol") + ":" + text(i, "username"), listOf(lower(text(i, "type"))), null)).toList())
                .organization(organization)
                .title(org == null ? null : text(org, "title"))
                .role(org == null ? null : text(org, "jobDescription"))
                .birthday(date(first(p, "birthdays")))
                .anniversary(anniversary)
                .gender(gender == null || text(gender, "value") == null ? null : gender(text(gender, "value")))
                .notes(bio == null || text(bio, "value") == null ? List.of() : List.of(text(bio, "value")))
                .categories(categories)
                .related(typed(p, "relations", "person", t -> listOf(t)))
                .extended(stream(p, "userDefined").filter(u -> text(u, "key") != null && u.hasNonNull("value"))
                        .map(u -> new ExtendedProperty(text(u, "key"), Map.of(), u.path("value").asText())).toList())
                .build();
    }

    /**
     * The Person to create for {@code c}, member of {@code groups} (resource names), with its UID and {@code marker}
     * as client data; what a Person cannot hold is reported.
     */
    static Map<String, Object> toGoogle(Contact c, List<String> groups, String marker, ImportContext context) {
        Report report = new Report(context, c.id());
        Map<String, Object> p = new LinkedHashMap<>();
        Map<String, Object> name = name(c, report);
        if (!name.isEmpty()) {
            p.put("names", List.of(name));
        }
        list(p, "nicknames", c.nicknames().stream().map(v -> Map.<String, Object>of("value", v)).toList());
        list(p, "emailAddresses", typed(c.emails(), "emails", "value", GooglePeople::firstType, report));
        list(p, "phoneNumbers", typed(c.phones(), "phones", "value", GooglePeople::phoneType, report));
        list(p, "addresses", addresses(c.addresses(), report));
        list(p, "urls", typed(c.urls(), "urls", "value", GooglePeople::firstType, report));
        list(p, "imClients", imClients(c.impps(), report));
        Map<String, Object> org = organization(c, report);
        if (!org.isEmpty()) {
            p.put("organizations", List.of(org));
        }
        putDates(p, c, report);
        putGender(p, c.gender(), report);
        if (!c.notes().isEmpty()) {
            // A contact has one biography: several notes are joined by a blank line.
            p.put("biographies", List.of(Map.of("value", String.join("\n\n", c.notes()), "contentType", "TEXT_PLAIN")));
            report.unless(c.notes().size() == 1, "notes", "Google keeps one note per contact; they are joined");
        }
        list(p, "relations", typed(c.related(), "related", "person", GooglePeople::firstType, report));
        list(p, "userDefined", userDefined(c.extended(), report));
        p.put("memberships", groups.stream().map(g -> Map.of("contactGroupMembership", Map.of("contactGroupResourceName", g))).toList());
        p.put("clientData", clientData(c.uid(), marker));
        reportFieldsGoogleLacks(c, report);
        return p;
    }

    /** The Person's name: its parts, and the formatted name as the unstructured one. */
    private static Map<String, Object> name(Contact c, Report report) {
        Map<String, Object> name = new LinkedHashMap<>();
        StructuredName n = c.name();
        if (n != null) {
            put(name, "familyName", n.family());
            put(name, "givenName", n.given());
            put(name, "middleName", joined(n.additional(), "name.additional", report));
            put(name, "honorificPrefix", joined(n.prefixes(), "name.prefixes", report));
            put(name, "honorificSuffix", joined(n.suffixes(), "name.suffixes", report));
        }
        if (c.formattedName() != null && !c.formattedName().isBlank()) {
            name.put("unstructuredName", c.formattedName());
            if (n != null && !c.formattedName().equals(displayName(n))) {
                report.notKept("formattedName", "Google shows a name made of its parts (" + displayName(n) + ")");
            }
        }
        return name;
    }

    private static List<Map<String, Object>> addresses(List<PostalAddress> addresses, Report report) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < addresses.size(); i++) {
            PostalAddress a = addresses.get(i);
            Map<String, Object> address = new LinkedHashMap<>();
            put(address, "poBox", a.poBox());
            put(address, "extendedAddress", a.extended());
            put(address, "streetAddress", a.street());
            put(address, "city", a.locality());
            put(address, "region", a.region());
            put(address, "postalCode", a.postalCode());
            put(address, "country", a.country());
            put(address, "formattedValue", a.label());
            put(address, "type", firstType(a.types(), "addresses[" + i + "]", report));
            report.unless(a.pref() == null, "addresses[" + i + "].pref", "Google has no preference order");
            out.add(address);
        }
        return out;
    }

    /** IMPP URIs as Google's protocol and user name. */
    private static List<Map<String, Object>> imClients(List<TypedValue> impps, Report report) {
        List<Map<String, Object>> ims = new ArrayList<>();
        for (int i = 0; i < impps.size(); i++) {
            TypedValue v = impps.get(i);
            int colon = v.value().indexOf(':');
            Map<String, Object> im = new LinkedHashMap<>();
            im.put("username", colon > 0 ? v.value().substring(colon + 1) : v.value());
            put(im, "protocol", colon > 0 ? v.value().substring(0, colon) : null);
            put(im, "type", firstType(v.types(), "impps[" + i + "]", report));
            report.unless(v.pref() == null, "impps[" + i + "].pref", "Google has no preference order");
            ims.add(im);
        }
        return ims;
    }

    /** The organization with the contact's title and role, which Google keeps on it. */
    private static Map<String, Object> organization(Contact c, Report report) {
        Map<String, Object> org = new LinkedHashMap<>();
        if (c.organization() != null) {
            put(org, "name", c.organization().name());
            put(org, "department", joined(c.organization().units(), "organization.units", report));
        }
        put(org, "title", c.title());
        put(org, "jobDescription", c.role());
        return org;
    }

    /** The birthday (a date or a text) and the anniversary (a date only, as an event). */
    private static void putDates(Map<String, Object> p, Contact c, Report report) {
        if (c.birthday() != null) {
            p.put("birthdays", List.of(c.birthday().text() != null ? Map.of("text", c.birthday().text())
                    : Map.of("date", date(c.birthday()))));
        }
        if (c.anniversary() != null) {
            if (c.anniversary().text() != null) {
                report.notKept("anniversary", "Google keeps an anniversary as a date only");
            } else {
                p.put("events", List.of(Map.of("date", date(c.anniversary()), "type", "anniversary")));
            }
        }
    }

    private static void putGender(Map<String, Object> p, Gender g, Report report) {
        if (g == null) {
            return;
        }
        String value = g.identity() != null ? g.identity() : g.sex() == Sex.MALE ? "male" : g.sex() == Sex.FEMALE ? "female" : null;
        if (value == null) {
            report.notKept("gender", "Google keeps a gender as male, female or a text of its own");
        } else {
            p.put("genders", List.of(Map.of("value", value)));
            report.unless(g.identity() == null || g.sex() == null, "gender.sex", "Google keeps one gender value: the identity");
        }
    }

    /** Extended properties as custom fields, which have no parameters. */
    private static List<Map<String, Object>> userDefined(List<ExtendedProperty> extended, Report report) {
        List<Map<String, Object>> userDefined = new ArrayList<>();
        for (int i = 0; i < extended.size(); i++) {
            ExtendedProperty x = extended.get(i);
            userDefined.add(Map.of("key", x.name(), "value", x.value()));
            report.unless(x.params().isEmpty(), "extended[" + i + "].params", "Google's custom fields have no parameters");
        }
        return userDefined;
    }

    /** The UID, if any, and the import marker, kept as client data. */
    private static List<Map<String, Object>> clientData(String uid, String marker) {
        List<Map<String, Object>> clientData = new ArrayList<>();
        if (uid != null) {
            clientData.add(Map.of("key", UID_KEY, "value", uid));
        }
        clientData.add(Map.of("key", MARKER_KEY, "value", marker));
        return clientData;
    }

    private static void reportFieldsGoogleLacks(Contact c, Report report) {
        report.unless(c.kind() == null || c.kind() == ContactKind.INDIVIDUAL, "kind", "Google contacts are people only");
        report.unless(c.photo() == null, "photo", "the importer does not upload contact photos");
        report.unless(c.members().isEmpty(), "members", "Google contacts are people only, not groups of members");
        report.unless(c.geo() == null, "geo", "Google contacts have no geographic position");
        report.unless(c.timeZone() == null, "timeZone", "Google contacts have no time zone");
        report.unless(c.revision() == null, "revision", "Google sets its own update time");
        // Sorted, so that the report reads the same on every run.
        new TreeMap<>(c.propertyDetails()).forEach((field, details) -> report.notKept("propertyDetails." + field,
                (details.group() == null ? "" : "group " + details.group() + " ") + (details.params().isEmpty() ? "" : details.params() + " ")
                        + "of " + field + " not kept: Google keeps no vCard groups or parameters (LANGUAGE, ALTID, PID, SORT-AS, ...)"));
    }

    /** How Google shows a structured name: its parts in order, separated by spaces. */
    static String displayName(StructuredName n) {
        return Stream.of(n.prefixes(), listOf(n.given()), n.additional(), listOf(n.family()), n.suffixes())
                .flatMap(List::stream).filter(s -> s != null && !s.isBlank()).collect(Collectors.joining(" "));
    }

    private static List<String> phoneTypes(String type) {
        if (type == null) {
            return List.of();
        }
        return switch (type) {
            case "mobile" -> List.of("cell");
            case "homeFax" -> List.of("home", "fax");
            case "workFax" -> List.of("work", "fax");
            default -> List.of(type.toLowerCase(Locale.ROOT));
        };
    }

    private static String phoneType(List<String> types, String path, Report report) {
        if (types.contains("cell") && types.size() == 1) {
            return "mobile";
        }
        if (types.size() == 2 && types.contains("fax") && (types.contains("home") || types.contains("work"))) {
            return types.contains("home") ? "homeFax" : "workFax";
        }
        return firstType(types, path, report);
    }

    /** The first TYPE, Google's one type; more are reported. */
    private static String firstType(List<String> types, String path, Report report) {
        report.unless(types.size() <= 1, path + ".types", "Google keeps one type per value");
        return types.isEmpty() ? null : types.get(0);
    }

    @FunctionalInterface
    private interface TypeMapping {
        String type(List<String> types, String path, Report report);
    }

    private static List<Map<String, Object>> typed(List<TypedValue> values, String field, String valueKey, TypeMapping mapping,
                                                   Report report) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            TypedValue v = values.get(i);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put(valueKey, v.value());
            put(entry, "type", mapping.type(v.types(), field + "[" + i + "]", report));
            report.unless(v.pref() == null, field + "[" + i + "].pref", "Google has no preference order");
            out.add(entry);
        }
        return out;
    }

    private static List<TypedValue> typed(JsonNode p, String field, String valueKey, Function<String, List<String>> types) {
        return stream(p, field).filter(v -> text(v, valueKey) != null)
                .map(v -> new TypedValue(text(v, valueKey), types.apply(text(v, "type")), null)).toList();
    }

    private static String joined(List<String> parts, String path, Report report) {
        report.unless(parts.size() <= 1, path, "Google keeps one value; they are joined by spaces");
        return parts.isEmpty() ? null : String.join(" ", parts);
    }

    private static Gender gender(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "male" -> new Gender(Sex.MALE, null);
            case "female" -> new Gender(Sex.FEMALE, null);
            default -> new Gender(null, value);
        };
    }

    private static PartialDate date(JsonNode holder) {
        if (holder == null) {
            return null;
        }
        JsonNode d = holder.path("date");
        Integer year = positive(d.path("year")), month = positive(d.path("month")), day = positive(d.path("day"));
        if (year != null || month != null || day != null) {
            return new PartialDate(year, month, day, null);
        }
        String text = text(holder, "text");
        return text == null ? null : new PartialDate(null, null, null, text);
    }

    private static Map<String, Object> date(PartialDate d) {
        Map<String, Object> date = new LinkedHashMap<>();
        put(date, "year", d.year());
        put(date, "month", d.month());
        put(date, "day", d.day());
        return date;
    }

    private static Integer positive(JsonNode n) {
        return n.canConvertToInt() && n.asInt() > 0 ? n.asInt() : null;
    }

    private static JsonNode first(JsonNode p, String field) {
        JsonNode list = p.path(field);
        return list.isArray() && !list.isEmpty() ? list.get(0) : null;
    }

    private static Stream<JsonNode> stream(JsonNode p, String field) {
        List<JsonNode> out = new ArrayList<>();
        p.path(field).forEach(out::add);
        return out.stream();
    }

    private static List<String> values(JsonNode p, String field, Function<JsonNode, String> value) {
        return stream(p, field).map(value).filter(v -> v != null).toList();
    }

    private static String text(JsonNode node, String field) {
        String v = node.path(field).asText("");
        return v.isEmpty() ? null : v;
    }

    private static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }

    private static List<String> listOf(String s) {
        return s == null || s.isBlank() ? List.of() : List.of(s);
    }

    private static void put(Map<String, Object> map, String key, Object value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    private static void list(Map<String, Object> p, String key, List<?> values) {
        if (!values.isEmpty()) {
            p.put(key, values);
        }
    }

    /** Reports a source field as not kept, once per field. */
    private record Report(ImportContext context, String sourceId) {
        void notKept(String field, String reason) {
            context.reportNotKept(sourceId, field, reason);
        }

        void unless(boolean kept, String field, String reason) {
            if (!kept) {
                notKept(field, reason);
            }
        }
    }
}
