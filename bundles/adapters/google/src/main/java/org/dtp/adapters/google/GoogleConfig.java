package org.dtp.adapters.google;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of the Google adapter (PID {@value #PID}): where Google's APIs are and the limits the adapter keeps
 * to. The OAuth 2.0 client is not here but in {@code etc/org.dtp.oauth2.client-google.cfg}; users' tokens are
 * transfer settings.
 */
@ObjectClassDefinition(
        id = GoogleConfig.PID,
        name = "DTP Google adapter",
        description = "The Google API addresses and the limits the adapter keeps to.")
public @interface GoogleConfig {
    String PID = "org.dtp.adapters.google";

    @AttributeDefinition(name = "Photos Library API base URL",
            description = "Where the Photos Library API is (https://developers.google.com/photos/library/reference/rest).")
    String photosBaseUrl() default "https://photoslibrary.googleapis.com";

    @AttributeDefinition(name = "Calendar API base URL",
            description = "Where the Calendar API v3 is (https://developers.google.com/calendar/api/v3/reference).")
    String calendarBaseUrl() default "https://www.googleapis.com/calendar/v3";

    @AttributeDefinition(name = "Tasks API base URL",
            description = "Where the Tasks API v1 is (https://developers.google.com/tasks/reference/rest).")
    String tasksBaseUrl() default "https://tasks.googleapis.com/tasks/v1";

    @AttributeDefinition(name = "People API base URL",
            description = "Where the People API v1 is (https://developers.google.com/people/api/rest).")
    String peopleBaseUrl() default "https://people.googleapis.com";

    @AttributeDefinition(name = "Gmail API base URL",
            description = "Where the Gmail API is: /gmail/v1 for calls, /upload/gmail/v1 for uploads "
                    + "(https://developers.google.com/gmail/api/reference/rest).")
    String gmailBaseUrl() default "https://gmail.googleapis.com";

    /**
     * Requests per second for all of this server's transfers together. Google's per-project quotas are per minute
     * and differ per API (the Photos Library API allows 10,000 requests a day per project by default); 5 per second
     * is our own conservative choice. Past a quota Google answers 429 (or, for Calendar, 403 rateLimitExceeded).
     */
    @AttributeDefinition(name = "Requests per second",
            description = "Requests per second to Google from this server (uploads and downloads included).", min = "0.1")
    double requestsPerSecond() default 5.0;

    /**
     * The Photos API allows at most 50 albums and 100 media items per page; larger values are clamped to those. The
     * other APIs allow more (People connections 1,000, Gmail messages 500, Tasks 100).
     */
    @AttributeDefinition(name = "Page size",
            description = "Albums (at most 50), media items, calendars, events, tasks, contacts or messages per page asked of Google.",
            min = "1", max = "100")
    int pageSize() default 50;

    @AttributeDefinition(name = "Album for loose items",
            description = "Name of the album that holds imported items which were in no album at the source.")
    String looseItemsAlbum() default "Imported photos";

    @AttributeDefinition(name = "Request timeout (s)",
            description = "Seconds to wait for an answer (uploads get one more second per 64 KiB).", min = "1")
    int requestTimeoutSeconds() default 60;

    @AttributeDefinition(name = "Media hosts",
            description = "Hosts (and their subdomains) whose media addresses (baseUrl) the exporter downloads from, https only; "
                    + "the Photos API host is always allowed.")
    String[] mediaHosts() default {"googleusercontent.com"};
}
