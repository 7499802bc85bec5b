package org.dtp.adapters.google.contacts;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleHttp;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp.OnNotFound;
import org.dtp.spi.http.ProviderRejectedException;

import java.net.URI;
import java.util.Map;

/** The calls of the People API v1 the adapter makes (https://developers.google.com/people/api/rest), as one user. */
final class PeopleApi {
    /** What the adapter reads and writes of a person (people.connections.list needs personFields). */
    static final String PERSON_FIELDS = "names,nicknames,emailAddresses,phoneNumbers,addresses,organizations,birthdays,"
            + "events,urls,imClients,biographies,genders,relations,userDefined,clientData,memberships";
    /** The reason of the error that refuses an expired sync token. */
    static final String EXPIRED = "EXPIRED_SYNC_TOKEN";
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
        return connections("&sortOrder=FIRST_NAME_ASCENDING", pageToken);
    }

    /**
     * people.connections.list with a {@code nextSyncToken} on the last page ({@code requestSyncToken}, in Google's
     * order: a sort order is not used with sync); with {@code syncToken} only the contacts changed since, deleted ones
     * too ({@code metadata.deleted}). Google asks for the same other parameters in every request of a sync.
     */
    ApiPage syncedConnections(String syncToken, String pageToken) throws AdapterException {
        return connections("&requestSyncToken=true" + (syncToken == null ? "" : "&syncToken=" + FormEncoding.percentEncode(syncToken)),
                pageToken);
    }

    private ApiPage connections(String options, String pageToken) throws AdapterException {
        return ApiPage.of(http.get(URI.create(base + "/v1/people/me/connections?personFields=" + PERSON_FIELDS
                + "&pageSize=" + pageSize + options + ApiPage.tokenQuery(pageToken)), OnNotFound.FAIL), "connections");
    }

    /**
     * Google's refusal of an expired sync token: an error whose {@code google.rpc.ErrorInfo} has the reason
     * {@value #EXPIRED} (https://developers.google.com/people/api/rest/v1/people.connections/list).
     */
    static boolean expired(ProviderRejectedException e) {
        return e.answer().map(answer -> answer.bodyText().contains(EXPIRED)).orElse(false);
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
