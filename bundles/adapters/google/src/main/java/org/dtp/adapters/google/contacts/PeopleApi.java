package org.dtp.adapters.google.contacts;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleHttp;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.net.URI;
import java.util.Map;

/** The calls of the People API v1 the adapter makes (https://developers.google.com/people/api/rest), as one user. */
final class PeopleApi {
    /** What the adapter reads and writes of a person (people.connections.list needs personFields). */
    static final String PERSON_FIELDS = "names,nicknames,emailAddresses,phoneNumbers,addresses,organizations,birthdays,"
            + "events,urls,imClients,biographies,genders,relations,userDefined,clientData,memberships";
    /** contactGroups.list allows up to 1,000 groups a page. */
    private static final int GROUP_PAGE = 1000;

    private final GoogleHttp http;
    private final String base;
    /** Contacts per page (connections.list allows up to 1,000). */
    private final int pageSize;

    PeopleApi(GoogleHttp http, URI baseUrl, int pageSize) {
        this.http = http;
        this.base = baseUrl.toString();
        this.pageSize = pageSize;
    }

    /** people.connections.list of the user's contacts, in a fixed order (so that pages are reproducible). */
    ApiPage connections(String pageToken) throws AdapterException {
        return ApiPage.of(http.get(URI.create(base + "/v1/people/me/connections?personFields=" + PERSON_FIELDS
                + "&sortOrder=FIRST_NAME_ASCENDING&pageSize=" + pageSize + ApiPage.tokenQuery(pageToken)), OnNotFound.FAIL), "connections");
    }

    /** contactGroups.list: system and user groups, one page. */
    ApiPage groups(String pageToken) throws AdapterException {
        return ApiPage.of(http.get(URI.create(base + "/v1/contactGroups?groupFields=name,groupType,clientData&pageSize="
                + GROUP_PAGE + ApiPage.tokenQuery(pageToken)), OnNotFound.FAIL), "contactGroups");
    }

    /** contactGroups.create of a user group with {@code clientData}; returns the group. */
    JsonNode createGroup(String name, Map<String, String> clientData) throws AdapterException {
        Map<String, Object> group = clientData.isEmpty() ? Map.of("name", name) : Map.of("name", name, "clientData",
                clientData.entrySet().stream().map(e -> Map.of("key", e.getKey(), "value", e.getValue())).toList());
        return http.send("POST", URI.create(base + "/v1/contactGroups"), Map.of("contactGroup", group), OnNotFound.FAIL);
    }

    /** people.createContact; returns the new person. */
    JsonNode createContact(Map<String, Object> person) throws AdapterException {
        return http.send("POST", URI.create(base + "/v1/people:createContact?personFields=names,clientData,memberships"),
                person, OnNotFound.FAIL);
    }
}
