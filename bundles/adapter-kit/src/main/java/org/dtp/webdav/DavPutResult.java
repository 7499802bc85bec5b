package org.dtp.webdav;

/** What a conditional PUT did: created or replaced the resource, or found its precondition false (412). */
public record DavPutResult(Outcome outcome, String etag) {
    public enum Outcome {
        CREATED,
        REPLACED,
        /** {@code If-None-Match: *} and the resource exists, or {@code If-Match} and it changed meanwhile. */
        PRECONDITION_FAILED
    }
}
