package org.dtp.rest;

import javax.ws.rs.WebApplicationException;
import javax.ws.rs.core.Response;

/**
 * Ends a request with a problem response. It carries its entity, so JAX-RS sends its response as it
 * is (and {@link WebApplicationExceptionMapper} passes it through unchanged).
 */
final class ApiProblem extends WebApplicationException {
    private static final long serialVersionUID = 1L;

    private ApiProblem(Problem problem) {
        super(problem.detail(), null, response(problem));
    }

    static Response response(Problem problem) {
        return Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem).build();
    }

    static ApiProblem malformedBody(String detail) {
        return new ApiProblem(new Problem(Problem.MALFORMED_BODY, "Malformed request body", 400, detail));
    }

    static ApiProblem invalidRequest(String detail) {
        return new ApiProblem(new Problem(Problem.INVALID_REQUEST, "Invalid request", 400, detail));
    }

    static ApiProblem invalidTransfer(String detail) {
        return new ApiProblem(new Problem(Problem.INVALID_TRANSFER, "Invalid transfer", 422, detail));
    }

    static ApiProblem notVerifiable(String detail) {
        return new ApiProblem(new Problem(Problem.NOT_VERIFIABLE, "Cannot verify at the destination", 422, detail));
    }

    static ApiProblem notFound(String detail) {
        return new ApiProblem(new Problem(Problem.NOT_FOUND, "Not found", 404, detail));
    }

    static ApiProblem illegalState(String detail) {
        return new ApiProblem(new Problem(Problem.ILLEGAL_STATE, "Conflict with the transfer's state", 409, detail));
    }

    /** 401, with the schemes the API accepts. */
    static ApiProblem unauthorized(String detail) {
        Problem problem = new Problem(Problem.UNAUTHORIZED, "Authentication required", 401, detail);
        return new ApiProblem(problem, Response.status(401).type(Problem.MEDIA_TYPE).entity(problem)
                .header("WWW-Authenticate", "Basic realm=\"dtp\", charset=\"UTF-8\"")
                .header("WWW-Authenticate", "Bearer realm=\"dtp\"").build());
    }

    static ApiProblem forbidden(String detail) {
        return new ApiProblem(new Problem(Problem.FORBIDDEN, "Forbidden", 403, detail));
    }

    static ApiProblem limitReached(String detail) {
        return new ApiProblem(new Problem(Problem.LIMIT_REACHED, "Limit reached", 429, detail));
    }

    /** 429 with Retry-After: too many failed logins of this user name or from this address. */
    static ApiProblem loginsThrottled(java.time.Duration wait) {
        long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
        Problem problem = new Problem(Problem.LIMIT_REACHED, "Too many failed logins", 429, "Too many failed logins of this "
                + "user or from this address: no login is checked, not even a right one, for " + seconds + " s.");
        return new ApiProblem(problem, Response.status(429).type(Problem.MEDIA_TYPE).entity(problem)
                .header("Retry-After", Long.toString(seconds)).build());
    }

    static ApiProblem bodyTooLarge(long max) {
        return new ApiProblem(new Problem(Problem.BODY_TOO_LARGE, "Request body too large", 413,
                "A request body may be at most " + max + " bytes."));
    }

    /** 413: an upload larger than the server takes, or than the owner's room left. */
    static ApiProblem uploadTooLarge(String detail) {
        return new ApiProblem(new Problem(Problem.BODY_TOO_LARGE, "Upload too large", 413, detail));
    }

    /** 507: the server's disk has not the room now. */
    static ApiProblem insufficientStorage(String detail) {
        return new ApiProblem(new Problem(Problem.INSUFFICIENT_STORAGE, "Insufficient storage", 507, detail));
    }

    private ApiProblem(Problem problem, Response response) {
        super(problem.detail(), null, response);
    }

    Problem problem() {
        return (Problem) getResponse().getEntity();
    }
}
