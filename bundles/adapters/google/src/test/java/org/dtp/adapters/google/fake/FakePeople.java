package org.dtp.adapters.google.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;

import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.dtp.adapters.google.fake.FakeGoogle.body;
import static org.dtp.adapters.google.fake.FakeGoogle.error;
import static org.dtp.adapters.google.fake.FakeGoogle.pageSize;
import static org.dtp.adapters.google.fake.FakeGoogle.query;
import static org.dtp.adapters.google.fake.FakeGoogle.send;
import static org.dtp.adapters.google.fake.FakeGoogle.sendPage;

/**
 * The People API v1 of {@link FakeGoogle} (bearer token already checked), following
 * https://developers.google.com/people/api/rest:
 * <ul>
 * <li>{@code GET /v1/people/me/connections}: {@code personFields} required (400 without), only those fields (and
 *     {@code resourceName}, {@code etag}) in the answer; {@code pageSize} default 100, at most 1,000;
 *     {@code pageToken}/{@code nextPageToken}; {@code sortOrder} FIRST_NAME_ASCENDING or, by default,
 *     LAST_MODIFIED_ASCENDING (here: order of creation), only when no sync is asked for; {@code requestSyncToken}
 *     puts a {@code nextSyncToken} on the last page, and with {@code syncToken} only the contacts changed since are
 *     listed, deleted ones as a person with {@code metadata.deleted}; an expired token answers 400
 *     FAILED_PRECONDITION with a {@code google.rpc.ErrorInfo} of reason {@code EXPIRED_SYNC_TOKEN};</li>
 * <li>{@code GET /v1/people/me} (https://developers.google.com/people/api/rest/v1/people/get): the user's own
 *     {@code resourceName} ({@code people/<id>}, each fake another user), with {@code personFields} required;</li>
 * <li>{@code GET /v1/contactGroups}: the system groups {@code contactGroups/myContacts} and {@code contactGroups/starred}
 *     ({@code groupType} SYSTEM_CONTACT_GROUP) and the user's (USER_CONTACT_GROUP), with {@code clientData};
 *     {@code pageSize} default 30, at most 1,000; {@code POST /v1/contactGroups} with {@code {"contactGroup": {name,
 *     clientData}}}, 409 ALREADY_EXISTS for a name taken;</li>
 * <li>{@code POST /v1/people:createContact}: a Person; {@code resourceName} {@code people/c<n>}; every new contact is
 *     in {@code myContacts}; a membership of an unknown group is 400; {@code names[].displayName} is made of the name's
 *     parts (prefix, given, middle, family, suffix), or is {@code unstructuredName} when there are none;
 *     {@code formattedValue} of an address is kept as given (this fake does not compose one).</li>
 * </ul>
 */
public final class FakePeople {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> PERSON_FIELDS = Set.of("addresses", "biographies", "birthdays", "clientData",
            "emailAddresses", "events", "genders", "imClients", "memberships", "names", "nicknames", "organizations",
            "phoneNumbers", "relations", "urls", "userDefined", "metadata", "photos");

    private final Map<String, ObjectNode> people = new LinkedHashMap<>();
    private final Map<String, ObjectNode> groups = new LinkedHashMap<>();
    private final SyncTokens tokens = new SyncTokens();
    /** The user's own person id (a number, as Google's are). */
    private final String userId = String.valueOf(100_000_000_000_000_000L + new java.util.Random().nextInt(Integer.MAX_VALUE));
    private int ids;
    private int creates;

    FakePeople() {
        for (String system : List.of("myContacts", "starred")) {
            ObjectNode g = JSON.createObjectNode().put("resourceName", "contactGroups/" + system).put("etag", "e0")
                    .put("groupType", "SYSTEM_CONTACT_GROUP").put("name", system)
                    .put("formattedName", system.equals("myContacts") ? "My Contacts" : "Starred");
            groups.put(g.path("resourceName").asText(), g);
        }
    }

