package org.dtp.rest;

/**
 * An RFC 7807 problem document, sent as {@code application/problem+json} with every error response.
 * {@code type} is one of the {@code urn:dtp:problem:*} identifiers below, or {@code about:blank} when
 * the HTTP status says it all (unknown path, wrong method, unsupported media type).
 */
public record Problem(String type, String title, int status, String detail) {
    public static final String MEDIA_TYPE = "application/problem+json";
    /**
     * The longest detail sent: details may quote what the client sent (a field, a parser's message with the input
     * around it), and a 900 KB input must not come back whole.
     */
    static final int MAX_DETAIL_CHARS = 500;

    public Problem {
        if (detail != null && detail.length() > MAX_DETAIL_CHARS) {
            int end = Character.isLowSurrogate(detail.charAt(MAX_DETAIL_CHARS)) ? MAX_DETAIL_CHARS - 1 : MAX_DETAIL_CHARS;
            detail = detail.substring(0, end) + "… (cut)";
        }
    }

    /** 400: the body is not JSON, or not JSON of the expected shape. */
    public static final String MALFORMED_BODY = "urn:dtp:problem:malformed-body";
    /** 400: a required field or query parameter is missing or out of range. */
    public static final String INVALID_REQUEST = "urn:dtp:problem:invalid-request";
    /** 422: well-formed, but the transfer cannot be made (unknown vertical or adapter, direction, settings). */
    public static final String INVALID_TRANSFER = "urn:dtp:problem:invalid-transfer";
    /**
     * 404: no transfer has that id (or the id is not a UUID, or the transfer is another user's); no installed adapter has the version to
     * revoke; the version to unrevoke is not revoked.
     */
    public static final String NOT_FOUND = "urn:dtp:problem:not-found";
    /** 409: the operation does not apply to the transfer in its current state. */
    public static final String ILLEGAL_STATE = "urn:dtp:problem:illegal-state";
    /** 401: no credentials, or credentials that are not valid (an unknown or revoked token, a wrong password). */
    public static final String UNAUTHORIZED = "urn:dtp:problem:unauthorized";
    /** 403: only operators may do this. */
    public static final String FORBIDDEN = "urn:dtp:problem:forbidden";
    /** 413: the request body is larger than the API accepts. */
    public static final String BODY_TOO_LARGE = "urn:dtp:problem:body-too-large";
    /** 408: the request body arrived slower than the server's minimum data rate. */
    public static final String BODY_TIMEOUT = "urn:dtp:problem:body-timeout";
    /** 429: the user reached a limit the operator set (transfers at once, transfers per day). */
    public static final String LIMIT_REACHED = "urn:dtp:problem:limit-reached";
    /**
     * 422: the transfer's receipt cannot be checked against its destination (its adapter is not installed or reads
     * nothing back, a setting given is not a secret one or is refused).
     */
    public static final String NOT_VERIFIABLE = "urn:dtp:problem:not-verifiable";
    /** 507: the server has not the disk room for an upload now. */
    public static final String INSUFFICIENT_STORAGE = "urn:dtp:problem:insufficient-storage";
    /** 500: something failed on the server; the detail is in the server log, never in the response. */
    public static final String INTERNAL_ERROR = "urn:dtp:problem:internal-error";
    public static final String ABOUT_BLANK = "about:blank";
}
