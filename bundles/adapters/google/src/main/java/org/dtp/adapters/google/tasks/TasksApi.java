package org.dtp.adapters.google.tasks;

import org.dtp.adapters.google.ApiPage;
import org.dtp.adapters.google.GoogleHttp;
import org.dtp.adapters.google.ItemsApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The calls of the Tasks API v1 the adapter makes (https://developers.google.com/tasks/reference/rest), as one user. */
final class TasksApi extends ItemsApi {
    /** {@code pageSize}: lists or tasks per page (the API allows up to 100). */
    TasksApi(GoogleHttp http, URI baseUrl, int pageSize) {
        super(http, baseUrl, pageSize);
    }

    /** tasklists.list. */
    ApiPage lists(String pageToken) throws AdapterException {
        return list("/users/@me/lists?", pageToken);
    }

    /** tasks.list of one list, completed and hidden (cleared) tasks included. */
    ApiPage tasks(String listId, String pageToken) throws AdapterException {
        return list("/lists/" + FormEncoding.percentEncode(listId) + "/tasks?showCompleted=true&showHidden=true&", pageToken);
    }

    /** tasklists.insert. */
    JsonNode createList(String title) throws AdapterException {
        return http.send("POST", URI.create(base + "/users/@me/lists"), Map.of("title", title), OnNotFound.FAIL);
    }

    /** tasks.insert under {@code parent} (null: top level) after {@code previous} (null: first among its siblings). */
    JsonNode createTask(String listId, String parent, String previous, Map<String, Object> task) throws AdapterException {
        List<String> query = new ArrayList<>();
        if (parent != null) {
            query.add("parent=" + FormEncoding.percentEncode(parent));
        }
        if (previous != null) {
            query.add("previous=" + FormEncoding.percentEncode(previous));
        }
        return http.send("POST", URI.create(base + "/lists/" + FormEncoding.percentEncode(listId) + "/tasks"
                + (query.isEmpty() ? "" : "?" + String.join("&", query))), task, OnNotFound.FAIL);
    }
}
