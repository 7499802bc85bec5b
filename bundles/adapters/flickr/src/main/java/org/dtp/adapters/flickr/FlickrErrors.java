package org.dtp.adapters.flickr;

import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;
import org.dtp.spi.http.AuthorizationRefusedException;

/**
 * What Flickr's {@code {"stat":"fail","code":N,"message":...}} answers (HTTP 200) mean to the engine. Codes 95 to 100
 * and 105, 106, 116 are the same for every method (listed on each method's page at https://www.flickr.com/services/api/);
 * codes below 95 are the method's own, where 1 is "not found" (photoset, photo or user).
 */
final class FlickrErrors {
    static final int NOT_FOUND = 1;
    /** flickr.photosets.addPhoto: "Photo already in set". */
    static final int ALREADY_IN_SET = 3;
    static final int SERVICE_UNAVAILABLE = 105;
    static final int WRITE_FAILED = 106;

    /** The Upload API's own codes (https://www.flickr.com/services/api/upload.api.html). */
    static final int UPLOAD_GENERAL_FAILURE = 3;
    static final int UPLOAD_LIMIT_EXCEEDED = 6;

    private FlickrErrors() {
    }

    /**
     * The exception for a failed call of {@code method}.
     *
     * @param itemLevel whether the call concerns one item (a failure the job goes on without) or the whole job
     */
    static AdapterException of(String method, int code, String message, boolean itemLevel) {
        String text = "Flickr answered " + method + " with error " + code + ": " + clean(message);
        return switch (code) {
            case SERVICE_UNAVAILABLE, WRITE_FAILED -> new TransientAdapterException(text, null);
            case 95, 96, 97, 98, 99, 100 -> new AuthorizationRefusedException(text + "; check the API key and secret in "
                    + FlickrConfig.PID + " and the user's access token (it may be revoked, or lack the permission: read to "
                    + "export, write to import)", 401, clean(message));
            case NOT_FOUND -> itemLevel ? new ItemRejectedException(text) : new AdapterException(text);
            default -> itemLevel ? new ItemRejectedException(text) : new AdapterException(text);
        };
    }

    /** An Upload API failure: a general one is transient, an exceeded upload limit ends nothing but this item. */
    static AdapterException ofUpload(int code, String message) {
        String text = "Flickr's Upload API refused the file (error " + code + "): " + clean(message);
        return switch (code) {
            case UPLOAD_GENERAL_FAILURE, SERVICE_UNAVAILABLE, WRITE_FAILED -> new TransientAdapterException(text, null);
            case 95, 96, 97, 98, 99, 100 -> of("upload", code, message, true);
            case UPLOAD_LIMIT_EXCEEDED -> new AdapterException(text + " (the account's upload limit)");
            default -> new ItemRejectedException(text);
        };
    }

    private static String clean(String message) {
        if (message == null || message.isBlank()) {
            return "no message";
        }
        String oneLine = message.replaceAll("\\p{Cntrl}", " ").strip();
        return oneLine.length() > 300 ? oneLine.substring(0, 300) + "…" : oneLine;
    }
}
