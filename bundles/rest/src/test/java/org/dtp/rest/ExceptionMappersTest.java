package org.dtp.rest;

import org.junit.Test;

import javax.ws.rs.NotAllowedException;
import javax.ws.rs.NotFoundException;
import javax.ws.rs.NotSupportedException;
import javax.ws.rs.WebApplicationException;
import javax.ws.rs.core.Response;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

public class ExceptionMappersTest {
    private final WebApplicationExceptionMapper http = new WebApplicationExceptionMapper();
    private final UnhandledExceptionMapper unhandled = new UnhandledExceptionMapper();

    private static Problem problem(Response response) {
        assertEquals(Problem.MEDIA_TYPE, response.getMediaType().toString());
        return (Problem) response.getEntity();
    }

    @Test
    public void runtimeHttpErrorsBecomeProblemsWithTheirStatus() {
        Problem notFound = problem(http.toResponse(new NotFoundException()));
        Problem unsupported = problem(http.toResponse(new NotSupportedException()));

        assertEquals(new Problem(Problem.ABOUT_BLANK, "Not Found", 404, "There is no resource at this path."), notFound);
        assertEquals(415, unsupported.status());
    }

    @Test
    public void methodNotAllowedKeepsTheAllowHeader() {
        Response response = http.toResponse(new NotAllowedException("not allowed", "GET", new String[] {"POST"}));

        assertEquals(405, response.getStatus());
        assertEquals(405, problem(response).status());
        assertTrue(response.getHeaderString("Allow"), response.getHeaderString("Allow").contains("POST"));
    }

    @Test
    public void ourProblemsPassThroughUnchanged() {
        ApiProblem conflict = ApiProblem.illegalState("it is over");

        assertSame(conflict.getResponse(), http.toResponse(conflict));
    }

    @Test
    public void serverErrorsAndOtherExceptionsAreGeneric500s() {
        Problem fromException = problem(unhandled.toResponse(new IllegalStateException("db password is hunter2")));
        Problem fromHttp = problem(http.toResponse(new WebApplicationException("boom", 503)));

        assertEquals(500, fromException.status());
        assertEquals(Problem.INTERNAL_ERROR, fromException.type());
        assertFalse(fromException.detail().contains("hunter2"));
        assertEquals(503, fromHttp.status());
        assertEquals("Service Unavailable", fromHttp.title());
        assertFalse(fromHttp.detail().contains("boom"));
    }

    /** Stands for Jetty's exception of a bad request body: a runtime exception with the status as {@code getCode()}. */
    public static final class BadMessageException extends RuntimeException {
        private final int code;

        BadMessageException(int code, String reason) {
            super(code + ": " + reason);
            this.code = code;
        }

        public int getCode() {
            return code;
        }
    }

    @Test
    public void aBodySentTooSlowlyIsA408NotA500() {
        RuntimeException wrapped = new RuntimeException(new java.io.IOException(new BadMessageException(408,
                "Request content data rate < 1024 B/s")));

        Problem problem = problem(unhandled.toResponse(wrapped));

        assertEquals(408, problem.status());
        assertEquals(Problem.BODY_TIMEOUT, problem.type());
    }

    @Test
    public void aBodyCutShortIsA400NotA500() {
        Problem early = problem(unhandled.toResponse(new RuntimeException(new java.io.EOFException("Early EOF"))));
        Problem bad = problem(unhandled.toResponse(new BadMessageException(400, "Bad content")));

        assertEquals(400, early.status());
        assertEquals(Problem.MALFORMED_BODY, early.type());
        assertEquals(400, bad.status());
    }

    @Test
    public void aReadAfterTheClientClosedMidBodyIsA400() {
        IllegalStateException terminated = new IllegalStateException("Parser is terminated: HttpParser{s=CLOSED,9 of 100}");
        terminated.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("org.eclipse.jetty.http.HttpParser", "parseNext", "HttpParser.java", 1500),
            new StackTraceElement("org.eclipse.jetty.server.HttpInput", "read", "HttpInput.java", 300)});

        assertEquals(400, problem(unhandled.toResponse(new RuntimeException(terminated))).status());
        assertEquals("the same exception from elsewhere is the server's", 500,
                problem(unhandled.toResponse(new IllegalStateException("Parser is terminated"))).status());
    }

    @Test
    public void otherExceptionsStayGeneric500s() {
        Problem problem = problem(unhandled.toResponse(new IllegalArgumentException("x")));

        assertEquals(500, problem.status());
    }

    @Test
    public void aProblemNeverEchoesMoreThanItsCapOfWhatTheClientSent() {
        String input = "x".repeat(900_000);

        Problem problem = ApiProblem.malformedBody("Unexpected character in " + input).problem();

        assertTrue(problem.detail().length() <= Problem.MAX_DETAIL_CHARS + 10);
        assertTrue(problem.detail().endsWith("(cut)"));
    }
}
