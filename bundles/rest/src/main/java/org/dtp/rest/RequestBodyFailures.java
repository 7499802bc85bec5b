package org.dtp.rest;

import java.io.EOFException;
import java.lang.reflect.Method;
import java.util.concurrent.TimeoutException;

/**
 * Tells a request body that the client failed to send from a server fault. The HTTP container reports a body sent
 * slower than its minimum data rate, or one that ended before its Content-Length, by throwing from the body stream
 * (Jetty: {@code BadMessageException} with its status, {@code EofException}, a {@code TimeoutException} at its idle
 * timeout); the REST layer meets them wrapped in
 * whatever read the body. They deserve a 4xx and one log line, not a 500 with a stack trace.
 */
final class RequestBodyFailures {
    /** How deep a cause chain is searched; wrappers of wrappers are rare, loops are possible. */
    private static final int MAX_DEPTH = 12;

    private RequestBodyFailures() {
    }

    /** The problem to answer when {@code exception} comes from reading a failed request body, else null. */
    static Problem problem(Throwable exception) {
        Throwable cause = exception;
        for (int depth = 0; cause != null && depth < MAX_DEPTH; depth++, cause = cause.getCause()) {
            int status = containerStatus(cause);
            if (status == 408 || cause instanceof TimeoutException) {
                return new Problem(Problem.BODY_TIMEOUT, "Request body too slow", 408,
                        "The request body did not arrive in time; send it at once.");
            }
            if (status >= 400 && status < 500 || cause instanceof EOFException || thrownReadingTheBody(cause)) {
                return new Problem(Problem.MALFORMED_BODY, "Malformed request body", 400,
                        "The request body ended before its announced length or could not be read.");
            }
        }
        return null;
    }

    /**
     * Whether the container's request body stream threw {@code exception} itself: Jetty answers a read after the
     * client closed its side mid-body with an IllegalStateException ("Parser is terminated") from its parser.
     */
    private static boolean thrownReadingTheBody(Throwable exception) {
        StackTraceElement[] frames = exception.getStackTrace();
        for (int i = 0; i < Math.min(frames.length, 6); i++) {
            String type = frames[i].getClassName();
            if (type.equals("org.eclipse.jetty.server.HttpInput") || type.equals("org.eclipse.jetty.http.HttpParser")) {
                return exception instanceof IllegalStateException || exception instanceof java.io.IOException;
            }
        }
        return false;
    }

    /**
     * The HTTP status a container's "bad message" exception carries (Jetty's {@code BadMessageException#getCode}), or
     * 0. Looked up by name so that this bundle does not depend on one servlet container.
     */
    private static int containerStatus(Throwable exception) {
        if (!exception.getClass().getSimpleName().equals("BadMessageException")) {
            return 0;
        }
        try {
            Method code = exception.getClass().getMethod("getCode");
            return code.getReturnType() == int.class ? (int) code.invoke(exception) : 0;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return 0;
        }
    }
}