    /** Adds a contact (a Person's JSON, without resourceName) as Google Contacts would hold it; returns its resource name. */
    public synchronized String addPerson(String json) {
        try {
            return create((ObjectNode) JSON.readTree(json));
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Adds a user contact group (a label); returns its resource name. */
    public synchronized String addGroup(String name) {
        String id = "contactGroups/" + Integer.toHexString(0x1000 + ++ids);
        groups.put(id, JSON.createObjectNode().put("resourceName", id).put("etag", "e1").put("groupType", "USER_CONTACT_GROUP")
                .put("name", name).put("formattedName", name));
        return id;
    }

    /** The user's own resource name, as {@code GET /v1/people/me} answers it. */
    public String me() {
        return "people/" + userId;
    }

    /** Changes a contact as the user would: the fields of {@code json} replace its own. */
    public synchronized void changePerson(String resourceName, String json) {
        try {
            people.get(resourceName).setAll((ObjectNode) JSON.readTree(json));
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
        tokens.changed(resourceName);
    }

    /** Deletes a contact as the user would. */
    public synchronized void deletePerson(String resourceName) {
        people.get(resourceName).putObject("metadata").put("deleted", true);
        tokens.changed(resourceName);
    }

    /** Every sync token given so far expires. */
    public void expireSyncTokens() {
        tokens.expire();
    }

    public synchronized List<JsonNode> people() {
        return people.values().stream().map(p -> (JsonNode) p.deepCopy()).toList();
    }

    public synchronized List<JsonNode> groups() {
        return groups.values().stream().map(g -> (JsonNode) g.deepCopy()).toList();
    }

    /** people.createContact calls answered so far. */
    public synchronized int creates() {
        return creates;
    }

    void handle(HttpExchange exchange, String method, String path) throws IOException {
        Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
        if (method.equals("GET") && path.equals("/v1/people/me/connections")) {
            String fields = query.getOrDefault("personFields", "");
            Set<String> wanted = Arrays.stream(fields.split(",")).map(String::strip).filter(f -> !f.isEmpty()).collect(Collectors.toSet());
            if (wanted.isEmpty() || !PERSON_FIELDS.containsAll(wanted)) {
                error(exchange, 400, "personFields mask is required. Please specify one or more valid paths. Valid paths are "
                        + "documented at https://developers.google.com/people/api/rest/v1/people.connections/list.", "INVALID_ARGUMENT");
                return;
            }
            String syncToken = query.get("syncToken");
            long since = syncToken == null ? 0 : tokens.since(syncToken);
            if (since < 0) {
                ObjectNode body = JSON.createObjectNode();
                ObjectNode error = body.putObject("error").put("code", 400)
                        .put("message", "Sync token is expired. Clear local cache and retry call without the sync token.")
                        .put("status", "FAILED_PRECONDITION");
                error.putArray("details").addObject().put("@type", "type.googleapis.com/google.rpc.ErrorInfo")
                        .put("reason", "EXPIRED_SYNC_TOKEN").put("domain", "people.googleapis.com");
                send(exchange, 400, "application/json; charset=UTF-8", body.toString());
                return;
            }
            boolean sync = syncToken != null || "true".equals(query.get("requestSyncToken"));
            List<JsonNode> list;
            String nextSyncToken;
            synchronized (this) {
                Stream<ObjectNode> all = people.values().stream()
                        .filter(p -> syncToken == null ? !p.path("metadata").path("deleted").asBoolean(false)
                                : tokens.changedAfter(p.path("resourceName").asText(), since));
                if (!sync && "FIRST_NAME_ASCENDING".equals(query.get("sortOrder"))) {
                    all = all.sorted(Comparator.comparing(p -> p.path("names").path(0).path("givenName").asText("")));
                }
                list = all.map(p -> {
                    ObjectNode out = JSON.createObjectNode().put("resourceName", p.path("resourceName").asText()).put("etag", "e1");
                    if (p.path("metadata").path("deleted").asBoolean(false)) {
                        out.putObject("metadata").put("deleted", true);
                        return (JsonNode) out;
                    }
                    wanted.stream().filter(p::has).forEach(f -> out.set(f, p.get(f).deepCopy()));
                    return (JsonNode) out;
                }).toList();
                nextSyncToken = sync ? tokens.current() : null;
            }
            sendPage(exchange, "connections", list, query.get("pageToken"), pageSize(query.get("pageSize"), 100, 1000), nextSyncToken);
        } else if (method.equals("GET") && path.equals("/v1/people/me")) {
            if (query.getOrDefault("personFields", "").isBlank()) {
                error(exchange, 400, "personFields mask is required.", "INVALID_ARGUMENT");
                return;
            }
            ObjectNode me = JSON.createObjectNode().put("resourceName", me()).put("etag", "e1");
            me.putObject("metadata").put("objectType", "PERSON").putArray("sources").addObject().put("type", "PROFILE").put("id", userId);
            send(exchange, 200, "application/json", me.toString());
        } else if (method.equals("GET") && path.equals("/v1/contactGroups")) {
            List<JsonNode> list;
            synchronized (this) {
                list = groups.values().stream().map(g -> (JsonNode) g.deepCopy()).toList();
            }
            sendPage(exchange, "contactGroups", list, query.get("pageToken"), pageSize(query.get("pageSize"), 30, 1000));
        } else if (method.equals("POST") && path.equals("/v1/contactGroups")) {
            JsonNode group = body(exchange).path("contactGroup");
            String name = group.path("name").asText("").strip();
            ObjectNode created;
            synchronized (this) {
                if (name.isEmpty() || groups.values().stream().anyMatch(g -> g.path("name").asText().equals(name))) {
                    error(exchange, name.isEmpty() ? 400 : 409, name.isEmpty() ? "Contact group name must not be empty."
                            : "Contact group name already exists.", name.isEmpty() ? "INVALID_ARGUMENT" : "ALREADY_EXISTS");
                    return;
                }
                created = groups.get(addGroup(name));
                if (group.has("clientData")) {
                    created.set("clientData", group.get("clientData").deepCopy());
                }
                created = created.deepCopy();
            }
            send(exchange, 200, "application/json", created.toString());
        } else if (method.equals("POST") && path.equals("/v1/people:createContact")) {
            ObjectNode person = (ObjectNode) body(exchange);
            String id;
            synchronized (this) {
                for (JsonNode m : person.path("memberships")) {
                    String g = m.path("contactGroupMembership").path("contactGroupResourceName").asText("");
                    if (!groups.containsKey(g)) {
                        error(exchange, 400, "Invalid contact group resource name: " + g, "INVALID_ARGUMENT");
                        return;
                    }
                }
                creates++;
                id = create(person);
                person = people.get(id).deepCopy();
            }
            send(exchange, 200, "application/json", person.toString());
        } else {
            error(exchange, 404, "Requested entity was not found.", "NOT_FOUND");
        }
    }

    private String create(ObjectNode person) {
        String id = "people/c" + (1000 + ++ids);
        person.put("resourceName", id);
        person.put("etag", "e1");
        ArrayNode memberships = person.withArray("memberships");
        boolean inMyContacts = false;
        for (JsonNode m : memberships) {
            inMyContacts |= "contactGroups/myContacts".equals(m.path("contactGroupMembership").path("contactGroupResourceName").asText());
        }
        if (!inMyContacts) {
            memberships.addObject().putObject("contactGroupMembership").put("contactGroupResourceName", "contactGroups/myContacts");
        }
        for (JsonNode name : person.path("names")) {
            String parts = Stream.of("honorificPrefix", "givenName", "middleName", "familyName", "honorificSuffix")
                    .map(f -> name.path(f).asText("")).filter(s -> !s.isBlank()).collect(Collectors.joining(" "));
            ((ObjectNode) name).put("displayName", parts.isEmpty() ? name.path("unstructuredName").asText("") : parts);
        }
        people.put(id, person);
        tokens.changed(id);
        return id;
    }
}
